/**
 * Numbers of the ÖNORM outline: the two-character numbers of groups and Grundtextnummern (`lgnr.type` …
 * `gtnr.type`: two characters, here `[A-Z0-9]`), the entries of a ULG under their `grundtextnr` as
 * `ungeteilteposition[@mfv]` or `folgeposition[@ftnr][@mfv]` (`ftnr` one letter A–Z, `mfv` a digit 1–9 or empty),
 * and the positions of an LV without outline (`posnrfrei.type`); with TryRepairProjectStructure, what does not fit is
 * numbered anew, each change reported (2009 `onlv.xsd`, `ontypdef.xsd`).
 */
import { targetError } from '../../../core/errors.js';
import { isNoteText, isPosition, type ElementDto, type NoteTextDto, type PositionDto, type ServiceSpecificationGroupDto } from '../../../core/model/types.js';
import type { OenormWriterContext } from './context.js';
import { placeNotesBetween, reportNotesBetween } from './notes-between.js';
import type { Entry, PlanEntry, PlanGroup, PlanGtnr } from './structure.js';

export const KEY2 = /^[A-Z0-9]{2}$/;
const POSFREI = /^[A-Z0-9.-]{1,12}$/;
const INDEX = /^([A-Z]?)([1-9]?)$/;
export const REPAIR_HINT = 'set TryRepairProjectStructure=true to map the structure onto LG/ULG levels and renumber';

/** The number of an element as the project has it (a note text entry: the ÖNORM number kept by the reader). */
export const numberOf = (e: ElementDto): string =>
  (isNoteText(e) ? (e.oenormNoteTextProperties?.itemNumber as string | undefined) : (e as PositionDto | ServiceSpecificationGroupDto).itemNumber?.stringRepresentation) ?? '';

/** The two-character numbers in order: 01 … 99, then A0 … ZZ. */
export function* numbers(): Generator<string> {
  for (let i = 1; i <= 99; i++) yield String(i).padStart(2, '0');
  const chars = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (const a of chars.slice(10)) for (const b of chars) yield a + b;
}

/**
 * The next number of `gen` not in `used` (then added to it).
 * @throws GatewayError GW_ERR_TARGET_CONSTRAINT (400) when the numbers run out
 */
export function nextFree(used: Set<string>, gen: Generator<string>, where: string): string {
  for (;;) {
    const n = gen.next();
    if (n.done) throw targetError(`${where}: more elements on one level than ÖNORM's two-character numbers allow`, where);
    if (!used.has(n.value)) {
      used.add(n.value);
      return n.value;
    }
  }
}

/** Grundtextnummer, Folgetext letter and Mehrfachverwendung of an entry, or undefined when they do not fit. */
function entryParts(element: Entry, depth: number): { gt: string; ftnr?: string; mfv: string } | undefined {
  const props = (isPosition(element) ? element.oenormPositionProperties : element.oenormNoteTextProperties) as Record<string, unknown> | undefined;
  let gt: string | undefined;
  let ftnr: string | undefined;
  let mfv = '';
  if (typeof props?.grundtextnr === 'string') {
    gt = props.grundtextnr;
    ftnr = typeof props.ftnr === 'string' && props.ftnr !== '' ? props.ftnr : undefined;
    mfv = typeof props.mfv === 'string' ? props.mfv : '';
  } else {
    const ids = isPosition(element) && element.itemNumber?.identifiers
      ? element.itemNumber.identifiers
      : numberOf(element).split('.').filter((s) => s !== '');
    const rest = ids.slice(depth);
    if (rest.length < 1 || rest.length > 2) return undefined;
    gt = rest[0];
    if (rest.length === 2) {
      const m = INDEX.exec(rest[1]);
      if (!m || rest[1] === '') return undefined;
      ftnr = m[1] || undefined;
      mfv = m[2];
    }
  }
  if (!KEY2.test(gt) || (ftnr !== undefined && !/^[A-Z]$/.test(ftnr)) || !/^[1-9]?$/.test(mfv)) return undefined;
  return { gt, ftnr, mfv };
}

/** Why an entry does not fit its Grundtextnummer (keys unique; an LB has one undivided position and no mfv). */
function conflict(ctx: OenormWriterContext, gtnr: PlanGtnr, parts: { ftnr?: string; mfv: string }, number: string): string | undefined {
  const key = `${parts.ftnr ?? ''}${parts.mfv}`;
  if ((parts.ftnr !== undefined) !== gtnr.divided) return `${number}: a Grundtextnummer holds either undivided positions or Folgepositionen, not both`;
  if (gtnr.entries.some((e) => `${e.ftnr ?? ''}${e.mfv}` === key)) return `${number}: the number repeats`;
  if (ctx.document === 'onlb' && (parts.mfv !== '' || (!gtnr.divided && gtnr.entries.length > 0))) {
    return `${number}: an ÖNORM LB has no Mehrfachverwendung and one undivided position per Grundtextnummer`;
  }
  return undefined;
}

/**
 * Numbers the pending entries of a ULG into its `gtnrs`: their own Grundtextnummern, Folgetext letters and
 * Mehrfachverwendung digits where every entry has fitting ones, else (TryRepairProjectStructure) one Grundtextnummer
 * each in order, each change reported; note texts between its positions (`between`) at their place where a number
 * allows (`notes-between.ts`); the note texts of a group without positions (`wvb`) after them.
 * @param prefix the ULG's full number with a trailing dot (`01.02.`)
 * @throws GatewayError GW_ERR_TARGET_CONSTRAINT (400) naming the first entry that does not fit (without the repair),
 *   or when the numbers run out
 */
export function numberEntries(ctx: OenormWriterContext, ulg: PlanGroup, prefix: string, orderOf: ReadonlyMap<NoteTextDto | ServiceSpecificationGroupDto, number>): void {
  const byGt = new Map<string, PlanGtnr>();
  let bad: string | undefined;
  const wvb = ulg.pending.filter((p) => p.wvb === true).map((p) => p.element);
  const between = ulg.pending.filter((p) => p.between === true);
  if (wvb.length > 0 || between.length > 0) ulg.pending = ulg.pending.filter((p) => p.wvb !== true && p.between !== true);
  for (const { element, depth } of ulg.pending) {
    const parts = entryParts(element, depth);
    const number = numberOf(element);
    if (!parts) {
      bad ??= `${number || element.shortText || 'an element'}: its number does not fit ÖNORM's LG.ULG.GT (two characters each) with an optional Folgetext letter A–Z and Mehrfachverwendung digit`;
      continue;
    }
    let gtnr = byGt.get(parts.gt);
    if (!gtnr) byGt.set(parts.gt, (gtnr = { nr: parts.gt, divided: parts.ftnr !== undefined, entries: [] }));
    bad ??= conflict(ctx, gtnr, parts, number);
    gtnr.entries.push({ element, number, ftnr: parts.ftnr, mfv: parts.mfv });
  }
  if (bad !== undefined && !ctx.repair) throw targetError(`${bad}; ${REPAIR_HINT}`, bad.split(':')[0]);
  if (bad === undefined) {
    ulg.gtnrs = [...byGt.values()];
    for (const g of ulg.gtnrs) if (g.divided) splitGrundtext(g);
    if (between.length > 0) placeNotesBetween(ctx, ulg, prefix, between, new Map(ulg.pending.map((p) => [p.element, p.order])), orderOf);
  } else {
    // numbered anew in document order, the notes between positions with them (notes-between.ts)
    const gen = numbers();
    const placed: string[] = [];
    ulg.gtnrs = [...ulg.pending, ...between].sort((a, b) => a.order - b.order).map((p) => {
      const nr = gen.next().value as string | undefined;
      if (nr === undefined) throw targetError(`ULG ${prefix}: more positions than ÖNORM's two-character Grundtextnummern allow`, prefix);
      const number = numberOf(p.element);
      const now = `${prefix}${nr}`;
      if (p.between) placed.push(now);
      else if (number !== now) ctx.report('OENORM_STRUCTURE_REPAIRED', 'warning', `Position ${number || '(without number)'} was renumbered ${now}.`, number || now);
      return { nr, divided: false, entries: [{ element: p.element, number: now, mfv: '' }] };
    });
    reportNotesBetween(ctx, prefix, placed, 0);
  }
  if (wvb.length > 0) {
    const used = new Set(ulg.gtnrs.map((g) => g.nr));
    const gen = numbers();
    for (const element of wvb) {
      const nr = nextFree(used, gen, `ULG ${prefix}`);
      ulg.gtnrs.push({ nr, divided: false, entries: [{ element, number: `${prefix}${nr}`, mfv: '' }] });
    }
  }
  ulg.pending = [];
}

/** The Grundtext of Folgepositionen: the leading long text the reader kept, when every Folgeposition starts with it. */
function splitGrundtext(g: PlanGtnr): void {
  const props = (e: PlanEntry) => (isPosition(e.element) ? e.element.oenormPositionProperties : e.element.oenormNoteTextProperties) as Record<string, unknown> | undefined;
  const html = props(g.entries[0])?.grundtextHtmlLongText;
  if (typeof html === 'string' && html !== '' && g.entries.every((e) => props(e)?.grundtextHtmlLongText === html && (e.element.htmlLongText ?? '').startsWith(html))) {
    g.grundtextHtml = html;
  }
  const origin = props(g.entries[0])?.grundtextOriginCode;
  if (typeof origin === 'string') g.grundtextOrigin = origin;
  const kommentar = props(g.entries[0])?.grundtextKommentar;
  if (typeof kommentar === 'string') g.grundtextKommentar = kommentar;
}

/**
 * The positions of an LV without outline with their numbers (`positionsnummer` kept by the reader, else the item
 * number), or (TryRepairProjectStructure) 1, 2 … when one does not fit or repeats, each change reported.
 * @throws GatewayError GW_ERR_TARGET_CONSTRAINT (400) naming the first that does not fit (without the repair)
 */
export function numberPosfrei(ctx: OenormWriterContext, elements: Entry[]): PlanEntry[] {
  const used = new Set<string>();
  const fits = elements.every((e) => {
    const props = (isPosition(e) ? e.oenormPositionProperties : e.oenormNoteTextProperties) as Record<string, unknown> | undefined;
    const n = typeof props?.positionsnummer === 'string' ? props.positionsnummer : numberOf(e);
    const ok = POSFREI.test(n) && !used.has(n);
    used.add(n);
    return ok;
  });
  if (!fits && !ctx.repair) {
    const seen = new Set<string>();
    const bad = elements.find((e) => {
      const n = numberOf(e);
      const ok = POSFREI.test(n) && !seen.has(n);
      seen.add(n);
      return !ok;
    });
    const where = bad ? numberOf(bad) || bad.shortText || 'a position' : 'a position';
    throw targetError(`${where}: positions of an LV without outline need unique numbers of 1–12 characters A–Z, 0–9, '.', '-'; ${REPAIR_HINT}`, where);
  }
  return elements.map((element, i) => {
    const props = (isPosition(element) ? element.oenormPositionProperties : element.oenormNoteTextProperties) as Record<string, unknown> | undefined;
    const number = typeof props?.positionsnummer === 'string' ? props.positionsnummer : numberOf(element);
    if (fits) return { element, number, mfv: '' };
    const now = String(i + 1);
    if (number !== now) ctx.report('OENORM_STRUCTURE_REPAIRED', 'warning', `Position ${number || '(without number)'} was renumbered ${now}.`, number || now);
    return { element, number: now, mfv: '' };
  });
}
