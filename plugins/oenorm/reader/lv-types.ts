/**
 * The nine LV types of ÖNORM A 2063 (the choice under the root `onlv`, 2009 `onlv.xsd`) and the model's exchange
 * phases (AVACloud `ExchangePhaseDto`, GAEB DP 81–86). Five have an exact counterpart — the ones the writer
 * direction names: cost estimate ↔ `kostenschaetzungs-lv`, tender ↔ `ausschreibungs-lv`, offer ↔ `angebots-lv`,
 * side offer ↔ `alternativangebots-lv`, contract ↔ `vertrags-lv`; the other four read as the nearest phase
 * (`entwurfs-lv` draft → Base, `abaenderungsangebot-lv` amended offer → SideOffer, `abrechnungs-lv` billing →
 * Grant, `zusatzangebots-lv` supplementary offer → Offer) and keep their type in the ÖNORM properties. An LB
 * (`onlb`, a standard-text catalogue) reads as Base.
 */
import { lookupTable } from '../../../core/lookup.js';
import type { ExchangePhaseDto } from '../../../core/model/types.js';

export interface LvType {
  phase: ExchangePhaseDto;
  /** The phase is the LV type's own (false: the nearest one). */
  exact: boolean;
  /** A bidder's LV: prices are the bidder's, `nichtangeboten` means the bidder offered no price. */
  offer: boolean;
}

/** The attributes of the LV type elements numbering an alternative, amended or supplementary offer (`onlv.xsd`). */
export const LV_TYPE_ATTRIBUTES = ['alternativangebotsnummer', 'abaenderungsangebotsnummer', 'zusatzangebotslvnummer'] as const;

export const LV_TYPES: Readonly<Record<string, LvType>> = lookupTable({
  'entwurfs-lv': { phase: 'Base', exact: false, offer: false },
  'kostenschaetzungs-lv': { phase: 'CostEstimate', exact: true, offer: false },
  'ausschreibungs-lv': { phase: 'OfferRequest', exact: true, offer: false },
  'angebots-lv': { phase: 'Offer', exact: true, offer: true },
  'alternativangebots-lv': { phase: 'SideOffer', exact: true, offer: true },
  'abaenderungsangebot-lv': { phase: 'SideOffer', exact: false, offer: true },
  'vertrags-lv': { phase: 'Grant', exact: true, offer: false },
  'abrechnungs-lv': { phase: 'Grant', exact: false, offer: false },
  'zusatzangebots-lv': { phase: 'Offer', exact: false, offer: true },
});
