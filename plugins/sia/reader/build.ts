/**
 * NPK chapters → the project tree: a chapter becomes a group (item number `CCC.`, its type-1 title the short
 * text); inside it a heading (an NPK number without a unit record) becomes a group and a number with a unit
 * record (or quantity records) a position, nested by NPK digits (`hierarchy.ts`); item numbers `CCC.PPPPPP` (Kapitel, Leistungsposition).
 * Texts: variable 00 holds the whole short text (the type-2 record is it cut to 30 characters), variables 01–99
 * the long text, one paragraph per variable, its lines in line-number order joined with a blank (records are
 * 30-character pieces of running text). A heading's long text becomes a note text opening its group. A number
 * without a unit record that does not end in 0 and covers no number after it is a text entry, not a heading (NPK
 * headings end in 0: all 619 of the real tender janhajk/451 `lib/sia451.sample.01s`; this writer numbers the note
 * texts between positions so): it becomes a note text at its place, its type-2 text the title. A position's
 * type-6 records become its quantity components (one per object outline, the outline kept as
 * `siaObjectOutline`), so the quantity is their sum; a unit price stated in them is the position's unit price.
 */
import type {
  ElementDto, ItemNumberSchemaDto, NoteTextDto, PositionDto, ServiceSpecificationGroupDto,
} from '../../../core/model/types.js';
import { npkParents } from '../hierarchy.js';
import type { SiaReport } from '../report.js';
import type { OutlineQuantity, SiaChapter, SiaEntry } from './entries.js';

/** Kapitel (3 digits) . Leistungsposition (6 digits). */
export const SIA_ITEM_NUMBER_SCHEMA: ItemNumberSchemaDto = {
  separator: '.',
  tiers: [
    { length: 3, type: 'Numeric', tierType: 'Group', tierName: 'Kapitel' },
    { length: 6, type: 'Numeric', tierType: 'Position', tierName: 'Leistungsposition' },
  ],
};

/** An object outline of the B002 records: code (`01Aesc`) and name. */
export interface ObjectOutline {
  code: string;
  name: string;
}

/** A number with a unit record, or with quantity records (a unit record missing), is a position; else a heading. */
const isPosition = (e: SiaEntry): boolean => e.hasUnit || e.quantities.length > 0;

/** Runs of blanks (records pad and indent their text) as one blank. */
const joinText = (parts: Iterable<string>): string => [...parts].join(' ').replace(/\s+/g, ' ').trim();

/** The lines of one variable in line-number order, joined. */
const variableText = (lines: Map<number, string>): string => joinText([...lines].sort((a, b) => a[0] - b[0]).map(([, t]) => t));

/** Short text (variable 00, else the type-2 record) and long text (variables 01–99, one paragraph each). */
function texts(entry: SiaEntry): { shortText: string; longText: string } {
  const vars = [...entry.variables].sort((a, b) => a[0] - b[0]);
  const short = entry.variables.get(0);
  const shortText = (short && variableText(short)) || (entry.title ?? '');
  const longText = vars.filter(([v]) => v > 0).map(([, lines]) => variableText(lines)).filter((p) => p !== '').join('\n');
  return { shortText, longText };
}

/** The quantity components of a position, one per type-6 record with a quantity. */
function components(quantities: readonly OutlineQuantity[], outlines: ReadonlyMap<string, string>) {
  return quantities.filter((q) => q.quantity !== undefined).map((q) => ({
    description: q.outline === '' ? '' : (outlines.get(q.outline) ?? q.outline),
    formula: String(q.quantity),
    ...(q.outline ? { siaObjectOutline: q.outline } : {}),
  }));
}

function position(entry: SiaEntry, outlines: ReadonlyMap<string, string>, report: SiaReport): PositionDto {
  const { shortText, longText } = texts(entry);
  const itemNumber = `${entry.chapter}.${entry.number}`;
  const prices = [...new Set(entry.quantities.map((q) => q.unitPrice).filter((p): p is number => p !== undefined))];
  if (prices.length > 1) {
    report.report('SIA_RECORD_DROPPED', 'warning', `The object outlines state different unit prices (${prices.join(', ')}); the first was read.`, itemNumber);
  }
  const p: PositionDto = {
    elementTypeDiscriminator: 'PositionDto',
    itemNumber: { stringRepresentation: itemNumber },
    shortText,
    unitTag: entry.unit,
    quantityComponents: components(entry.quantities, outlines),
  };
  if (longText) p.longText = longText;
  if (entry.unit === 'gl') p.isLumpSum = true; // global: a lump sum (GAEB LumpSumItem)
  if (prices.length > 0) p.unitPriceOverride = prices[0];
  return p;
}

/** A text entry (see the module comment): a note text with its title as short text. */
function textEntry(entry: SiaEntry): NoteTextDto {
  const { shortText, longText } = texts(entry);
  const note: NoteTextDto = { elementTypeDiscriminator: 'NoteTextDto', longText };
  if (shortText) note.shortText = shortText;
  return note;
}

function heading(entry: SiaEntry): ServiceSpecificationGroupDto {
  const { shortText, longText } = texts(entry);
  const g: ServiceSpecificationGroupDto = {
    elementTypeDiscriminator: 'ServiceSpecificationGroupDto',
    itemNumber: { stringRepresentation: `${entry.chapter}.${entry.number}.` },
    shortText,
    elements: [],
  };
  if (longText) g.elements!.push({ elementTypeDiscriminator: 'NoteTextDto', longText } satisfies NoteTextDto);
  return g;
}

/** The groups of the chapters, with their headings and positions nested. */
export function buildElements(chapters: readonly SiaChapter[], outlines: ReadonlyMap<string, string>, report: SiaReport): ElementDto[] {
  return chapters.map((c) => {
    const group: ServiceSpecificationGroupDto = {
      elementTypeDiscriminator: 'ServiceSpecificationGroupDto',
      itemNumber: { stringRepresentation: `${c.chapter}.` },
      shortText: c.title,
      elements: [],
      ...(c.edition ? { siaNpkEdition: c.edition } : {}),
    };
    const parents = npkParents(c.entries.map((e) => ({ number: e.number, heading: !isPosition(e) })));
    const covering = new Set(parents);
    const built = c.entries.map((e, i) => {
      if (isPosition(e)) return position(e, outlines, report);
      return !e.number.endsWith('0') && !covering.has(i) ? textEntry(e) : heading(e);
    });
    built.forEach((element, i) => {
      const parent = parents[i] < 0 ? group : (built[parents[i]] as ServiceSpecificationGroupDto); // a text entry covers none
      parent.elements!.push(element);
    });
    return group;
  });
}
