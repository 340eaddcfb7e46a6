/**
 * Change orders (Nachträge) in GAEB DA XML: `CONo` (the change order's number, 0 main contract … 999 whole contract;
 * `tgCONo`) with `COStatus` (`tgCOStatus`) on an `Item` or `BoQCtgy`, both or neither (an `xs:sequence`; GAEB DA XML
 * 3.1 and 3.3 Lib, in the phase XSDs 80–83, 86 and 87) ↔ the model's `addendumNumber` and `addendumStatus`, whose
 * values (AVACloud `AddendumStatusDto`) are those of `tgCOStatus` spelt out.
 */
import type { AddendumStatusDto } from '../../../core/model/types.js';

/** `COStatus` → `addendumStatus`. */
export const CO_STATUS_READ: Readonly<Record<string, AddendumStatusDto>> = {
  Recog: 'Recognized', Filed: 'Filed', Offered: 'Offered', Withdrawn: 'Withdrawn', Rejected: 'Rejected',
  ObjToRecj: 'RejectionObjected', FormAckn: 'FormallyAcknowledged', Approved: 'Approved',
};

/** `addendumStatus` → `COStatus` (undefined for `Unknown`, which GAEB cannot state). */
export const CO_STATUS_WRITE: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(CO_STATUS_READ).map(([k, v]) => [v, k]));

/** A `CONo` GAEB can state: an integer from 0 to 999. */
export const isChangeOrderNumber = (value: string): boolean => /^(0|[1-9][0-9]{0,2})$/.test(value);

/** What a reader reports through (structural, so that this module needs no reader type). */
interface Report { report(code: 'GAEB_INVALID_VALUE', severity: 'warning', message: string, itemNumber?: string): void }

/**
 * A `CONo` or `COStatus` leaf of an `Item` or `BoQCtgy` → `addendumNumber` / `addendumStatus` of `target`; a value
 * the schema does not allow is reported (`GAEB_INVALID_VALUE`) and not kept.
 */
export function changeOrderLeaf(
  target: { addendumNumber?: string; addendumStatus?: AddendumStatusDto }, name: string, text: string, report: Report, itemNumber: string | undefined,
): void {
  if (name === 'CONo') {
    if (isChangeOrderNumber(text)) target.addendumNumber = text;
    else report.report('GAEB_INVALID_VALUE', 'warning', `CONo '${text}' is not a change order number (0–999) and was ignored.`, itemNumber);
    return;
  }
  const status = CO_STATUS_READ[text];
  if (status !== undefined) target.addendumStatus = status;
  else report.report('GAEB_INVALID_VALUE', 'warning', `COStatus '${text}' is unknown and was ignored.`, itemNumber);
}

/** What the writer needs (structural: its builder and message tally). */
interface Out {
  b: { leaf(name: string, value: string): unknown };
  tally(code: 'GAEB_XML_ELEMENT_DROPPED', severity: 'info' | 'warning', text: string, example?: string): void;
}

/**
 * Writes `CONo` + `COStatus` of an element of an addendum (`addendumNumber` set) where the phase has them
 * (`allowed`); otherwise, and where the number or status is not one GAEB can state (`Unknown` or none: `COStatus` is
 * required with `CONo`), the pair is left out and reported. A `Remark` (`withStatus` false) has `CONo` alone.
 */
export function writeChangeOrder(
  out: Out, e: { addendumNumber?: string; addendumStatus?: AddendumStatusDto }, allowed: boolean, phase: string, where: string | undefined,
  withStatus = true,
): void {
  const nr = e.addendumNumber?.trim();
  if (nr === undefined || nr === '') return;
  const status = e.addendumStatus !== undefined ? CO_STATUS_WRITE[e.addendumStatus] : undefined;
  if (!allowed) out.tally('GAEB_XML_ELEMENT_DROPPED', 'info', `phase ${phase} has no change orders (CONo/COStatus); addendum numbers were left out`, where);
  else if (!isChangeOrderNumber(nr)) out.tally('GAEB_XML_ELEMENT_DROPPED', 'warning', 'addendum numbers that are not a change order number (0–999) were left out', where);
  else if (withStatus && status === undefined) out.tally('GAEB_XML_ELEMENT_DROPPED', 'warning', 'addendum numbers without a status GAEB can state (COStatus) were left out', where);
  else {
    out.b.leaf('CONo', nr);
    if (withStatus) out.b.leaf('COStatus', status!);
  }
}
