/**
 * The quantity take-off of an ÖNORM A 2063 LV (2009 `ontypdef.xsd`; "optional im Entwurfs-LV und
 * Kostenschätzungs-LV, sonst nicht erlaubt"): a position's `berechnetemengen` — its calculated quantity
 * (`berechnetemenge`, 3 decimals) with the calculation (`mengenermittlung`), for the whole position (`gesamt`) or
 * per evaluation mark (`jeakz/akz[@akz]`, the marks the LV lists in `akztabelle`) — and the LV's global helper
 * calculations (`hilfsberechnungen`). A calculation is a sequence of rows (`mebe-mengenberechnung.type`): `k` a
 * comment (≤ 60 characters), `a` a formula row whose result counts in the quantity, `t` a subtotal (comment and
 * result), `h` a helper result that does not count; `a` and `h` hold a free formula (`rechenansatz`) or a formula of
 * the catalogue (`formel`, `../formel.ts`), the result (`ergebnis`) and optionally the variable it is stored in
 * (`variable`), which later rows name in their values (`@varref`).
 *
 * Each row becomes a quantity component of the position (`CalculationDto`), as the REB and GAEB take-offs do, with the
 * ÖNORM fields kept beside it so that the take-off is written back as read:
 *
 * | property | meaning |
 * |---|---|
 * | `oenormRow` | `k`, `a`, `t` or `h` |
 * | `oenormRechenansatz` | the free formula as written |
 * | `oenormFormel` | the catalogue formula as read (`FormelNode`) |
 * | `oenormErgebnis` | the stated result |
 * | `oenormVariable` | the variable the result is stored in |
 * | `oenormAkz` | the evaluation mark of the block the row belongs to (`jeakz`) |
 * | `oenormKommentar` | a subtotal's comment |
 *
 * `formula` (what the project's recalculation sums): for an `a` row the free formula or the catalogue formula's
 * arithmetic when it gives the stated result (3 decimals), else the stated result itself (a formula naming
 * variables, a catalogue rule not evaluated here; the row's `description` then says what was written); `k`, `t` and
 * `h` rows have an empty formula (they do not count) and say their text, result and variable in `description`. The
 * position's quantity stays its `lvmenge`; the stated calculated quantities are kept in its ÖNORM properties
 * (`berechnetemenge`, or `berechnetemengenJeAkz` [{ `akz`, `berechnetemenge` }]).
 */
import type { CalculationDto } from '../../../core/model/types.js';
import { childNamed, type CapturedElement } from '../../../core/xml/capture.js';
import { formelArithmetic, formelNodeOf, formelNumber, resultText, rowFormula, type FormelNode } from '../formel.js';

/** The kind of a take-off row (`mebe-mengenberechnung.type`). */
export type TakeoffRowKind = 'k' | 'a' | 't' | 'h';

/** A quantity component read from an ÖNORM take-off row (see the module comment). */
export interface OenormTakeoffRow extends CalculationDto {
  oenormRow: TakeoffRowKind;
  oenormRechenansatz?: string;
  oenormFormel?: FormelNode;
  oenormErgebnis?: number;
  oenormVariable?: string;
  oenormAkz?: string;
  /** A subtotal's (`t`) comment. */
  oenormKommentar?: string;
}

/** A position's `berechnetemengen` as read. */
export interface PositionTakeoff {
  components: OenormTakeoffRow[];
  /** The stated calculated quantity of `gesamt`, in the position's unit. */
  berechnetemenge?: number;
  /** The stated calculated quantity of each evaluation mark (`jeakz`), in the position's unit. */
  jeAkz?: { akz: string; berechnetemenge?: number }[];
  /** How many `a` rows were taken as their stated result (their formula is not one the recalculation reads). */
  asResult: number;
}

type Decimal = (text: string, what: string) => number | undefined;

const ROWS: ReadonlySet<string> = new Set(['k', 'a', 't', 'h']);

/** What a formula row says: its free formula, else its catalogue formula's arithmetic or number. */
function said(row: OenormTakeoffRow): string {
  if (row.oenormRechenansatz !== undefined) return row.oenormRechenansatz;
  return row.oenormFormel !== undefined ? formelArithmetic(row.oenormFormel) ?? `Formel ${formelNumber(row.oenormFormel)}` : '';
}

/** One row of a calculation (see the module comment); `asResult`: its formula is the stated result. */
function rowOf(e: CapturedElement, decimal: Decimal, akz: string | undefined): { row: OenormTakeoffRow; asResult: boolean } {
  const kind = e.name as TakeoffRowKind;
  const row: OenormTakeoffRow = { oenormRow: kind, formula: '' };
  if (akz !== undefined) row.oenormAkz = akz;
  if (kind === 'k') {
    row.description = e.text;
    return { row, asResult: false };
  }
  const ergebnis = childNamed(e, 'ergebnis');
  if (ergebnis !== undefined) row.oenormErgebnis = decimal(ergebnis.text, `ergebnis of a quantity take-off row ${kind}`);
  const variable = childNamed(e, 'variable')?.text;
  if (variable) row.oenormVariable = variable;
  const stated = row.oenormErgebnis !== undefined ? resultText(row.oenormErgebnis) : '';
  if (kind === 't') {
    row.oenormKommentar = childNamed(e, 'kommentar')?.text ?? '';
    row.description = [row.oenormKommentar, stated].filter((s) => s !== '').join(' = ');
    return { row, asResult: false };
  }
  const rechenansatz = childNamed(e, 'rechenansatz');
  if (rechenansatz !== undefined) row.oenormRechenansatz = rechenansatz.text;
  const formel = childNamed(e, 'formel')?.children[0];
  if (formel !== undefined) row.oenormFormel = formelNodeOf(formel);
  const text = said(row);
  if (kind === 'h') {
    row.description = `${variable ? `${variable}: ` : ''}${text}${stated !== '' ? ` = ${stated}` : ''}`;
    return { row, asResult: false };
  }
  const { formula, asResult } = rowFormula(row.oenormRechenansatz, row.oenormFormel, row.oenormErgebnis);
  row.formula = formula;
  if (asResult && text !== '') row.description = text;
  return { row, asResult };
}

/** The rows of a `mengenermittlung` or `hilfsberechnungen`, in order (unknown children are passed over). */
function rowsOf(e: CapturedElement | undefined, decimal: Decimal, akz: string | undefined, into: PositionTakeoff): void {
  for (const c of e?.children ?? []) {
    if (!ROWS.has(c.name)) continue;
    const { row, asResult } = rowOf(c, decimal, akz);
    into.components.push(row);
    if (asResult) into.asResult++;
  }
}

/** A captured `berechnetemengen` (see the module comment). */
export function positionTakeoffOf(e: CapturedElement, decimal: Decimal): PositionTakeoff {
  const out: PositionTakeoff = { components: [], asResult: 0 };
  const gesamt = childNamed(e, 'gesamt');
  if (gesamt !== undefined) {
    const stated = childNamed(gesamt, 'berechnetemenge');
    if (stated !== undefined) out.berechnetemenge = decimal(stated.text, 'berechnetemenge');
    rowsOf(childNamed(gesamt, 'mengenermittlung'), decimal, undefined, out);
    return out;
  }
  out.jeAkz = [];
  for (const block of childNamed(e, 'jeakz')?.children ?? []) {
    if (block.name !== 'akz') continue;
    const akz = block.attrs.akz ?? '';
    const stated = childNamed(block, 'berechnetemenge');
    out.jeAkz.push({ akz, berechnetemenge: stated !== undefined ? decimal(stated.text, `berechnetemenge of AKZ ${akz}`) : undefined });
    rowsOf(childNamed(block, 'mengenermittlung'), decimal, akz, out);
  }
  return out;
}

/** The LV's global helper calculations (`hilfsberechnungen`: `k` and `h` rows), kept as quantity components. */
export function helperCalculationsOf(e: CapturedElement, decimal: Decimal): OenormTakeoffRow[] {
  const out: PositionTakeoff = { components: [], asResult: 0 };
  rowsOf(e, decimal, undefined, out);
  return out.components;
}

/** One evaluation mark of the LV's `akztabelle`. */
export interface AkzElement {
  nr: string;
  bezeichnung: string;
}

/** The evaluation marks of a captured `akztabelle` (`akzelement[@nr]/bezeichnung`). */
export function akzTableOf(e: CapturedElement): AkzElement[] {
  return e.children.filter((c) => c.name === 'akzelement').map((c) => ({ nr: c.attrs.nr ?? '', bezeichnung: childNamed(c, 'bezeichnung')?.text ?? '' }));
}
