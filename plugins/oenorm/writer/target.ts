/**
 * What the ÖNORM writer produces: the document (`onlv` LV or `onlb` LB) and edition from `DestinationOenormType`
 * (AVACloud `DestinationOenormType`: `Lv2009`, `Lv2015`, `Lv2021`, `Lb2009`, `Lb2015`, `Lb2021`, `B2063`) and the
 * LV type from the project's exchange phase (ÖNORM A 2063, the choice under the root `onlv` of the 2009 `onlv.xsd`).
 *
 * LV type: the type kept from an ÖNORM source (`oenormProperties.lvType`) when it reads as the project's phase
 * (an `abrechnungs-lv` stays one while the phase is Grant); else cost estimate → `kostenschaetzungs-lv`, tender →
 * `ausschreibungs-lv`, offer → `angebots-lv`, side offer → `alternativangebots-lv`, contract → `vertrags-lv`, and
 * Base/Undefined → `entwurfs-lv` (the draft LV, which the reader reads as Base).
 */
import { GatewayError } from '../../../core/errors.js';
import type { ExchangePhaseDto, ServiceSpecificationDto } from '../../../core/model/types.js';
import { OENORM_NAMESPACES, type OenormDocument, type OenormEdition } from '../detect.js';
import { LV_TYPES } from '../reader/lv-types.js';

/** The destination types this writer writes. */
export const WRITABLE_OENORM_TYPES = ['Lv2009', 'Lv2015', 'Lv2021', 'Lb2009', 'Lb2015', 'Lb2021'] as const;

export interface OenormTarget {
  document: OenormDocument;
  edition: OenormEdition;
  namespace: string;
}

/**
 * The edition of a `DestinationOenormType`.
 * @throws GatewayError GW_ERR_OPTION (400, key `DestinationOenormType`) for `B2063` (ÖNORM B 2063's record layout is
 *   not public; a guessed layout would give files no receiver reads) and unknown values, naming the types that can
 *   be written
 */
export function oenormTarget(type: string): OenormTarget {
  const match = /^(Lv|Lb)(2009|2015|2021)$/.exec(type);
  if (match) {
    const edition = match[2] as OenormEdition;
    return { document: match[1] === 'Lb' ? 'onlb' : 'onlv', edition, namespace: OENORM_NAMESPACES[edition] };
  }
  const why = type === 'B2063'
    ? "ÖNORM B 2063 (the 1996 fixed-column format) cannot be written: its record layout is not public, and a guessed layout would produce files no receiver reads"
    : `DestinationOenormType ${type} is unknown`;
  throw new GatewayError('GW_ERR_OPTION', `${why}; the types that can be written are ${WRITABLE_OENORM_TYPES.join(', ')}.`, 'DestinationOenormType');
}

/** The LV type written for an exchange phase (no kept type). */
const LV_TYPE_OF_PHASE: Readonly<Record<ExchangePhaseDto, string>> = {
  Undefined: 'entwurfs-lv',
  Base: 'entwurfs-lv',
  CostEstimate: 'kostenschaetzungs-lv',
  OfferRequest: 'ausschreibungs-lv',
  Offer: 'angebots-lv',
  SideOffer: 'alternativangebots-lv',
  Grant: 'vertrags-lv',
};

/** The LV type element for the service specification (see the module comment). */
export function lvTypeOf(spec: ServiceSpecificationDto): string {
  const phase: ExchangePhaseDto = spec.exchangePhase ?? 'Undefined';
  const kept = (spec.oenormProperties as Record<string, unknown> | undefined)?.lvType;
  if (typeof kept === 'string' && LV_TYPES[kept]?.phase === phase) return kept;
  return LV_TYPE_OF_PHASE[phase] ?? 'entwurfs-lv';
}

/** What an LV type's `kenndaten` and body allow (2009 `onlv.xsd`, `ontypdef.xsd` `lv-kenndaten-*.type`). */
export interface LvTypeRules {
  /** The bidder's LV: `nichtangeboten` means "not offered", prices are the bidder's. */
  offer: boolean;
  /** Group sums and `lv-summe` may be written ("Nicht im Entwurfs-LV und Ausschreibungs-LV"). */
  sums: boolean;
  /** kenndaten after the basis group: `preisbasis` only, `preisbasis | angebotsfrist`, or nothing. */
  date: 'preisbasis' | 'choice' | 'none';
  /** kenndaten has `bieter_auftragnehmer`. */
  bidder: boolean;
  /** kenndaten has `auftragcode` (contract, billing, supplementary offer). */
  contractCode: boolean;
  /** kenndaten may have `bieternummer` before `auftragcode`. */
  bidderNumber: boolean;
  /** Required attribute of the LV type element numbering the offer. */
  numberAttribute?: string;
  /** Elements may carry a `notiz` ("Nur bei Entwurfs-LV und Kostenschätzungs-LV", `lv-element-basisdaten.group`). */
  notiz: boolean;
  /** Entries may carry `zusatzangebotslvinfo` ("Nur bei Abrechnungs-LV und Zusatzangebots-LV", `lv-wvb-pos-basisdaten.group`). */
  zusatzangebotslvinfo: boolean;
  /**
   * Positions may carry a quantity take-off (`berechnetemengen`), the header `akztabelle` and `hilfsberechnungen`
   * ("Optional im Entwurfs-LV und Kostenschätzungs-LV, sonst nicht erlaubt").
   */
  takeoff: boolean;
}

export function lvTypeRules(lvType: string): LvTypeRules {
  const offer = LV_TYPES[lvType]?.offer ?? false;
  const base: LvTypeRules = {
    offer, sums: true, date: 'choice', bidder: false, contractCode: false, bidderNumber: false, notiz: false, zusatzangebotslvinfo: false, takeoff: false,
  };
  switch (lvType) {
    case 'entwurfs-lv': return { ...base, sums: false, date: 'none', notiz: true, takeoff: true };
    case 'kostenschaetzungs-lv': return { ...base, date: 'preisbasis', notiz: true, takeoff: true };
    case 'ausschreibungs-lv': return { ...base, sums: false };
    case 'angebots-lv': return { ...base, bidder: true };
    case 'alternativangebots-lv': return { ...base, bidder: true, numberAttribute: 'alternativangebotsnummer' };
    case 'abaenderungsangebot-lv': return { ...base, bidder: true, numberAttribute: 'abaenderungsangebotsnummer' };
    case 'vertrags-lv': return { ...base, bidder: true, contractCode: true, bidderNumber: true };
    case 'abrechnungs-lv': return { ...base, bidder: true, contractCode: true, bidderNumber: true, zusatzangebotslvinfo: true };
    case 'zusatzangebots-lv': return { ...base, bidder: true, contractCode: true, numberAttribute: 'zusatzangebotslvnummer', zusatzangebotslvinfo: true };
    default: return base;
  }
}
