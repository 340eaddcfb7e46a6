/**
 * What of the model GAEB 2000 has no keyword for, reported once per file before the writer runs: markup items,
 * written as ordinary positions with their unit price (`GAEB2000_MARKUP_ITEM_FIXED`, `core/model/markup-items.ts`),
 * and the ÖNORM marks of positions read from an ONLV (`GAEB2000_OENORM_MARKS_DROPPED`, `core/model/oenorm-marks.ts`).
 */
import { markupItemsMessage } from '../../../core/model/markup-items.js';
import { oenormMarksMessage } from '../../../core/model/oenorm-marks.js';
import type { ServiceSpecificationDto } from '../../../core/model/types.js';
import type { ReaderReport } from '../xml/reader/report.js';

/** Reports what `spec` holds that a GAEB 2000 file will not. */
export function reportUnwritten(spec: ServiceSpecificationDto | undefined, report: ReaderReport): void {
  const markups = markupItemsMessage('GAEB 2000', spec);
  if (markups) report.report('GAEB2000_MARKUP_ITEM_FIXED', 'info', markups);
  const oenorm = oenormMarksMessage('GAEB 2000', spec);
  if (oenorm) report.report('GAEB2000_OENORM_MARKS_DROPPED', 'warning', oenorm);
}
