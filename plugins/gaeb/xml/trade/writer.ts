/**
 * GAEB DA XML trade writer (DP 93 Preisanfrage, 94 Preisangebot, 96 Bestellung, 97 Auftragsbestätigung; 3.3 and
 * 3.2): the first service specification of a normalised, recalculated ProjectDto → one `.X9x` document
 * `GAEB(GAEBInfo, PrjInfo?, Order(DP, OrderInfo?, SupplierInfo?, CustomerInfo?, DeliveryPlaceInfo?, OrderItem*),
 * AddText*)`. Texts, IDs, decimals and messages reuse the award writer's context (writer/context.ts), whose
 * description rules for phase 86 emit only what the unrestricted Lib tgDescription allows.
 *
 * Sources: GAEB DA XML 3.3 (2021-05) trade XSDs 93/94/96/97 and their Lib (tgGAEB, tgOrder, tgOrderInfo,
 * tgOrderItem, tgSupplierInfo, tgCustomerInfo, tgDeliveryPlaceInfo); 3.2 (2013-10) Lib; GAEB DA XML 3.3 Lib, tgDP.
 */
import { targetError } from '../../../../core/errors.js';
import {
  isGroup, isNoteText, isExecutionDescription, positionsOf, type ElementDto, type NoteTextDto, type ProjectDto,
} from '../../../../core/model/types.js';
import type { ResolvedOptions } from '../../../../core/options/catalog.js';
import type { MessageSink } from '../../../../core/pipeline/messages.js';
import { WriterContext } from '../writer/context.js';
import { writeAddTexts, writeGaebInfo } from '../writer/document.js';
import { numberingFor } from '../writer/numbering.js';
import { phaseRules } from '../writer/phase.js';
import { DocumentIndex } from '../writer/prepass.js';
import { writeOrderItems } from './items.js';
import { writeOrderInfo, writeParties, writeTradePrjInfo } from './order.js';
import { TRADE_PHASES, tradeHasPrices, tradeNamespace, type TradePhase, type TradeXmlVersion } from './phase.js';

export { tradePhaseFor, type TradePhase, type TradeXmlVersion } from './phase.js';

export interface GaebTradeTarget {
  version: TradeXmlVersion;
  phase: TradePhase;
}

/**
 * Writes the project as a GAEB DA XML trade document.
 *
 * @param project normalised and recalculated project; only `serviceSpecifications[0]` is written
 * @param options resolved conversion options (`RemoveUnprintableCharactersFromTexts` as in the award writer)
 * @param sink receives what was dropped, rounded or defaulted (codes `GAEB_XML_*`, source `gaeb`)
 * @param target schema version (3.2 or 3.3) and trade phase (93, 94, 96, 97)
 * @returns UTF-8 bytes without BOM, root `GAEB` in `http://www.gaeb.de/GAEB_DA_XML/DA{phase}/{version}`
 * @throws GatewayError GW_ERR_TARGET_CONSTRAINT (400) when the target is unknown, the project has no service
 *   specification, a text holds a character XML forbids (option off), or a number exceeds the schema's digits
 *   (Qty decimal(13,2), NetPrice decimal(10,2))
 */
export function writeGaebTradeXml(project: ProjectDto, options: ResolvedOptions, sink: MessageSink, target: GaebTradeTarget): Buffer {
  if (target?.version !== '3.2' && target?.version !== '3.3') {
    throw targetError(`GAEB DA XML trade documents cannot be written in version ${String(target?.version)}; use 3.2 or 3.3`, 'DestinationGaebType');
  }
  if (!TRADE_PHASES.includes(target.phase)) {
    throw targetError(`GAEB trade phase ${String(target.phase)} cannot be written; use 93, 94, 96 or 97`, 'TargetExchangePhaseTransform');
  }
  const specs = project.serviceSpecifications ?? [];
  const spec = specs[0];
  if (!spec) throw targetError('The project has no service specification to write as a GAEB trade document', 'serviceSpecifications');

  // Phase 86's text rules: full descriptions with inline complements, all within the Lib's tgDescription.
  const ctx = new WriterContext(phaseRules(target.version, '86'), options, sink);
  if (specs.length > 1) ctx.report('GAEB_XML_ELEMENT_DROPPED', 'warning', `a GAEB trade document holds one order; only the first of ${specs.length} service specifications was written`);
  const index = new DocumentIndex(spec);
  const info = project.projectInformation ?? {};
  const top = spec.elements ?? [];
  const numbering = numberingFor(info.itemNumberSchema ?? spec.projectItemNumberSchema, top);
  const opening = top.filter((e): e is NoteTextDto => isNoteText(e) && e.isOpeningText === true);
  const closing = top.filter((e): e is NoteTextDto => isNoteText(e) && e.isClosingText === true && e.isOpeningText !== true);
  const positions = positionsOf(top);

  const { b } = ctx;
  b.declaration('utf-8');
  b.open('GAEB', { xmlns: tradeNamespace(target.version, target.phase) });
  writeGaebInfo(ctx, new Date());
  writeTradePrjInfo(ctx, project, spec, opening);
  b.open('Order').leaf('DP', target.phase);
  writeOrderInfo(ctx, project, spec, { phase: target.phase, levels: numbering.derived ? [] : numbering.levels });
  writeParties(ctx, project, spec);
  writeOrderItems({ ctx, index, phase: target.phase }, positions);
  b.close(); // Order
  writeAddTexts(ctx, closing, true, 'closing texts (GAEB/AddText)');
  b.close(); // GAEB

  reportStructureLoss(ctx, top, target.phase, index.pricedPositions > 0);
  ctx.flush();
  return b.toBuffer();
}

/** One message per kind for what the flat trade structure cannot hold. */
function reportStructureLoss(ctx: WriterContext, top: readonly ElementDto[], phase: TradePhase, priced: boolean): void {
  let groups = 0;
  let notes = 0;
  const walk = (elements: readonly ElementDto[], depth: number) => {
    for (const e of elements) {
      if (isGroup(e)) {
        groups++;
        walk(e.elements ?? [], depth + 1);
      } else if (isExecutionDescription(e) || (isNoteText(e) && (depth > 0 || (e.isOpeningText !== true && e.isClosingText !== true)))) {
        notes++;
      }
    }
  };
  walk(top, 0);
  if (groups > 0) {
    ctx.report('GAEB_XML_ELEMENT_DROPPED', 'info', `trade documents have no BoQ hierarchy: ${groups} group(s) were flattened; item numbers are kept in RefItems/Customer, group titles and totals were not written`);
  }
  if (notes > 0) {
    ctx.report('GAEB_XML_ELEMENT_DROPPED', 'warning', `trade documents have no remarks or execution descriptions inside the order; ${notes} text(s) were not written`);
  }
  if (!priced) return;
  if (tradeHasPrices(phase)) {
    ctx.report('GAEB_XML_ELEMENT_DROPPED', 'info', 'trade documents have no item or order totals (tgOrderItem has no IT); receivers compute Qty × NetPrice / PriceBasis');
  } else {
    ctx.report('GAEB_XML_PRICES_DROPPED', 'info', 'phase 93 (price request) carries no prices; unit prices and totals were not written');
  }
}
