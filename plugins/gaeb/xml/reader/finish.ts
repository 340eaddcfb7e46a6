/**
 * End-of-document work of the GAEB DA XML reader: exchange phase from `Award/DP` or `Order/DP` (or the namespace),
 * origin detail from `GAEBInfo/Version`, cross references, and the file-level messages (no BoQ, skipped levels).
 * Trade phases (93/94/96/97) map as the inverse of the trade writer's `tradePhaseFor` (../trade/phase.ts).
 * Source: GAEB DA XML 3.3 Lib tgDP, tgGAEBInfo; phase names Dangl-IT/avacloud-client-python, docs/PostGaebDestinationOptions.md (`EXCHANGE_PHASE_BY_DP`).
 */
import { EXCHANGE_PHASE_BY_DP } from '../../../../core/model/types.js';
import { bidQuantitiesMessage, deriveBidQuantities } from '../../bid-quantities.js';
import { exchangePhaseForTrade } from '../trade/phase.js';
import { addIndexTier } from './boq.js';
import { resolveGroupAlternatives, resolveLinks } from './links.js';
import type { ReaderReport } from './report.js';
import type { GaebXmlState } from './state.js';

/** Completes `state.project` in place. */
export function finishDocument(state: GaebXmlState, report: ReaderReport): void {
  const spec = state.spec;
  const dp = state.dp;
  const trade = state.order.seen;
  const phase = dp === undefined ? undefined : trade ? exchangePhaseForTrade(dp) : EXCHANGE_PHASE_BY_DP[dp];
  spec.exchangePhase = phase ?? 'Undefined';
  if (!phase) {
    report.report(
      'GAEB_PHASE_UNMAPPED', 'info',
      dp === undefined
        ? `The file states no exchange phase (${trade ? 'Order' : 'Award'}/DP); the phase is Undefined.`
        : `Exchange phase DP ${dp} has no equivalent in the model (${trade ? '93, 94, 96 and 97' : '81–86'} have); the phase is Undefined.`,
    );
  }
  state.order.finish();
  const version = state.version ?? state.namespaceVersion;
  if (version) spec.originDetail = `GAEB XML V${version}`;
  if (!state.hasBoQ && !trade) {
    report.report('GAEB_NO_BOQ', 'warning', 'The file has no Award/BoQ; the service specification is empty.');
  }
  const body = state.body;
  if (spec.projectTaxRate === undefined && body.lotTaxRate !== undefined) spec.projectTaxRate = body.lotTaxRate;
  resolveLinks(
    { items: body.linkedItems, perfDescrs: body.perfDescrs, elements: spec.elements ?? [], projectTaxRate: spec.projectTaxRate },
    report,
  );
  // GAEB amounts (IT, Totals) have 2 decimals (tgDecimal_13_2), unit prices UPFracDig (default 3) decimals.
  state.project.priceAccuracy ??= 2;
  state.project.unitPriceAccuracy ??= state.info.upFracDig === 2 ? 2 : 3;
  resolveGroupAlternatives(spec.elements ?? [], report);
  const derived = dp === '84' ? deriveBidQuantities(spec.elements ?? []) : 0;
  if (derived > 0) report.report('GAEB_QTY_DERIVED', 'info', bidQuantitiesMessage(derived, 'IT / (UP × (1 − discount))'));
  if (body.indexedItem !== undefined && addIndexTier(state.info.itemNumberSchema)) {
    report.report(
      'GAEB_INDEX_LEVEL_ADDED', 'info',
      `Items carry an index (RNoIndex, first: ${body.indexedItem}) but BoQBkdn declares no Index level; an Index level of one character was added to the item number schema, so that the index stays a part of its own.`,
    );
  }
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

