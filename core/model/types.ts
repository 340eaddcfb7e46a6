/**
 * The canonical project model ("ava"): the ProjectDto tree of AVACloud 1.27, with the same JSON names.
 *
 * Source: AVACloud 1.27.4 API, as generated into Dangl-IT/avacloud-client-python (avacloud_client_python/models: types and allowed enum values).
 * Every reader produces this shape, every writer consumes it. Numbers are JSON numbers; quantities are in the
 * position's unit (`unitTag`), prices in project currency with `priceAccuracy` decimals after recalculation.
 * Fields marked "computed" are (re)filled by `calculateProject` and ignored on input.
 */

export type ExchangePhaseDto = 'Undefined' | 'Base' | 'CostEstimate' | 'OfferRequest' | 'Offer' | 'SideOffer' | 'Grant';
export type OriginDto = 'Self' | 'Gaeb90' | 'Gaeb2000' | 'GaebXml' | 'Oenorm' | 'Reb' | 'Sia';
export type PositionTypeDto = 'Regular' | 'Optional' | 'Alternative';
export type PriceTypeDto = 'WithTotal' | 'WithoutTotal';
export type ServiceTypeDto = 'Regular' | 'HourlyPaidWork';
export type ComissionStatusDto = 'Undefined' | 'Commissioned' | 'Postponed' | 'Removed';
/** Where an element of an addendum (Nachtrag, `addendumNumber`) stands (AVACloud `AddendumStatusDto`). */
export type AddendumStatusDto =
  'Unknown' | 'Recognized' | 'Filed' | 'Offered' | 'Withdrawn' | 'Rejected' | 'RejectionObjected' | 'FormallyAcknowledged' | 'Approved';
export type AdditionTypeDto = 'None' | 'ByBuyer' | 'ByBidder';
export type ItemNumberTypeDto = 'Numeric' | 'Alphanumeric';
export type ItemNumberSchemaTierTypeDto = 'Undefined' | 'Index' | 'Position' | 'Group' | 'Lot';
export type PriceRoundingModeDto = 'Normal' | 'Floor' | 'Ceiling';
export type PriceComponentTypeDto = 'Unknown' | 'Wages' | 'Materials' | 'Plant' | 'Miscellaneous';
export type AwardTypeDto =
  | 'Unspecified' | 'OpenProcurement' | 'ClosedProducrement' | 'NegotiationProcurementWithoutPublicAnnouncement'
  | 'NegotiationProcurement' | 'OpenCall' | 'SelectedCallWithoutPublicCompetition' | 'SelectedCall' | 'DirectAward'
  | 'InternationalNATOProcurement' | 'CompetitiveDialog';
export type SpecialAwardKindDto = 'Unspecified' | 'MaintenanceContract' | 'OutlineContract' | 'OutlineForMaintenanceContract';
export type DurationUnitDto = 'Months' | 'Years';
/** Where an ÖNORM element's text comes from (A 2063 `herkunftskennzeichen`: `Z` free text, `+` supplementary LB). */
export type OenormOriginCodeDto = 'Unknown' | 'FreeText' | 'AdditionDescription';

/** Discriminator values emitted on output; the short forms (`Position` …) are accepted on input. */
export const ELEMENT_TYPES = ['PositionDto', 'ServiceSpecificationGroupDto', 'NoteTextDto', 'ExecutionDescriptionDto'] as const;
export type ElementTypeDiscriminator = (typeof ELEMENT_TYPES)[number];

export interface PartyInformationDto {
  id?: string;
  name?: string;
  street?: string;
  zipCode?: string;
  city?: string;
  country?: string;
  countryCode?: string;
  identifier?: string;
  remarks?: string;
  email?: string;
  phone?: string;
  fax?: string;
  contactPersonName?: string;
  awardIdentifier?: string;
  isInEuropeanEconomicArea?: boolean;
  vatId?: string;
  [extra: string]: unknown;
}

export interface ItemNumberSchemaTierDto {
  /** Maximum characters of this tier (≥ 1). */
  length: number;
  type?: ItemNumberTypeDto;
  tierType?: ItemNumberSchemaTierTypeDto;
  isLot?: boolean;
  increment?: number;
  tierName?: string;
}

export interface ItemNumberSchemaDto {
  /** Sum of the tier lengths (what the real service emits, see reference §1.1). Computed. */
  totalLength?: number;
  tiers?: ItemNumberSchemaTierDto[];
  /** Single character between tiers, default ".". */
  separator?: string;
  /** Left-pad character, default "0". */
  filler?: string;
  identifier?: string;
  skipNonExistingLevelsInPositionItemNumbers?: boolean;
  /** Placeholder for a skipped tier, default "_" (rendered `01.__.02`). */
  skippedTiersFiller?: string;
  /** Computed validity flag. */
  schemaIsCorrectlyDefined?: boolean;
}

export interface ItemNumberDto {
  id?: string;
  /** e.g. "01.02.0030"; groups carry a trailing separator ("01."). */
  stringRepresentation?: string;
  /** Computed: the parts match the schema. */
  isSchemaCompliant?: boolean;
  itemNumberSchema?: ItemNumberSchemaDto;
  /** Computed: one entry per tier, e.g. ["02","03","004"]. */
  identifiers?: string[];
  isLot?: boolean;
  /** Computed, zero based. */
  hierarchyLevel?: number;
  isAttachedToPosition?: boolean;
}

/** One calculation line: a formula (+ − × ÷, parentheses, decimal comma or point) and its computed result. */
export interface CalculationDto {
  description?: string;
  formula?: string;
  /** Computed result of `formula`; 0 when invalid. */
  result?: number;
  /** Computed. */
  valid?: boolean;
  /** Computed: zero-based index of the first offending character, -1 when valid. */
  errorPositionInLine?: number;
  [extra: string]: unknown;
}

export interface PriceComponentDto {
  /** Computed: sum of `values` results, price in project currency. */
  price?: number;
  label?: string;
  values?: CalculationDto[];
  [extra: string]: unknown;
}

export interface LabourPriceComponentDto {
  label?: string;
  /** Computed: totalTime × hourlyWage. */
  price?: number;
  hourlyWage?: number;
  values?: CalculationDto[];
  useOwnHourlyWage?: boolean;
  /** Computed: sum of `values` results, hours. */
  totalTime?: number;
  [extra: string]: unknown;
}

export interface GrossPriceComponentDto {
  taxRate: number;
  deductionFactor: number;
  totalNet: number;
  totalDeducted: number;
  totalTax: number;
  totalGross: number;
  totalGrossDeducted: number;
  totalTaxDeducted: number;
}

export interface PriceInformationDto {
  id?: string;
  hourlyWage?: number;
  deductionFactor?: number;
  flatSum?: number;
  taxRate?: number;
  tradeDiscounts?: { id?: string; deadline?: number; rate?: number }[];
}

export interface ProjectInformationDto {
  buyer?: PartyInformationDto;
  description?: string;
  descriptionShort?: string;
  name?: string;
  site?: PartyInformationDto;
  itemNumberSchema?: ItemNumberSchemaDto;
  currencyShort?: string;
  currencyLong?: string;
  labourTimeLabel?: string;
  priceComponents?: string[];
  priceComponentTypes?: Record<string, PriceComponentTypeDto>;
  bidderCommentAllowed?: boolean;
  sideOffersAllowed?: boolean;
  awardType?: AwardTypeDto;
  specialAwardKind?: SpecialAwardKindDto;
  [extra: string]: unknown;
}

/** Fields shared by ServiceSpecificationDto and ServiceSpecificationGroupDto (C# ElementContainerBase). */
export interface ElementContainerBase {
  projectHourlyWage?: number;
  projectTaxRate?: number;
  projectPriceComponents?: string[];
  projectItemNumberSchema?: ItemNumberSchemaDto;
  elements?: ElementDto[];
  projectLabourTimeLabel?: string;
  containsDuplicateItemNumbers?: boolean;
  containsDuplicateElementIds?: boolean;
  ignoreDuplicateItemNumbers?: boolean;
  ignoreDuplicateElementIds?: boolean;
  /** Computed: net, tax and gross per tax rate. */
  totalPriceGrossByTaxRate?: GrossPriceComponentDto[];
  ignoreChildPriceUpdates?: boolean;
  /** Computed: net total after deductions. */
  deductedPrice?: number;
  /** 0.03 = 3 % deduction. */
  deductionFactor?: number;
  /**
   * Absolute deduction in project currency (AVACloud 1.29+ field; GAEB `Totals/DiscountAmt`), subtracted after
   * `deductionFactor`: `deductedPrice` = round(totalPrice × (1 − deductionFactor)) − absoluteDeduction.
   */
  absoluteDeduction?: number;
  /**
   * Extra field: lump-sum total of the container (GAEB `Totals/TotalLSUM`; named like AVACloud's
   * `PriceInformationDto.flatSum`). When set it is the container's `deductedPrice` (what its parent sums);
   * `totalPrice` stays the computed sum of the children.
   */
  flatSum?: number;
  /**
   * Computed: net total of the counted children after their own deductions (GAEB `Totals/Total`): Σ of the
   * children's `deductedPrice`.
   */
  totalPrice?: number;
  totalPriceGross?: number;
  totalPriceGrossDeducted?: number;
  priceType?: PriceTypeDto;
}

export interface ServiceSpecificationDto extends ElementContainerBase {
  id?: string;
  bidder?: PartyInformationDto;
  bidderDiscriminator?: string;
  gaebXmlId?: string;
  projectInformation?: ProjectInformationDto;
  exchangePhase?: ExchangePhaseDto;
  origin?: OriginDto;
  originDetail?: string;
  creationDate?: string;
  offerByDate?: string;
  decisionDate?: string;
  submissionLocation?: string;
  description?: string;
  name?: string;
  priceInformation?: PriceInformationDto;
  plannedExecutionStart?: string;
  plannedExecutionEnd?: string;
  contractDate?: string;
  contractIdentifier?: string;
  warrantyDuration?: { duration: number; unit: DurationUnitDto };
  warrantyEnd?: string;
  approvalDate?: string;
  typeOfApproval?: string;
  addendumNumber?: string;
  [extra: string]: unknown;
}

/** Base of every entry in `elements`. */
export interface ElementBase {
  id?: string;
  gaebXmlId?: string;
  /** The addendum (Nachtrag) the element belongs to; positions and groups also state its `addendumStatus`. */
  addendumNumber?: string;
  addendumStatus?: AddendumStatusDto;
  /** `PositionDto` | `ServiceSpecificationGroupDto` | `NoteTextDto` | `ExecutionDescriptionDto` (short forms on input). */
  elementTypeDiscriminator: string;
  /** Emitted with the same value as `elementTypeDiscriminator`. */
  elementType?: string;
  [extra: string]: unknown;
}

export interface DescriptionBase {
  shortText?: string;
  longText?: string;
  htmlLongText?: string;
  additionType?: AdditionTypeDto;
  hasBidderCommentInHtmlLongText?: boolean;
}

/**
 * ÖNORM A 2063 properties of a group (AVACloud `OenormPropertiesDto`); readers may add extra fields (the ÖNORM
 * element names they keep, such as the outline level).
 */
export interface OenormPropertiesDto {
  originCode?: OenormOriginCodeDto;
  openingTextIsFreeText?: boolean;
  [extra: string]: unknown;
}

/**
 * ÖNORM A 2063 properties of a position (AVACloud `OenormPositionPropertiesDto`, 1.32+ `oenormShortText` /
 * `oenormShortTextAddition`): `isMainPosition` is `wesentlicheposition`, `isUndividedPosition` an
 * `ungeteilteposition`, `oenormShortText` the `stichwort` (or `stichwort-kurz`), `oenormShortTextAddition` the
 * `stichwort-luecke`. Readers may add extra fields (the ÖNORM element names they keep).
 */
export interface OenormPositionPropertiesDto {
  originCode?: OenormOriginCodeDto;
  openingTextIsFreeText?: boolean;
  isMainPosition?: boolean;
  isUndividedPosition?: boolean;
  oenormShortText?: string;
  oenormShortTextAddition?: string;
  [extra: string]: unknown;
}

/** ÖNORM A 2063 properties of a note text (AVACloud `OenormNoteTextPropertiesDto`); readers may add extra fields. */
export interface OenormNoteTextPropertiesDto {
  originCode?: OenormOriginCodeDto;
  openingTextIsFreeText?: boolean;
  isUndividedPosition?: boolean;
  [extra: string]: unknown;
}

export interface ServiceSpecificationGroupDto extends ElementBase, ElementContainerBase {
  elementTypeDiscriminator: 'ServiceSpecificationGroupDto' | 'ServiceSpecificationGroup';
  shortText?: string;
  comissionStatus?: ComissionStatusDto;
  itemNumber?: ItemNumberDto;
  isLot?: boolean;
  /** Id of the base group of this alternative group (GAEB ALNBSerNo ≥ 1); such groups do not count in totals. */
  alternativeTo?: string;
  /** Serial number in the alternative group (GAEB ALNBSerNo, 0 = base); AVACloud 1.29+ group field. */
  alternativeIdentifier?: number;
  /** Alternative group number (GAEB ALNBGroupNo); AVACloud 1.29+ group field. */
  alternativeGroupIdentifier?: number;
  oenormProperties?: OenormPropertiesDto;
  /** Computed, zero based. */
  hierarchyLevel?: number;
}

export interface SubDescriptionDto extends DescriptionBase {
  id?: string;
  quantity?: number;
  quantityComponents?: CalculationDto[];
  amountToBeEnteredByBidder?: boolean;
  identifier?: string;
  [extra: string]: unknown;
}

/** AVACloud 1.29+ `PositionComplementingTypeDto` (GAEB MarkupType IdentAsMark | AllInCat | ListInSubQty). */
export type PositionComplementingTypeDto = 'Undefined' | 'AllPreviousMarkedPositions' | 'AllPreviousPositions' | 'ReferencedPositions';

export interface PositionDto extends ElementBase, DescriptionBase {
  elementTypeDiscriminator: 'PositionDto' | 'Position';
  /** Computed: unit price in project currency (`priceAccuracy` decimals); from override or components. */
  unitPrice?: number;
  unitPriceOverride?: number;
  /** Computed: quantity in `unitTag`, 3 decimals; from override or `quantityComponents`. */
  quantity?: number;
  quantityOverride?: number;
  unitTag?: string;
  labourComponents?: LabourPriceComponentDto;
  priceComponents?: PriceComponentDto[];
  quantityComponents?: CalculationDto[];
  subDescriptions?: SubDescriptionDto[];
  comissionStatus?: ComissionStatusDto;
  complementedBy?: string[];
  /**
   * This position is complemented in its service specification, i.e. it is part of the base of a complementing
   * (markup) position of type `AllPreviousMarkedPositions` (GAEB `MarkupIt` = Yes, "zuschlagspflichtig").
   */
  complemented?: boolean;
  /**
   * A complementing ("Zuschlag") position, GAEB `MarkupItem` (AVACloud 1.29+ field). Its `unitPrice` is computed:
   * round(base × complementingPricePercentage / 100), base per `gaebComplementingType`; quantity 1.
   */
  isComplementingPosition?: boolean;
  /** Which positions form the base of a complementing position (GAEB `MarkupType`). */
  gaebComplementingType?: PositionComplementingTypeDto;
  /** Ids of the base positions of a `ReferencedPositions` complementing position (GAEB `MarkupSubQty/RefItem`). */
  complementsPositions?: string[];
  /**
   * Markup rate of a complementing position as a PERCENT number, as GAEB `Markup` states it: 10 = 10 % (not a
   * fraction like `deductionFactor`).
   */
  complementingPricePercentage?: number;
  /** Extra computed field: the base of a complementing position (GAEB `ITMarkup`), Σ deducted prices of its base. */
  complementingBasePrice?: number;
  amountToBeEnteredByBidder?: boolean;
  priceCompositionRequired?: boolean;
  useDifferentTaxRate?: boolean;
  taxRate?: number;
  itemNumber?: ItemNumberDto;
  deductionFactor?: number;
  /** Computed: quantity × unitPrice, `priceAccuracy` decimals. */
  totalPrice?: number;
  totalPriceGross?: number;
  totalPriceGrossDeducted?: number;
  deductedPrice?: number;
  positionType?: PositionTypeDto;
  priceType?: PriceTypeDto;
  serviceType?: ServiceTypeDto;
  alternativeTo?: string;
  alternativeIdentifier?: number;
  alternativeGroupIdentifier?: number;
  isLumpSum?: boolean;
  repetitionTo?: string;
  executionDescriptionReference?: string;
  notOffered?: boolean;
  oenormPositionProperties?: OenormPositionPropertiesDto;
  /** Computed, zero based. */
  hierarchyLevel?: number;
}

export interface NoteTextDto extends ElementBase, DescriptionBase {
  elementTypeDiscriminator: 'NoteTextDto' | 'NoteText';
  /** GAEB XML `Award/AddText` (top level only). */
  isOpeningText?: boolean;
  /** GAEB XML `GAEB/AddText` (top level only). */
  isClosingText?: boolean;
  identifier?: string;
  oenormNoteTextProperties?: OenormNoteTextPropertiesDto;
}

export interface ExecutionDescriptionDto extends ElementBase {
  elementTypeDiscriminator: 'ExecutionDescriptionDto' | 'ExecutionDescription';
  blocks?: NoteTextDto[];
  label?: string;
  identifier?: string;
}

export type ElementDto = PositionDto | ServiceSpecificationGroupDto | NoteTextDto | ExecutionDescriptionDto;

export interface ProjectDto {
  id?: string;
  /** Decimal places kept in price calculations (default 3, real service sample). */
  priceAccuracy?: number;
  /**
   * Decimal places of unit prices (AVACloud 1.29+ field); when unset unit prices use `priceAccuracy`. GAEB files
   * read with UP decimals 2–3 (UPFracDig) but amounts (IT, totals) with 2: the reader sets both.
   */
  unitPriceAccuracy?: number;
  /** totalPrice = quantity × unitPrice strictly (default true). */
  forceStrictTotals?: boolean;
  priceRoundingMode?: PriceRoundingModeDto;
  projectInformation?: ProjectInformationDto;
  serviceSpecifications?: ServiceSpecificationDto[];
  gaebXmlId?: string;
  [extra: string]: unknown;
}

const SHORT_TO_LONG: Record<string, ElementTypeDiscriminator> = {
  position: 'PositionDto',
  positiondto: 'PositionDto',
  servicespecificationgroup: 'ServiceSpecificationGroupDto',
  servicespecificationgroupdto: 'ServiceSpecificationGroupDto',
  notetext: 'NoteTextDto',
  notetextdto: 'NoteTextDto',
  executiondescription: 'ExecutionDescriptionDto',
  executiondescriptiondto: 'ExecutionDescriptionDto',
};

/**
 * Canonical discriminator for an input value: `Position`, `positiondto` … → `PositionDto`.
 * Matching is case-insensitive (the Java client maps them so, reference §1.1). Returns undefined when unknown.
 */
export function canonicalElementType(value: unknown): ElementTypeDiscriminator | undefined {
  if (typeof value !== 'string') return undefined;
  switch (value) {
    // The canonical forms, as every normalised element holds them (no lower-cased copy needed).
    case 'PositionDto': case 'ServiceSpecificationGroupDto': case 'NoteTextDto': case 'ExecutionDescriptionDto':
      return value;
    default:
      return SHORT_TO_LONG[value.toLowerCase()];
  }
}

export const isPosition = (e: ElementDto): e is PositionDto => canonicalElementType(e.elementTypeDiscriminator) === 'PositionDto';
export const isGroup = (e: ElementDto): e is ServiceSpecificationGroupDto =>
  canonicalElementType(e.elementTypeDiscriminator) === 'ServiceSpecificationGroupDto';
/** The positions under `elements` (groups searched at any depth), in document order. */
export function positionsOf(elements: readonly ElementDto[] | undefined, out: PositionDto[] = []): PositionDto[] {
  for (const e of elements ?? []) {
    if (isPosition(e)) out.push(e);
    else if (isGroup(e)) positionsOf(e.elements, out);
  }
  return out;
}
export const isNoteText = (e: ElementDto): e is NoteTextDto => canonicalElementType(e.elementTypeDiscriminator) === 'NoteTextDto';
export const isExecutionDescription = (e: ElementDto): e is ExecutionDescriptionDto =>
  canonicalElementType(e.elementTypeDiscriminator) === 'ExecutionDescriptionDto';

/**
 * GAEB DA phase number ↔ exchange phase (AVACloud 1.27.4 API, Dangl-IT/avacloud-client-python docs). Without a
 * prototype, as `core/lookup.ts` makes its tables (a DP read from a file, such as `constructor`, is never a key);
 * written out here so that this file of types imports nothing.
 */
export const EXCHANGE_PHASE_BY_DP: Readonly<Record<string, ExchangePhaseDto>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, ExchangePhaseDto>, {
    '81': 'Base', '82': 'CostEstimate', '83': 'OfferRequest', '84': 'Offer', '85': 'SideOffer', '86': 'Grant',
  }),
);
export const DP_BY_EXCHANGE_PHASE: Readonly<Partial<Record<ExchangePhaseDto, string>>> = {
  Base: '81', CostEstimate: '82', OfferRequest: '83', Offer: '84', SideOffer: '85', Grant: '86',
};
