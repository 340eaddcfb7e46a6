/**
 * End-of-document work of the GAEB DA XML reader: exchange phase from `Award/DP` (or the namespace), origin
 * detail from `GAEBInfo/Version`, cross references, and the file-level messages (no BoQ, skipped levels).
 * Source: GAEB DA XML 3.3 Lib tgDP, tgGAEBInfo; phase names reference/avacloud-api.md §1.1 (`EXCHANGE_PHASE_BY_DP`).
 */
import { EXCHANGE_PHASE_BY_DP } from '../../../../core/model/types.js';
import { resolveLinks } from './links.js';
import type { ReaderReport } from './report.js';
import type { GaebXmlState } from './state.js';

/** Completes `state.project` in place. */
export function finishDocument(state: GaebXmlState, report: ReaderReport): void {
  const spec = state.spec;
  const dp = state.dp;
  const phase = dp !== undefined ? EXCHANGE_PHASE_BY_DP[dp] : undefined;
  spec.exchangePhase = phase ?? 'Undefined';
  if (!phase) {
    report.report(
      'GAEB_PHASE_UNMAPPED', 'info',
      dp === undefined
        ? 'The file states no exchange phase (Award/DP); the phase is Undefined.'
        : `Exchange phase DP ${dp} has no equivalent in the model (81–86 have); the phase is Undefined.`,
    );
  }
  const version = state.version ?? state.namespaceVersion;
  if (version) spec.originDetail = `GAEB XML V${version}`;
  if (!state.hasBoQ) {
    report.report('GAEB_NO_BOQ', 'warning', 'The file has no Award/BoQ; the service specification is empty.');
  }
  const body = state.body;
  if (spec.projectTaxRate === undefined && body.lotTaxRate !== undefined) spec.projectTaxRate = body.lotTaxRate;
  resolveLinks(
    { items: body.linkedItems, perfDescrs: body.perfDescrs, elements: spec.elements ?? [], projectTaxRate: spec.projectTaxRate },
    report,
  );
  const skipped = body.skippedLevelItems;
  if (skipped.length > 0) {
    const schema = state.info.itemNumberSchema;
    const filled = schema?.skipNonExistingLevelsInPositionItemNumbers === true;
    report.report(
      'GAEB_SKIPPED_LEVEL', filled ? 'info' : 'warning',
      `${skipped.length} item(s) sit under fewer categories than the item number schema has group levels (first: ${skipped[0]}). ` +
        (filled
          ? 'The skipped levels are written as placeholders (SupportSkippedItemNumberLevelsInPositions).'
          : 'Their item numbers keep only the levels present and do not match the schema; set SupportSkippedItemNumberLevelsInPositions to fill the skipped levels with placeholders.'),
    );
  }
}
