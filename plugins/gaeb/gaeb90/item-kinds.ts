/**
 * What the GAEB 90 writer reports of the item kinds it writes no mark for (record 21's item flags, cols 12–14, are
 * unverified, so every item is written as an ordinary one): optional and alternative items one message each
 * (`GAEB90_ITEM_TYPE_DROPPED`), lump sums, quantities the bidder enters and positions not offered together (`GAEB90_ITEM_KIND_DROPPED`),
 * markup items written with their unit price (`GAEB90_MARKUP_ITEM_FIXED`), ÖNORM marks (`GAEB90_OENORM_MARKS_DROPPED`).
 * Hourly paid work has its mark (col 43).
 */
import { itemKindsMessage } from '../../../core/model/item-kinds.js';
import { markupItemsMessage } from '../../../core/model/markup-items.js';
import { oenormMarksMessage } from '../../../core/model/oenorm-marks.js';
import { positionsOf, type ProjectDto } from '../../../core/model/types.js';
import type { OncePerItemReporter } from '../../../core/pipeline/messages.js';
import type { GaebMessageCode } from '../messages.js';

/** Reports the item kinds of the project's first service specification that GAEB 90 is written without. */
export function reportItemKinds(project: ProjectDto, once: OncePerItemReporter<GaebMessageCode>): void {
  const spec = project.serviceSpecifications?.[0];
  for (const p of positionsOf(spec?.elements)) {
    if (p.positionType !== 'Optional' && p.positionType !== 'Alternative') continue;
    once.report('GAEB90_ITEM_TYPE_DROPPED', 'warning', `The ${p.positionType} item type was not written: the item flags of record 21 are unverified.`, p.itemNumber?.stringRepresentation);
  }
  const markups = markupItemsMessage('GAEB 90', spec);
  if (markups) once.report('GAEB90_MARKUP_ITEM_FIXED', 'info', markups);
  const kinds = itemKindsMessage('GAEB 90', spec, ['lumpSum', 'quantityByBidder', 'notOffered']);
  if (kinds) once.report('GAEB90_ITEM_KIND_DROPPED', 'warning', kinds);
  const oenorm = oenormMarksMessage('GAEB 90', spec);
  if (oenorm) once.report('GAEB90_OENORM_MARKS_DROPPED', 'warning', oenorm);
}
