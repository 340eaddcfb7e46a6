/**
 * The supplementary-offer information of an LV entry (`zusatzangebotslvinfo`, 2009 `ontypdef.xsd`
 * `zusatzangebotslvpos-info.type`, "only in an Abrechnungs-LV and a Zusatzangebots-LV"): the number of the
 * Zusatzangebots-LV (Nachtrag, 1–999) the entry comes from and its status (`Beantragt` applied for, `Genehmigt`
 * approved, `Abgelehnt` rejected) ↔ the model's `addendumNumber` and `addendumStatus` (AVACloud `AddendumStatusDto`).
 * Reading: Beantragt → Filed, Genehmigt → Approved, Abgelehnt → Rejected. Writing: Approved and FormallyAcknowledged →
 * Genehmigt, Rejected and Withdrawn → Abgelehnt, every other status (an addendum filed, offered, recognised, or a
 * rejection objected to: still open) → Beantragt; the ÖNORM status read is kept (`zusatzangebotsstatus`) and written
 * while it still maps to the model's status.
 */
import type { AddendumStatusDto } from '../../core/model/types.js';

/** ÖNORM status → model status. */
export const ADDENDUM_STATUS_READ: Readonly<Record<string, AddendumStatusDto>> = { Beantragt: 'Filed', Genehmigt: 'Approved', Abgelehnt: 'Rejected' };

/** Model status → ÖNORM status (see the module comment). */
export function oenormAddendumStatus(status: AddendumStatusDto | undefined): 'Beantragt' | 'Genehmigt' | 'Abgelehnt' {
  if (status === 'Approved' || status === 'FormallyAcknowledged') return 'Genehmigt';
  if (status === 'Rejected' || status === 'Withdrawn') return 'Abgelehnt';
  return 'Beantragt';
}
