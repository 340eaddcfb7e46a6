/**
 * GAEB DA XML trade phases ("Handel", contractor ↔ dealer): 93 Preisanfrage (price request), 94 Preisangebot
 * (price offer), 96 Bestellung (order), 97 Auftragsbestätigung (order confirmation) — and how the model's exchange
 * phases map onto them (writer) and back (reader).
 *
 * Sources: the 3.3 trade XSDs `GAEB_DA_XML_93|94|96|97_3.3_2021-05.xsd` (each restricts `tgDP` to its phase and
 * `tgGAEB` to GAEBInfo, PrjInfo?, Order, AddText*; namespace `http://www.gaeb.de/GAEB_DA_XML/DA{phase}/3.3`);
 * the 3.2 Lib `GAEB_DA_XML_Lib_3.2_2013-10.xsd` (same tgOrder/tgOrderItem for what this writer emits, `tgDP`
 * 93–99); GAEB DA XML 3.3 Lib, tgDP, and the 3.1 (2007-06) / 3.2 / 3.3 trade target namespaces.
 */
import type { ExchangePhaseDto } from '../../../../core/model/types.js';
import type { GaebXmlVersion } from '../writer/phase.js';
import { lookupTable } from '../../../../core/lookup.js';

export type TradePhase = '93' | '94' | '96' | '97';
export type TradeXmlVersion = Extract<GaebXmlVersion, '3.2' | '3.3'>;

export const TRADE_PHASES: readonly TradePhase[] = ['93', '94', '96', '97'];

/**
 * The trade phase for an award-side phase (DP 81–86, as `targetPhase()` yields it):
 * Base 81 / CostEstimate 82 / OfferRequest 83 → 93 (the contractor asks the dealer for prices);
 * Offer 84 / SideOffer 85 → 94 (the dealer's priced offer); Grant 86 → 96 (the contractor's order).
 * 97 (the dealer's order confirmation) has no exchange phase in the model (AVACloud's ExchangePhaseDto stops at
 * Grant, and the confirmation answers an order rather than being derived from a BoQ), so it is written only when
 * a caller asks for it explicitly.
 */
export function tradePhaseFor(awardPhase: string): TradePhase {
  if (awardPhase === '84' || awardPhase === '85') return '94';
  if (awardPhase === '86') return '96';
  return '93';
}

const TRADE_EXCHANGE_PHASES: Readonly<Record<string, ExchangePhaseDto>> = lookupTable({ '93': 'OfferRequest', '94': 'Offer', '96': 'Grant', '97': 'Grant' });

/**
 * The model's exchange phase for a trade phase, the inverse of {@link tradePhaseFor} (used by the reader):
 * 93 price request → OfferRequest, 94 price offer → Offer, 96 order → Grant, and 97 order confirmation → Grant
 * too, as AVACloud's ExchangePhaseDto has no phase after Grant (writing the project again as a trade document
 * therefore gives 96). Never throws.
 * @param dp the document's `Order/DP` token (GAEB DA XML 3.3 Lib tgOrder/DP: 93, 94, 96, 97, 98, 99)
 * @returns the exchange phase, undefined for any other DP (98 delivery note, 99 invoice have no equivalent)
 */
export function exchangePhaseForTrade(dp: string): ExchangePhaseDto | undefined {
  return TRADE_EXCHANGE_PHASES[dp];
}

/** Root namespace of a trade document (3.1's trade namespace `…/200706` is not written). */
export const tradeNamespace = (version: TradeXmlVersion, phase: TradePhase): string => `http://www.gaeb.de/GAEB_DA_XML/DA${phase}/${version}`;

/** A price request (93) asks for prices and carries none; offer, order and confirmation carry them. */
export const tradeHasPrices = (phase: TradePhase): boolean => phase !== '93';
