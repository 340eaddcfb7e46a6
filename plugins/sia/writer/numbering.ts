/**
 * Item numbers → NPK chapter and 6-digit position numbers for the SIA 451 writer.
 *
 * Top-level groups are chapters (their first identifier when it is a number of up to 3 digits and unused, else
 * the lowest free one); top-level positions go into one more chapter. Inside a chapter the item numbers are kept
 * when every heading (group) and position has one whose last part is 6 digits, all differ, and they read back as
 * the same tree (`npkParents`: headings cover the numbers starting with their digits before the trailing zeros).
 * Otherwise the chapter is numbered afresh: headings two digits per level (never ending in 0, so that their
 * prefix is exact; two levels, deeper groups are dissolved into their parent), positions after them. Every changed
 * number is reported (`SIA_ITEM_NUMBER_CHANGED`, info, old → new).
 */
import { targetError } from '../../../core/errors.js';
import { splitItemNumber } from '../../../core/model/item-numbers.js';
import {
  type ElementDto, isExecutionDescription, isGroup, isNoteText, isPosition, type NoteTextDto, type PositionDto,
  type ServiceSpecificationGroupDto,
} from '../../../core/model/types.js';
import { npkParents } from '../hierarchy.js';
import type { SiaReport } from '../report.js';

/** A heading or position to write, with its NPK number. */
export interface NumberedEntry {
  number: string;
  element: ServiceSpecificationGroupDto | PositionDto;
  /** The note text opening a heading's group: written as the heading's long text. */
  note?: NoteTextDto;
}

export interface NumberedChapter {
  chapter: string;
  group?: ServiceSpecificationGroupDto;
  entries: NumberedEntry[];
}

interface Node {
  element: ServiceSpecificationGroupDto | PositionDto;
  note?: NoteTextDto;
  children: Node[];
}

const itemNumberOf = (e: { itemNumber?: { stringRepresentation?: string } }): string => e.itemNumber?.stringRepresentation ?? '';
const partsOf = (e: { itemNumber?: { stringRepresentation?: string } }, separator: string): string[] =>
  splitItemNumber(itemNumberOf(e), separator).filter((p) => p !== '');

/** Heading digits per level when numbering afresh, and the levels of headings. */
const LEVEL_DIGITS = 2;
const MAX_HEADING_LEVELS = 2;
/** Two-digit heading numbers that do not end in 0 (01–09, 11–19 … 91–99). */
const HEADING_SLOTS = Array.from({ length: 99 }, (_, i) => String(i + 1).padStart(2, '0')).filter((s) => !s.endsWith('0'));

export class SiaNumbering {
  constructor(private readonly report: SiaReport, private readonly separator: string) {}

  /** The chapters of a service specification's top-level elements. */
  chapters(elements: readonly ElementDto[]): NumberedChapter[] {
    const used = new Set<string>();
    const wanted = elements.filter(isGroup).map((g) => {
      const first = partsOf(g, this.separator)[0] ?? '';
      return /^\d{1,3}$/.test(first) ? first.padStart(3, '0') : undefined;
    });
    const free = () => {
      for (let n = 1; n < 1000; n++) {
        const c = String(n).padStart(3, '0');
        if (!used.has(c) && !wanted.includes(c)) return c;
      }
      throw targetError('SIA 451 holds at most 999 NPK chapters; the project has more top-level groups.');
    };
    const out: NumberedChapter[] = [];
    const loose: ElementDto[] = [];
    let groupIndex = 0;
    for (const e of elements) {
      if (!isGroup(e)) {
        loose.push(e);
        continue;
      }
      let chapter = wanted[groupIndex++];
      if (chapter === undefined || used.has(chapter)) {
        chapter = free();
        this.changed(itemNumberOf(e), `${chapter}.`);
      }
      used.add(chapter);
      this.dropNotes(e.elements ?? [], undefined, e);
      out.push({ chapter, group: e, entries: this.entries(chapter, e.elements ?? []) });
    }
    const loosePositions = loose.filter((e) => isPosition(e) || isGroup(e));
    this.dropNotes(loose, undefined);
    if (loosePositions.length > 0) {
      const chapter = free();
      out.push({ chapter, entries: this.entries(chapter, loosePositions) });
    }
    return out;
  }

  private changed(from: string, to: string): void {
    this.report.report('SIA_ITEM_NUMBER_CHANGED', 'info', `The item number '${from}' does not map onto an NPK chapter and position number; it was written as '${to}'.`, from || undefined);
  }

  /** Reports the note texts and execution descriptions SIA 451 has no record for (all but a group's first note). */
  private dropNotes(elements: readonly ElementDto[], kept: NoteTextDto | undefined, parent?: ServiceSpecificationGroupDto): void {
    const where = parent ? itemNumberOf(parent) || undefined : undefined;
    for (const e of elements) {
      if ((isNoteText(e) && e !== kept) || isExecutionDescription(e)) {
        const what = isNoteText(e) ? `A note text${e.shortText ? ` ('${e.shortText}')` : ''}` : 'An execution description';
        const place = where ? ` in group '${where}'` : ' outside any group';
        this.report.report('SIA_ELEMENT_DROPPED', 'warning', `${what}${place} has no SIA 451 record unless it opens a heading's group; it was not written.`, where);
      }
    }
  }

  private tree(elements: readonly ElementDto[]): Node[] {
    return elements.flatMap((e): Node[] => {
      if (isPosition(e)) return [{ element: e, children: [] }];
      if (!isGroup(e)) return [];
      const children = e.elements ?? [];
      const note = children[0] && isNoteText(children[0]) ? children[0] : undefined;
      this.dropNotes(children, note, e);
      return [{ element: e, note, children: this.tree(children) }];
    });
  }

  /** The headings and positions of one chapter, numbered. */
  private entries(chapter: string, elements: readonly ElementDto[]): NumberedEntry[] {
    const nodes = this.tree(elements);
    return this.kept(chapter, nodes) ?? this.renumbered(chapter, nodes);
  }

  /** The chapter's own numbers, when all are usable and read back as the same tree. */
  private kept(chapter: string, nodes: readonly Node[]): NumberedEntry[] | undefined {
    const flat: { node: Node; parent: number }[] = [];
    const walk = (list: readonly Node[], parent: number) => {
      for (const node of list) {
        const index = flat.length;
        flat.push({ node, parent });
        walk(node.children, index);
      }
    };
    walk(nodes, -1);
    const numbers = flat.map(({ node }) => {
      const parts = partsOf(node.element, this.separator);
      const last = parts[parts.length - 1] ?? '';
      return parts.length === 2 && parts[0].padStart(3, '0') === chapter && /^\d{6}$/.test(last) ? last : undefined;
    });
    if (numbers.some((n) => n === undefined) || new Set(numbers).size !== numbers.length) return undefined;
    const parents = npkParents(flat.map(({ node }, i) => ({ number: numbers[i]!, heading: isGroup(node.element) })));
    if (parents.some((p, i) => p !== flat[i].parent)) return undefined;
    return flat.map(({ node }, i) => ({ number: numbers[i]!, element: node.element, note: node.note }));
  }

  /** Numbers a chapter afresh (see the module comment), reporting every number that changed. */
  private renumbered(chapter: string, nodes: readonly Node[]): NumberedEntry[] {
    const out: NumberedEntry[] = [];
    const number = (node: Node, value: string) => {
      const suffix = isGroup(node.element) ? '.' : '';
      const written = `${chapter}.${value}${suffix}`;
      if (itemNumberOf(node.element) !== written) this.changed(itemNumberOf(node.element), written);
      out.push({ number: value, element: node.element, note: node.note });
    };
    const place = (list: readonly Node[], prefix: string, level: number) => {
      const flattened = this.dissolve(list, level);
      const headings = flattened.filter((n) => isGroup(n.element));
      const positions = flattened.length - headings.length;
      const rest = 6 - prefix.length - (headings.length > 0 ? LEVEL_DIGITS : 0);
      if (headings.length > HEADING_SLOTS.length || positions >= 10 ** rest) {
        throw targetError(`Chapter ${chapter} of the SIA 451 file cannot number ${headings.length} headings and ${positions} positions in one group (${HEADING_SLOTS.length} headings, ${10 ** rest - 1} positions at most).`, chapter);
      }
      let h = 0;
      let p = 0;
      for (const node of flattened) {
        if (isGroup(node.element)) {
          const own = prefix + HEADING_SLOTS[h++];
          number(node, own.padEnd(6, '0'));
          place(node.children, own, level + 1);
        } else {
          number(node, prefix + (headings.length > 0 ? '0'.repeat(LEVEL_DIGITS) : '') + String(++p).padStart(rest, '0'));
        }
      }
    };
    place(nodes, '', 1);
    return out;
  }

  /** Groups below the last heading level are not written: their children take their place (reported). */
  private dissolve(list: readonly Node[], level: number): Node[] {
    if (level <= MAX_HEADING_LEVELS) return [...list];
    return list.flatMap((n) => {
      if (!isGroup(n.element)) return [n];
      this.report.report(
        'SIA_ELEMENT_DROPPED', 'warning',
        `The group '${itemNumberOf(n.element)}' is nested deeper than the ${MAX_HEADING_LEVELS} heading levels the numbering gives; its heading was not written, its positions were.`,
        itemNumberOf(n.element) || undefined,
      );
      return this.dissolve(n.children, level);
    });
  }
}

