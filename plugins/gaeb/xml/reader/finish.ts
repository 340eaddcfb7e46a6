/**
 * End-of-document work of the GAEB DA XML reader: exchange phase from `Award/DP` or `Order/DP` (or the namespace),
 * origin detail from `GAEBInfo/Version`, cross references, and the file-level messages (no BoQ, skipped levels).
 * Trade phases (93/94/96/97) map as the inverse of the trade writer's `tradePhaseFor` (../trade/phase.ts).
 * Source: GAEB DA XML 3.3 Lib tgDP, tgGAEBInfo; phase names reference/avacloud-api.md §1.1 (`EXCHANGE_PHASE_BY_DP`).
 */
import { D } from '../../../../core/model/decimal.js';
import { EXCHANGE_PHASE_BY_DP, type ElementDto, type PositionDto, type ServiceSpecificationGroupDto } from '../../../../core/model/types.js';
import { exchangePhaseForTrade } from '../trade/phase.js';
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
  if (dp === '84') deriveQuantities(spec.elements ?? [], report);
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

/**
 * X84 (bid, reduced) carries UP and IT but no Qty: the quantity is derived as IT / (UP × (1 − discount)), 3
 * decimals, for items without Qty whose UP is not 0 (not for QtyTBD items), so totals recalculate; a markup
 * item (no MarkupType in X84) keeps its IT as unit price (quantity 1).
 * One info message GAEB_QTY_DERIVED with the count.
 */
function deriveQuantities(elements: readonly ElementDto[], report: ReaderReport): void {
  let count = 0;
  const walk = (list: readonly ElementDto[] | undefined): void => {
    for (const e of list ?? []) {
      if (e.elementTypeDiscriminator === 'ServiceSpecificationGroupDto') walk((e as ServiceSpecificationGroupDto).elements);
      if (e.elementTypeDiscriminator !== 'PositionDto') continue;
      const p = e as PositionDto;
      const it = p.gaebTotal;
      // A markup item of X84 has no MarkupType (the phase leaves it out): its IT is kept as its unit price.
      if (p.isComplementingPosition && p.gaebComplementingType === undefined && typeof it === 'number') {
        p.unitPriceOverride = it;
        continue;
      }
      const up = p.unitPriceOverride;
      if (p.quantityOverride !== undefined || p.amountToBeEnteredByBidder || p.isComplementingPosition || typeof it !== 'number' || !up) continue;
      const net = new D(up).times(new D(1).minus(p.deductionFactor ?? 0));
      if (net.isZero()) continue;
      p.quantityOverride = new D(it).dividedBy(net).toDecimalPlaces(3, D.ROUND_HALF_UP).toNumber();
      count++;
    }
  };
  walk(elements);
  if (count > 0) {
    report.report('GAEB_QTY_DERIVED', 'info', `${count} item quantities of this X84 (which has no Qty) were derived as IT / (UP × (1 − discount)).`);
  }
}
