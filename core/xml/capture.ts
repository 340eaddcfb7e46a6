/**
 * A small element subtree kept as plain data while a streaming reader goes on: a reader that meets a table it keeps
 * as read (a few dozen elements of a header, say) hands the subtree's events to a {@link SubtreeCapture} instead of
 * giving each of its elements a state of its own, and reads the finished {@link CapturedElement} afterwards. Names
 * are local names (prefixes stripped by the caller); text is the concatenated character data of an element, trimmed.
 * Texts and attribute values are detached from the parser's chunks (`core/text/detached.ts`), so that a kept table
 * does not keep the chunks alive. Not for large content: the whole subtree stays in memory until it is read.
 */
import { detached } from '../text/detached.js';

const copied = (attrs: Record<string, string>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(attrs)) out[detached(k)] = detached(v);
  return out;
};

/** One captured element: its local name, attributes, trimmed text and child elements in document order. */
export interface CapturedElement {
  name: string;
  attrs: Record<string, string>;
  text: string;
  children: CapturedElement[];
}

/** Collects one subtree from start-tag, text and end-tag events (see the module comment). */
export class SubtreeCapture {
  private readonly open: CapturedElement[] = [];
  private root: CapturedElement | undefined;

  /** Starts a new subtree at its root element. */
  start(name: string, attrs: Record<string, string>): void {
    this.root = { name: detached(name), attrs: copied(attrs), text: '', children: [] };
    this.open.length = 0;
    this.open.push(this.root);
  }

  /** A start tag inside the subtree. */
  element(name: string, attrs: Record<string, string>): void {
    const e: CapturedElement = { name: detached(name), attrs: copied(attrs), text: '', children: [] };
    this.open[this.open.length - 1]?.children.push(e);
    this.open.push(e);
  }

  /** Character data inside the subtree. */
  text(t: string): void {
    const e = this.open[this.open.length - 1];
    if (e !== undefined) e.text += t;
  }

  /** An end tag inside the subtree (not the root's: see {@link finish}). */
  close(): void {
    const e = this.open.pop();
    if (e !== undefined) e.text = detached(e.text.trim());
  }

  /** The root's end tag: the finished subtree. */
  finish(): CapturedElement {
    const root = this.root!;
    root.text = detached(root.text.trim());
    this.open.length = 0;
    this.root = undefined;
    return root;
  }
}

/** The first child of `e` named `name`. */
export const childNamed = (e: CapturedElement, name: string): CapturedElement | undefined => e.children.find((c) => c.name === name);

/** The children of `e` named `name`. */
export const childrenNamed = (e: CapturedElement, name: string): CapturedElement[] => e.children.filter((c) => c.name === name);
