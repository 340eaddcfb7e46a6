/**
 * Item numbers → NPK chapter and 6-digit position numbers for the SIA 451 writer.
 *
 * Top-level groups are chapters (their first identifier when it is a number of up to 3 digits and unused, else
 * the lowest free one); positions outside any group go into a chapter of their own at their place (one for each run
 * of them between groups, with the lowest free number; the reader keeps the file's order). Inside a chapter the item
 * numbers are kept when every heading (group) and position has one whose last part is 6 digits, all differ, and they
 * read back as the same tree (`npkParents`: headings cover the numbers starting with their digits before the
 * trailing zeros). Otherwise the chapter is numbered afresh: headings two digits per level (never ending in 0, so
 * that their prefix is exact; two levels, deeper groups are dissolved into their parent), positions after them.
 * Every changed number is reported (`SIA_ITEM_NUMBER_CHANGED`, info, old → new).
 *
 * Note texts inside a chapter (all but the one opening a heading's group, which is the heading's long text) are text
 * entries at their place: numbers without a unit record, as NPK headings are, but never ending in 0, so that they
 * cover no number after them (`hierarchy.ts`) and read back as note texts (`reader/build.ts`). With kept numbers a
 * text entry takes the next number after the entry before it (skipping those ending in 0), which has to come before
 * the entry after it, else the chapter is numbered afresh; numbered afresh it takes the next number in sequence with
 * the positions. Note texts outside any chapter (SIA 451 numbers none) are text entries at their place in the chapter
 * of the positions outside any group they stand among; others at the start of the next chapter, after the last
 * chapter at the end of the last (reported, `SIA_NOTES_AS_ENTRIES`).
 */
import { targetError } from '../../../core/errors.js';
import { splitItemNumber } from '../../../core/model/item-numbers.js';
import {
  type ElementDto, isExecutionDescription, isGroup, isNoteText, isPosition, type NoteTextDto, type PositionDto,
  type ServiceSpecificationGroupDto,
} from '../../../core/model/types.js';
import { npkParents } from '../hierarchy.js';
import type { SiaReport } from '../report.js';

/** A heading, position or text entry to write, with its NPK number. */
export interface NumberedEntry {
  number: string;
  /** A heading (group), a position or a text entry (note text). */
  element: ServiceSpecificationGroupDto | PositionDto | NoteTextDto;
  /** The note text opening a heading's group: written as the heading's long text. */
  note?: NoteTextDto;
}

export interface NumberedChapter {
  chapter: string;
  group?: ServiceSpecificationGroupDto;
  entries: NumberedEntry[];
}

interface Node {
  element: ServiceSpecificationGroupDto | PositionDto | NoteTextDto;
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
    /** A chapter of its own for a run of positions outside any group (with the note texts among them), at its place. */
    const looseChapter = (run: readonly ElementDto[]): void => {
      const chapter = free();
      used.add(chapter);
      const notes = run.filter(isNoteText);
      if (notes.length > 0) this.movedNotes(notes, chapter, true);
      out.push({ chapter, entries: this.entries(chapter, run) });
    };
    // elements outside any group, run by run between the groups: a run holding a position is a chapter of its own at
    // its place; a run of note texts only goes to the start of the next chapter, after the last group to its end
    let lastGroup = -1;
    elements.forEach((e, i) => { if (isGroup(e)) lastGroup = i; });
    const tail = elements.slice(lastGroup + 1).filter((e) => isPosition(e) || isNoteText(e));
    const tailIsChapter = lastGroup < 0 || tail.some(isPosition);
    const trailing = tailIsChapter ? [] : tail.filter(isNoteText);
    let run: ElementDto[] = [];
    let groupIndex = 0;
    elements.forEach((e, i) => {
      if (isExecutionDescription(e)) this.dropped('An execution description outside any group');
      else if ((isPosition(e) || isNoteText(e)) && i < lastGroup) run.push(e);
      if (!isGroup(e)) return;
      let leading: NoteTextDto[] = [];
      if (run.some(isPosition)) looseChapter(run);
      else leading = run.filter(isNoteText);
      run = [];
      let chapter = wanted[groupIndex++];
      if (chapter === undefined || used.has(chapter)) {
        chapter = free();
        this.changed(itemNumberOf(e), `${chapter}.`);
      }
      used.add(chapter);
      const moved = i === lastGroup ? [...leading, ...trailing] : leading;
      if (moved.length > 0) this.movedNotes(moved, chapter, i === lastGroup && trailing.length > 0);
      out.push({ chapter, group: e, entries: this.entries(chapter, e.elements ?? [], e, leading, i === lastGroup ? trailing : []) });
    });
    if (tailIsChapter && tail.length > 0) looseChapter(tail);
    return out;
  }

  /** Reports note texts outside any chapter written as text entries of `chapter` (at its start or end). */
  private movedNotes(notes: readonly NoteTextDto[], chapter: string, someAtEnd: boolean): void {
    const titles = notes.map((n) => (n.shortText ? `'${n.shortText}'` : 'untitled')).join(', ');
    this.report.report('SIA_NOTES_AS_ENTRIES', 'info', `${notes.length} note text(s) outside any group (${titles}) were written as text entries of chapter ${chapter}${someAtEnd ? '' : ', at its start'}: SIA 451 numbers text entries inside a chapter only.`, `${chapter}.`);
  }

  private changed(from: string, to: string): void {
    this.report.report('SIA_ITEM_NUMBER_CHANGED', 'info', `The item number '${from}' does not map onto an NPK chapter and position number; it was written as '${to}'.`, from || undefined);
  }

  /** Reports an element SIA 451 has no record for (`what`, with its place). */
  private dropped(what: string, where?: string): void {
    this.report.report('SIA_ELEMENT_DROPPED', 'warning', `${what} has no SIA 451 record; it was not written.`, where);
  }

  /** `parent`: the group holding `elements` (a chapter or heading), whose execution descriptions are reported. */
  private tree(elements: readonly ElementDto[], parent: ServiceSpecificationGroupDto): Node[] {
    return elements.flatMap((e): Node[] => {
      if (isPosition(e) || isNoteText(e)) return [{ element: e, children: [] }];
      if (isExecutionDescription(e)) {
        const where = itemNumberOf(parent) || undefined;
        this.dropped(`An execution description in group '${where ?? ''}'`, where);
        return [];
      }
      if (!isGroup(e)) return [];
      const children = e.elements ?? [];
      const note = children[0] && isNoteText(children[0]) ? children[0] : undefined;
      return [{ element: e, note, children: this.tree(note ? children.slice(1) : children, e) }];
    });
  }

  /**
   * The headings, positions and text entries of one chapter (`group`; none: the chapter of the positions and note
   * texts outside any group), numbered; `leading` and `trailing`: note texts outside any group written before and
   * after its own.
   */
  private entries(chapter: string, elements: readonly ElementDto[], group?: ServiceSpecificationGroupDto, leading: readonly NoteTextDto[] = [], trailing: readonly NoteTextDto[] = []): NumberedEntry[] {
    const leaf = (e: PositionDto | NoteTextDto): Node => ({ element: e, children: [] });
    const own = group ? this.tree(elements, group) : elements.flatMap((e) => (isPosition(e) || isNoteText(e) ? [leaf(e)] : []));
    const nodes = [...leading.map(leaf), ...own, ...trailing.map(leaf)];
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
      if (isNoteText(node.element)) return null;
      const parts = partsOf(node.element, this.separator);
      const last = parts[parts.length - 1] ?? '';
      return parts.length === 2 && parts[0].padStart(3, '0') === chapter && /^\d{6}$/.test(last) ? last : undefined;
    });
    if (numbers.some((n) => n === undefined) || !textEntryNumbers(numbers)) return undefined;
    if (new Set(numbers).size !== numbers.length) return undefined;
    const parents = npkParents(flat.map(({ node }, i) => ({ number: numbers[i]!, heading: !isPosition(node.element) })));
    if (parents.some((p, i) => p !== flat[i].parent)) return undefined;
    // a heading not ending in 0 that covers nothing would read back as a text entry
    if (flat.some(({ node }, i) => isGroup(node.element) && !endsInZero(numbers[i]!) && !parents.includes(i))) return undefined;
    return flat.map(({ node }, i) => ({ number: numbers[i]!, element: node.element, note: node.note }));
  }

  /** Numbers a chapter afresh (see the module comment), reporting every number that changed. */
  private renumbered(chapter: string, nodes: readonly Node[]): NumberedEntry[] {
    const out: NumberedEntry[] = [];
    const number = (node: Node, value: string) => {
      const suffix = isGroup(node.element) ? '.' : '';
      const written = `${chapter}.${value}${suffix}`;
      const own = isNoteText(node.element) ? undefined : itemNumberOf(node.element);
      // a note text has no number of its own: the numbers of text entries are reported apart (SIA_NOTES_AS_ENTRIES)
      if (own !== undefined && own !== written) this.changed(own, written);
      out.push({ number: value, element: node.element, note: node.note });
    };
    const place = (list: readonly Node[], prefix: string, level: number) => {
      const flattened = this.dissolve(list, level);
      const headings = flattened.filter((n) => isGroup(n.element));
      const sequence = sequenceNumbers(flattened.filter((n) => !isGroup(n.element)));
      const rest = 6 - prefix.length - (headings.length > 0 ? LEVEL_DIGITS : 0);
      const last = sequence.at(-1) ?? 0;
      if (headings.length > HEADING_SLOTS.length || last >= 10 ** rest) {
        throw targetError(`Chapter ${chapter} of the SIA 451 file cannot number ${headings.length} headings and ${sequence.length} positions and text entries in one group (${HEADING_SLOTS.length} headings, ${10 ** rest - 1} numbers at most).`, chapter);
      }
      let h = 0;
      let p = 0;
      for (const node of flattened) {
        if (isGroup(node.element)) {
          const own = prefix + HEADING_SLOTS[h++];
          number(node, own.padEnd(6, '0'));
          place(node.children, own, level + 1);
        } else {
          number(node, prefix + (headings.length > 0 ? '0'.repeat(LEVEL_DIGITS) : '') + String(sequence[p++]).padStart(rest, '0'));
        }
      }
    };
    place(nodes, '', 1);
    return out;
  }

  /**
   * Groups below the last heading level are not written: their children take their place, the note text opening
   * such a group a text entry before them (reported).
   */
  private dissolve(list: readonly Node[], level: number): Node[] {
    if (level <= MAX_HEADING_LEVELS) return [...list];
    return list.flatMap((n) => {
      if (!isGroup(n.element)) return [n];
      this.report.report(
        'SIA_ELEMENT_DROPPED', 'warning',
        `The group '${itemNumberOf(n.element)}' is nested deeper than the ${MAX_HEADING_LEVELS} heading levels the numbering gives; its heading was not written, its positions and note texts were.`,
        itemNumberOf(n.element) || undefined,
      );
      const opening: Node[] = n.note ? [{ element: n.note, children: [] }] : [];
      return [...opening, ...this.dissolve(n.children, level)];
    });
  }
}

/** Whether a number read back without a unit record would be a heading covering the numbers after it. */
const endsInZero = (n: number | string): boolean => String(n).endsWith('0');

/**
 * Sequence numbers (1, 2, …) of the positions and text entries of one group numbered afresh, a text entry's never
 * ending in 0 (the number is skipped).
 */
function sequenceNumbers(nodes: readonly Node[]): number[] {
  let n = 0;
  return nodes.map((node) => {
    n++;
    if (isNoteText(node.element) && endsInZero(n)) n++;
    return n;
  });
}

/**
 * Fills in the numbers of the text entries (`null`) of a chapter with kept numbers: each the next number after the
 * entry before it that does not end in 0; false when that is not before the next kept number (no room: the
 * chapter is numbered afresh) or past 999999.
 */
function textEntryNumbers(numbers: (string | null | undefined)[]): boolean {
  for (let i = 0; i < numbers.length; i++) {
    if (numbers[i] !== null) continue;
    let n = i > 0 ? Number(numbers[i - 1]) + 1 : 1;
    if (endsInZero(n)) n++;
    const next = numbers.slice(i + 1).find((x) => x !== null);
    if (n > 999_999 || (next !== undefined && n >= Number(next))) return false;
    numbers[i] = String(n).padStart(6, '0');
  }
  return true;
}

