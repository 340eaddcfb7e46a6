/**
 * What each GAEB DA XML exchange phase (DP 80–87) allows or requires, per schema version.
 *
 * Source: the phase XSDs `GAEB_DA_XML_8x_3.3_2021-05.xsd`, which `xs:redefine` (restrict) the types of
 * `GAEB_DA_XML_Lib_3.3_2021-05.xsd` (tgGAEB, tgPrjInfo, tgAward, tgAwardInfo, tgBoQInfo, tgBoQCtgy, tgItem,
 * tgRemark, tgPerfDescr, tgDescription, tgTextComplement, tgpTC …); `GAEB_DA_XML_83_3.2_2013-10.xsd` (3.2 has
 * the same phase restrictions for what this writer emits); and the single 3.1 schema `GAEB_XML_3_1_Schema.xsd`
 * (namespace `…/200407`, one unrestricted model for DP 81–87). Element order is the Lib's sequence order in
 * every phase; the writer emits in that order and consults these flags for presence.
 */

export type GaebXmlVersion = '3.1' | '3.2' | '3.3';
export type GaebPhase = '80' | '81' | '82' | '83' | '84' | '85' | '86' | '87';

/**
 * The phases whose XSD restricts the Lib exactly as another phase does for everything this writer emits:
 * X80 ("Universelle LV-Daten", BoQ data for catalogues) has X82's item, category (`NotApplBoQ`, optional
 * `Totals`), OWN/CTR (optional) and full AwardInfo content; X87 (Auftragsbestätigung, order confirmation) is
 * X86 except that `MarkupItem/IT` is required and `ITMarkup`/`Markup` optional (the writer emits all three) and
 * AwardInfo has no `CtlgAssign` (never written). Source: `GAEB_DA_XML_80_3.3_2021-05.xsd`,
 * `GAEB_DA_XML_87_3.3_2021-05.xsd` compared with X82/X86 of the same package.
 */
const RULES_OF: Readonly<Partial<Record<GaebPhase, GaebPhase>>> = { '80': '82', '87': '86' };

/**
 * The phases each schema version can hold: the 3.2/3.3 packages have an XSD (and namespace `DA{DP}/{version}`)
 * for 80–87; the single 3.1 schema's `Award/DP` enumerates 81–87 only.
 */
export function writablePhases(version: GaebXmlVersion): readonly GaebPhase[] {
  return version === '3.1' ? ['81', '82', '83', '84', '85', '86', '87'] : ['80', '81', '82', '83', '84', '85', '86', '87'];
}

/**
 * The phase to write instead of a DP the target cannot hold: X80 → 82 and X87 → 86 (same content rules, see
 * `RULES_OF`), every other DP (invoices 89/89B, time-and-material 83Z/84Z/86ZE/86ZR …) → 86 (award: keeps texts
 * and prices). The caller reports the change.
 */
export const nearestWritablePhase = (dp: string): GaebPhase => RULES_OF[dp as GaebPhase] ?? '86';
export type Presence = 'none' | 'optional' | 'required';

/** `AwardInfo` children the writer knows, in schema order. */
export type AwardInfoField =
  | 'Cat' | 'Cur' | 'OpenDate' | 'SubmLoc' | 'CnstStart' | 'CnstEnd' | 'ContrNo' | 'ContrDate' | 'AcceptType' | 'Warr';

export interface PhaseRules {
  version: GaebXmlVersion;
  phase: GaebPhase;
  /** Root namespace (3.2/3.3 per phase, 3.1 shared). */
  namespace: string;
  /** `GAEBInfo/Version` and `VersDate` (tgVersion / tgGAEBVersDate enumerations). */
  versionLabel: string;
  versDate: string;
  /** UP, UPComp, IT and Totals are written (82, 84, 85, 86; 81 allows UP but carries no prices by convention). */
  prices: boolean;
  /** `GAEB/AddText` (closing texts). */
  closingAddText: boolean;
  prjInfo: {
    nameRequired: boolean;
    descrip: boolean;
    /** `Cur`/`CurLbl` in PrjInfo (else in AwardInfo when listed there). */
    cur: boolean;
    bidCommPerm: boolean;
    alterBidPerm: boolean;
    upFracDig: boolean;
  };
  award: {
    awardInfo: readonly AwardInfoField[];
    own: Presence;
    ctr: Presence;
    /** `Award/AddText` (opening texts). */
    addText: boolean;
  };
  boqInfo: {
    /** LblBoQ, Date, OutlCompl (all absent in 84). */
    full: boolean;
    /** NoUPComps + LblUPComp1..6 + LblTime. */
    upComps: boolean;
    /** `LblUPComp@Type` is required (3.2/3.3) or absent (3.1). */
    upCompType: boolean;
    totals: boolean;
  };
  ctgy: {
    lblTx: boolean;
    notApplBoQ: boolean;
    totals: Presence;
  };
  item: {
    /** ALNGroupNo/ALNSerNo, Provis, LumpSumItem, HourIt, KeyIt, RefRNo/RefPerfNo. */
    flags: boolean;
    notAppl: boolean;
    notOffered: boolean;
    /** `QtyTBD` alone (83), with optional Qty (81/82/86, 3.1), or not at all (84, 85). */
    qtyTBD: 'none' | 'alone' | 'withQty';
    /**
     * `Qty` of every item, or (84, the reduced bid) only of items whose quantity the bidder enters: a bid carries
     * prices, not the tender's quantities (BVBS certification X84; gaeb-online.de "Keine Texte, keine Mengen bei DA84").
     */
    qty: 'all' | 'bidderEntered';
    qu: Presence;
    /** SumDescr + full SubDescr (else 84's SubDNo/Description?/Qty?). */
    subDescrFull: boolean;
    /** `QtyDeterm` (tgQtyDeterm, last in tgItem): in every phase XSD of 3.2/3.3 (81–86); not in the 3.1 schema. */
    qtyDeterm: boolean;
    /** `CONo` + `COStatus` of items and categories (change orders): every phase but 84 and 85. */
    changeOrder: boolean;
  };
  text: {
    /** 84 keeps only TextComplements (tgpTC = TextComplement*), no short texts, no labels. */
    complementsOnly: boolean;
    /** TextComplement may sit inside `p`/`div`/`li`/`td` (3.2/3.3 tgFTextTC); 3.1 only beside `Text`. */
    complementInline: boolean;
    /** 3.1 requires ComplCaption and ComplTail. */
    complementCaptionTail: boolean;
    /** 84 (3.2/3.3): a TextComplement carries only ComplBody (and ComplBodyDec/Int). */
    complementBodyOnly: boolean;
    /** PerfDescr has PerfLbl (all but 84 in 3.2/3.3). */
    perfLbl: boolean;
    /** Remark and PerfDescr require a Description (all but 84 in 3.2/3.3). */
    descriptionRequired: boolean;
  };
}

const NS_31 = 'http://www.gaeb.de/GAEB_DA_XML/200407';

const AWARD_INFO_LIB: readonly AwardInfoField[] = [
  'Cat', 'Cur', 'OpenDate', 'SubmLoc', 'CnstStart', 'CnstEnd', 'ContrNo', 'ContrDate', 'AcceptType', 'Warr',
];
const AWARD_INFO_86: readonly AwardInfoField[] = ['Cur', 'CnstStart', 'CnstEnd', 'ContrNo', 'ContrDate', 'AcceptType', 'Warr'];

/** The rules of the 3.3 phase XSDs (3.2 is identical for everything the writer emits). */
function rules33(dp: GaebPhase): Omit<PhaseRules, 'version' | 'namespace' | 'versionLabel' | 'versDate'> {
  const phase = RULES_OF[dp] ?? dp;
  const reduced = phase === '84';
  return {
    phase: dp,
    prices: phase === '82' || phase === '84' || phase === '85' || phase === '86',
    closingAddText: !reduced,
    prjInfo: {
      nameRequired: reduced,
      descrip: !reduced,
      cur: !reduced,
      bidCommPerm: !reduced,
      alterBidPerm: !reduced && phase !== '85',
      upFracDig: !reduced && phase !== '85',
    },
    award: {
      awardInfo: reduced || phase === '85' ? ['Cur'] : phase === '86' ? AWARD_INFO_86 : AWARD_INFO_LIB,
      own: phase === '86' ? 'required' : reduced || phase === '85' ? 'none' : 'optional',
      ctr: phase === '84' || phase === '86' ? 'required' : phase === '83' ? 'none' : 'optional',
      addText: !reduced,
    },
    boqInfo: {
      full: !reduced,
      upComps: !reduced,
      upCompType: true,
      totals: phase !== '83' && phase !== '81',
    },
    ctgy: {
      lblTx: !reduced,
      notApplBoQ: phase === '81' || phase === '82' || phase === '83' || phase === '86',
      totals: phase === '84' || phase === '86' ? 'required' : phase === '82' || phase === '85' ? 'optional' : 'none',
    },
    item: {
      flags: !reduced,
      notAppl: phase === '81' || phase === '82' || phase === '86',
      notOffered: reduced,
      qtyTBD: phase === '83' ? 'alone' : reduced || phase === '85' ? 'none' : 'withQty',
      qty: reduced ? 'bidderEntered' : 'all',
      qu: phase === '83' || phase === '85' ? 'required' : reduced ? 'none' : 'optional',
      subDescrFull: !reduced,
      qtyDeterm: true,
      changeOrder: !reduced && phase !== '85',
    },
    text: {
      complementsOnly: reduced,
      complementInline: true,
      complementCaptionTail: false,
      complementBodyOnly: reduced,
      perfLbl: !reduced,
      descriptionRequired: !reduced,
    },
  };
}

/**
 * The rules for writing `phase` in schema `version`.
 * 3.1 keeps the phase's content choices (reduced 84, no prices in 81/83) but follows the single 3.1 schema
 * where it is stricter or different: `NamePrj` and `LblTx` required, no `@Type` on `LblUPComp`, TextComplement
 * only beside `Text` with `ComplCaption`/`ComplTail` present, no `NotOffered`, `SubDescr` only after `SumDescr`,
 * `Remark`/`PerfDescr` always with `Description` (and `PerfLbl`), OWN optional.
 */
export function phaseRules(version: GaebXmlVersion, phase: GaebPhase): PhaseRules {
  const base = rules33(phase);
  if (version !== '3.1') {
    return {
      ...base,
      version,
      namespace: `http://www.gaeb.de/GAEB_DA_XML/DA${phase}/${version}`,
      versionLabel: version,
      versDate: version === '3.3' ? '2021-05' : '2013-10',
    };
  }
  return {
    ...base,
    version,
    namespace: NS_31,
    versionLabel: '3.1',
    versDate: '2009-12',
    closingAddText: true,
    prjInfo: { ...base.prjInfo, nameRequired: true },
    award: {
      ...base.award,
      awardInfo: base.award.awardInfo,
      own: 'optional',
      ctr: phase === '84' || phase === '86' ? 'required' : 'optional',
    },
    boqInfo: { ...base.boqInfo, full: true, upCompType: false },
    ctgy: { ...base.ctgy, lblTx: true, totals: base.prices ? 'optional' : 'none' },
    item: { ...base.item, notOffered: false, qu: base.item.qu === 'none' ? 'none' : 'optional', subDescrFull: true, qtyDeterm: false },
    text: {
      ...base.text,
      complementInline: false,
      complementCaptionTail: true,
      complementBodyOnly: false,
      perfLbl: true,
      descriptionRequired: true,
    },
  };
}

/**
 * The service-specification field in which the GAEB readers keep an exchange phase (DP) the model's
 * `exchangePhase` cannot name — X80 (BoQ for catalogues), X87 (order confirmation), invoices 89/89B,
 * time-and-material 83Z/84Z/86ZE/86ZR — as the file's DP token (string). `exchangePhase` stays `Undefined`
 * for them (AVACloud's ExchangePhaseDto stops at Grant = 86). The GAEB writers honour it while `exchangePhase`
 * is still `Undefined` and no `TargetExchangePhaseTransform` is set; setting either replaces it.
 */
export const KEPT_DP_FIELD = 'gaebExchangePhase';

/** The phase to write and, when the project's kept DP could not be written, that DP (for a message). */
export interface DpChoice {
  dp: string;
  replaced?: string;
}

/**
 * Which DP a GAEB writer emits: the `TargetExchangePhaseTransform` target, else the DP kept from the source
 * file (`KEPT_DP_FIELD`, only while `exchangePhase` is `Undefined`) when the target can hold it — else its
 * nearest writable phase, reported by the caller — else the model's phase, else 86 (award: keeps texts and
 * prices).
 * @param spec the service specification being written (`exchangePhase`, `KEPT_DP_FIELD`)
 * @param fromTransform DP of `TargetExchangePhaseTransform` (81–86), undefined for `None`
 * @param fromModel DP of the model's `exchangePhase` (81–86), undefined for `Undefined`
 * @param writable the DPs the target format and version can hold
 */
export function chooseDp(
  spec: { exchangePhase?: string; [KEPT_DP_FIELD]?: unknown } | undefined,
  fromTransform: string | undefined,
  fromModel: string | undefined,
  writable: readonly string[],
): DpChoice {
  if (fromTransform !== undefined) return { dp: fromTransform };
  const kept = spec?.[KEPT_DP_FIELD];
  if (typeof kept === 'string' && kept !== '' && (spec?.exchangePhase ?? 'Undefined') === 'Undefined') {
    if (writable.includes(kept)) return { dp: kept };
    const nearest = nearestWritablePhase(kept);
    return { dp: writable.includes(nearest) ? nearest : '86', replaced: kept };
  }
  return { dp: fromModel ?? '86' };
}
