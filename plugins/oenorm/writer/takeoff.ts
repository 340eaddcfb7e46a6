/**
 * The quantity take-off of an ONLV (2009 `ontypdef.xsd` `berechnetemengen.group`, `mebe-*` types; `onlv.xsd`
 * `akztabelle`, `hilfsberechnungen`), which only an `entwurfs-lv` and a `kostenschaetzungs-lv` hold: a position's
 * quantity components → `berechnetemengen` after its `lvmenge`; the LV's evaluation marks (`oenormProperties.
 * akztabelle`) and global helper calculations (`oenormProperties.hilfsberechnungen`) in the header.
 *
 * - A component read from an ÖNORM take-off (`reader/takeoff.ts`: `oenormRow` `k`, `a`, `t`, `h`) is written as
 *   read — its free formula (`rechenansatz`) or catalogue formula (`formel`, `../formel.ts`), stated result and
 *   variable — as long as its `formula` is still the one the reader derived from them; a changed one is written as
 *   any other component.
 * - A REB take-off line that does not count in the REB quantity (`rebFlag` `*`, `H`, `Z`, `P`, kept by the `reb`
 *   plugin): a comment (`k`), helper (`h`) or subtotal (`t`) row, which do not count in ÖNORM either.
 * - Any other component (a GAEB or REB take-off row, one made by a client): its `description` as comment rows (`k`,
 *   60 characters each, longer ones shortened and reported) and its `formula` as a free formula row (`a`) with the
 *   recalculated result.
 * - Components with an evaluation mark (`oenormAkz`) are written per mark (`jeakz/akz`, in the order met; the
 *   others under the mark ""), else for the whole position (`gesamt`). `berechnetemenge` is the sum of the
 *   results of the rows that count (3 decimals).
 */
import type { CalculationDto, PositionDto, ServiceSpecificationDto } from '../../../core/model/types.js';
import { isFormelNode, resultText, round3, rowFormula, type FormelNode } from '../formel.js';
import type { OenormWriterContext } from './context.js';

const ROWS: ReadonlySet<unknown> = new Set(['k', 'a', 't', 'h']);
const VARIABLE = /^[A-Za-z_][0-9A-Za-z_]{0,9}$/;
const NOT_WRITTEN = 'quantity take-offs (berechnetemengen), evaluation marks and helper calculations were not written: only an entwurfs-lv or kostenschaetzungs-lv holds them';

/** `berechnetemenge.type` (decimal, 3 fraction digits). */
const quantity3 = (x: number): string => round3(x).toFixed(3);

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Does the component hold anything to write (a row of an ÖNORM take-off, a formula or a description)? */
function hasContent(c: CalculationDto): boolean {
  return ROWS.has(c.oenormRow) || (text(c.formula)?.trim() ?? '') !== '' || (text(c.description)?.trim() ?? '') !== '';
}

/** A catalogue formula as read, written back element by element (its texts cleaned as every text is). */
function writeFormelNode(ctx: OenormWriterContext, node: FormelNode, where: string): void {
  ctx.b.open(node.name, node.attrs);
  if (node.text !== undefined) ctx.b.text(ctx.clean(node.text, where, 'formel'));
  for (const child of node.children ?? []) writeFormelNode(ctx, child, where);
  ctx.b.close();
}

/** One comment row (`k`, `mebe-kommentar.type`: at most 60 characters). */
function writeComment(ctx: OenormWriterContext, description: string, where: string): void {
  ctx.b.leaf('k', ctx.line(description, 60, 'k (take-off comment)', where));
}

/** `ergebnis` and `variable` of a formula, subtotal or helper row (a name `variablenbezeichner.type` does not allow is reported). */
function writeResult(ctx: OenormWriterContext, result: number, variable: unknown, where: string): void {
  ctx.b.leaf('ergebnis', quantity3(result));
  if (variable === undefined) return;
  if (typeof variable === 'string' && VARIABLE.test(variable)) ctx.b.leaf('variable', variable);
  else ctx.tally('OENORM_ELEMENT_NOT_WRITTEN', 'warning', 'take-off variables whose name ÖNORM does not allow (a letter or _, then letters, digits or _, at most 10) were not written', where);
}

/**
 * An evaluation mark as `akz.type` allows it (capital letters, digits, point, hyphen; at most 30): when enforcing, one
 * that does not fit is upper-cased without the other characters, reported.
 */
function akzOf(ctx: OenormWriterContext, akz: string, where: string): string {
  if (!ctx.enforce || /^[A-Z0-9.-]{0,30}$/.test(akz)) return akz;
  const fitted = akz.toUpperCase().replace(/[^A-Z0-9.-]/g, '').slice(0, 30);
  ctx.tally('OENORM_AKZ_ADJUSTED', 'warning', `the evaluation mark "${akz}" was written as "${fitted}"`, where);
  return fitted;
}

/** A row read from an ÖNORM take-off, as read; false when it is to be written as any other component. */
function writeKeptRow(ctx: OenormWriterContext, c: CalculationDto, where: string): boolean {
  const kind = c.oenormRow as string;
  const b = ctx.b;
  if (kind === 'k') {
    writeComment(ctx, text(c.description) ?? '', where);
    return true;
  }
  const stated = num(c.oenormErgebnis);
  if (kind === 't') {
    b.open('t').leaf('kommentar', ctx.line(text(c.oenormKommentar) ?? '', 60, 't/kommentar (take-off subtotal)', where));
    writeResult(ctx, stated ?? 0, c.oenormVariable, where);
    b.close();
    return true;
  }
  const formel = isFormelNode(c.oenormFormel) && /^Formel\d+$/.test(c.oenormFormel.name) ? c.oenormFormel : undefined;
  const rechenansatz = text(c.oenormRechenansatz);
  if (kind === 'a' && (stated === undefined || rowFormula(rechenansatz, formel, stated).formula !== c.formula)) return false;
  if (formel === undefined && rechenansatz === undefined) return false;
  b.open(kind);
  if (rechenansatz !== undefined) b.leaf('rechenansatz', ctx.clean(rechenansatz, where, 'rechenansatz'));
  else {
    b.open('formel');
    writeFormelNode(ctx, formel!, where);
    b.close();
  }
  writeResult(ctx, stated ?? 0, c.oenormVariable, where);
  b.close();
  return true;
}

/**
 * The ÖNORM row a REB take-off line is written as, by its flag (`rebFlag`, kept by the `reb` plugin: `*` comment,
 * `H` helper value, `Z` subtotal, `P` position total — none of which counts in the REB quantity); undefined for a
 * line that counts (blank, `E` result, `S` estimated quantity).
 */
const REB_ROWS: Readonly<Record<string, 'k' | 'h' | 't'>> = { '*': 'k', H: 'h', Z: 't', P: 't' };
const rebRowOf = (c: CalculationDto): 'k' | 'h' | 't' | undefined => (typeof c.rebFlag === 'string' ? REB_ROWS[c.rebFlag] : undefined);

/** A REB line that does not count, as the ÖNORM row of its kind (its explanation kept as a comment row before a helper row). */
function writeRebRow(ctx: OenormWriterContext, kind: 'k' | 'h' | 't', c: CalculationDto, result: number, where: string): void {
  const description = text(c.description)?.trim() ?? '';
  const formula = text(c.formula)?.trim() ?? '';
  if (kind === 'k') return writeComment(ctx, description || formula, where);
  if (kind === 't') {
    const label = description || (c.rebFlag === 'Z' ? 'Zwischensumme' : 'Positionssumme');
    ctx.b.open('t').leaf('kommentar', ctx.line(label, 60, 't/kommentar (take-off subtotal)', where));
    writeResult(ctx, result, undefined, where);
    ctx.b.close();
    return;
  }
  if (description !== '') writeComment(ctx, description, where);
  ctx.b.open('h').leaf('rechenansatz', ctx.clean(formula || resultText(result), where, 'rechenansatz'));
  writeResult(ctx, result, undefined, where);
  ctx.b.close();
}

/**
 * `berechnetemenge` and the rows of one calculation: the sum of the results of the rows that count (every component
 * but the REB lines that do not, whose results the recalculation adds all the same), 3 decimals.
 */
function writeCalculation(ctx: OenormWriterContext, components: readonly CalculationDto[], where: string): void {
  let sum = 0;
  for (const c of components) if (rebRowOf(c) === undefined) sum += num(c.result) ?? 0;
  ctx.b.leaf('berechnetemenge', quantity3(sum)).open('mengenermittlung');
  for (const c of components) {
    const result = num(c.result) ?? 0;
    const reb = rebRowOf(c);
    if (reb !== undefined) {
      writeRebRow(ctx, reb, c, result, where);
      continue;
    }
    if (ROWS.has(c.oenormRow) && writeKeptRow(ctx, c, where)) continue;
    const description = text(c.description)?.trim() ?? '';
    const formula = text(c.formula)?.trim() ?? '';
    for (const line of description === '' ? [] : description.split(/\r?\n/)) if (line.trim() !== '') writeComment(ctx, line, where);
    if (formula === '') continue;
    ctx.b.open('a').leaf('rechenansatz', ctx.clean(formula, where, 'rechenansatz'));
    writeResult(ctx, result, undefined, where);
    ctx.b.close();
  }
  ctx.b.close();
}

/**
 * `berechnetemengen` of a position (after `lvmenge`), when it has quantity components with content and the LV type
 * holds them (`allowed`); else those are reported.
 */
export function writeTakeoff(ctx: OenormWriterContext, p: PositionDto, allowed: boolean, where: string): void {
  const components = (p.quantityComponents ?? []).filter(hasContent);
  if (components.length === 0) return;
  if (!allowed) {
    ctx.tally('OENORM_TAKEOFF_NOT_WRITTEN', 'info', NOT_WRITTEN, where);
    return;
  }
  const b = ctx.b.open('berechnetemengen');
  if (!components.some((c) => typeof c.oenormAkz === 'string')) {
    b.open('gesamt');
    writeCalculation(ctx, components, where);
    b.close().close();
    return;
  }
  const blocks = new Map<string, CalculationDto[]>();
  for (const c of components) {
    const akz = text(c.oenormAkz) ?? '';
    blocks.set(akz, [...(blocks.get(akz) ?? []), c]);
  }
  b.open('jeakz');
  for (const [akz, rows] of blocks) {
    b.open('akz', { akz: akzOf(ctx, akz, where) });
    writeCalculation(ctx, rows, where);
    b.close();
  }
  b.close().close();
}

/**
 * The header's `akztabelle` and `hilfsberechnungen` as an ÖNORM source stated them (`oenormProperties`), when the LV
 * type holds them (`allowed`); else they are reported.
 */
export function writeTakeoffHeader(ctx: OenormWriterContext, spec: ServiceSpecificationDto, allowed: boolean): void {
  const kept = (spec.oenormProperties ?? {}) as Record<string, unknown>;
  const marks = Array.isArray(kept.akztabelle)
    ? (kept.akztabelle as { nr?: unknown; bezeichnung?: unknown }[]).filter((m) => typeof m?.nr === 'string' && typeof m.bezeichnung === 'string')
    : [];
  const helpers = Array.isArray(kept.hilfsberechnungen) ? (kept.hilfsberechnungen as CalculationDto[]).filter((c) => c?.oenormRow === 'k' || c?.oenormRow === 'h') : [];
  if (!allowed) {
    if (marks.length > 0 || helpers.length > 0) ctx.tally('OENORM_TAKEOFF_NOT_WRITTEN', 'info', NOT_WRITTEN, 'the LV header');
    return;
  }
  if (marks.length > 0) {
    const b = ctx.b.open('akztabelle');
    const seen = new Set<string>();
    for (const m of marks) {
      const nr = akzOf(ctx, m.nr as string, 'akztabelle');
      if (seen.has(nr)) continue;
      seen.add(nr);
      b.open('akzelement', { nr }).leaf('bezeichnung', ctx.line(m.bezeichnung as string, 60, 'akzelement/bezeichnung', 'akztabelle')).close();
    }
    b.close();
  }
  if (helpers.length > 0) {
    ctx.b.open('hilfsberechnungen');
    for (const c of helpers) {
      if (c.oenormRow === 'k' || !writeKeptRow(ctx, c, 'hilfsberechnungen')) writeComment(ctx, text(c.description) ?? '', 'hilfsberechnungen');
    }
    ctx.b.close();
  }
}
