/**
 * NPK chapters → the project tree: a chapter becomes a group (item number `CCC.`, its type-1 title the short
 * text); inside it a heading (an NPK number without a unit record) becomes a group and a number with a unit
 * record (or quantity records) a position, nested by NPK digits (`hierarchy.ts`); item numbers `CCC.PPPPPP` (Kapitel, Leistungsposition).
 * Texts: the type-2 record is the short text, cut to 30 characters; variables 00–99 (type-3 lines) the text, one
 * paragraph per variable, its lines in line-number order joined with a blank (records are 30-character pieces of
 * running text). Variable 00 is read as the whole short text when it is one — it begins with the type-2 text and has
 * at most 70 characters (a short text's length in GAEB, record 25) or its first line is the type-2 text, as this
 * plugin's writer writes a short text longer than a record — and else as the first paragraph of the long text: the
 * real BauPlus tender
 * janhajk/451 `lib/sia451.sample.01s` states the position's text there, up to 637 characters, and 41 of its 76
 * numbers with variable 00 have a type-2 text that does not begin it (`Fundament Typ DP1/1.5` over `Mastfundament
 * Typ DP1/1.7`). A heading's long text becomes a note text opening its group. A number
 * without a unit record that does not end in 0 and covers no number after it is a text entry, not a heading (NPK
 * headings end in 0: all 619 of the real tender janhajk/451 `lib/sia451.sample.01s`; this writer numbers the note
 * texts between positions so): it becomes a note text at its place, its type-2 text the title. A position's
 * type-6 records become its quantity components (one per object outline, the outline kept as
 * `siaObjectOutline`, the record's KAG code as `siaKag`), so the quantity is their sum; a unit price stated in them
 * is the position's unit price.
 */
import type {
  ElementDto, ItemNumberSchemaDto, NoteTextDto, PositionDto, ServiceSpecificationGroupDto,
} from '../../../core/model/types.js';
import { npkParents } from '../hierarchy.js';
import type { SiaReport } from '../report.js';
import type { OutlineQuantity, SiaChapter, SiaEntry } from './entries.js';
import { isWholeShortText, joinText } from '../short-text.js';

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

/** The lines of one variable in line-number order. */
const sortedLines = (lines: Map<number, string>): string[] => [...lines].sort((a, b) => a[0] - b[0]).map(([, t]) => t);

/** The lines of one variable in line-number order, joined. */
const variableText = (lines: Map<number, string>): string => joinText(sortedLines(lines));

/**
 * An entry's texts; `variables`: the variable number of each long-text paragraph, when they are not 01, 02, … (a
 * file that skips numbers, or a long text beginning with variable 00), kept as `siaTextVariables` so that the
 * writer gives each paragraph its number again.
 */
interface EntryTexts {
  shortText: string;
  longText: string;
  variables?: number[];
}

/**
 * Short text and long text (one paragraph a variable) of an entry: variable 00 as the whole short text
 * (`isWholeShortText`), else as the long text's first paragraph beside the type-2 short text.
 */
function texts(entry: SiaEntry): EntryTexts {
  const vars = [...entry.variables].sort((a, b) => a[0] - b[0]);
  const title = joinText([entry.title ?? '']);
  const first = entry.variables.get(0);
  const v0Lines = first ? sortedLines(first) : [];
  const v0 = joinText(v0Lines);
  const paragraphs = vars.filter(([v]) => v > 0).map(([v, lines]): [number, string] => [v, variableText(lines)]).filter(([, p]) => p !== '');
  const whole = v0 === '' || isWholeShortText(v0Lines, v0, title);
  const long = whole ? paragraphs : [[0, v0] as [number, string], ...paragraphs];
  const variables = long.map(([v]) => v);
  return {
    shortText: whole && v0 !== '' ? v0 : title,
    longText: long.map(([, p]) => p).join('\n'),
    ...(variables.some((v, i) => v !== i + 1) ? { variables } : {}),
  };
}

/** The quantity components of a position, one per type-6 record with a quantity. */
function components(quantities: readonly OutlineQuantity[], outlines: ReadonlyMap<string, string>) {
  return quantities.filter((q) => q.quantity !== undefined).map((q) => ({
    description: q.outline === '' ? '' : (outlines.get(q.outline) ?? q.outline),
    formula: String(q.quantity),
    ...(q.outline ? { siaObjectOutline: q.outline } : {}),
    ...(q.kag ? { siaKag: q.kag } : {}),
  }));
}

function position(entry: SiaEntry, outlines: ReadonlyMap<string, string>, report: SiaReport): PositionDto {
  const { shortText, longText, variables } = texts(entry);
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
  if (variables) p.siaTextVariables = variables;
  if (entry.unit === 'gl') p.isLumpSum = true; // global: a lump sum (GAEB LumpSumItem)
  if (prices.length > 0) p.unitPriceOverride = prices[0];
  return p;
}

/** A text entry (see the module comment): a note text with its title as short text. */
function textEntry(entry: SiaEntry): NoteTextDto {
  const { shortText, longText, variables } = texts(entry);
  const note: NoteTextDto = { elementTypeDiscriminator: 'NoteTextDto', longText };
  if (shortText) note.shortText = shortText;
  if (variables) note.siaTextVariables = variables;
  return note;
}

function heading(entry: SiaEntry): ServiceSpecificationGroupDto {
  const { shortText, longText, variables } = texts(entry);
  const g: ServiceSpecificationGroupDto = {
    elementTypeDiscriminator: 'ServiceSpecificationGroupDto',
    itemNumber: { stringRepresentation: `${entry.chapter}.${entry.number}.` },
    shortText,
    elements: [],
  };
  if (longText) g.elements!.push({ elementTypeDiscriminator: 'NoteTextDto', longText, ...(variables ? { siaTextVariables: variables } : {}) } satisfies NoteTextDto);
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
