/**
 * Normalisation of a (possibly very partial) project as clients and readers send it into the full ProjectDto
 * shape: validation of kinds, ids, canonical discriminators, defaults, long-text sync.
 *
 * Source: AVACloud 1.27.4 API conventions (Dangl-IT/avacloud-client-python, API_README.md, docs) (the service "accepts very partial input … and fills ids, totals,
 * computed values"; discriminators, case-insensitive and short forms; long-text sync), §1.2 (fields), §1.3 (enums).
 */
import type { DerivedPlainTexts } from './derived-plain-texts.js';
import { htmlToPlainText, plainTextToHtml } from '../text/plain-text.js';
import type { LongTextCache } from '../text/long-text-cache.js';
import {
  asDto, at, camelKeys, child, choice, describe, eachDto, ensureId, fail, flag, flags, int, isFlag, isNum, isObject, isText,
  list, num, text, texts, type Obj,
} from './normalize-fields.js';
import { ELEMENT_TYPES, canonicalElementType, type ElementTypeDiscriminator, type ProjectDto } from './types.js';
import { newId } from './ids.js';

const MAX_GROUP_DEPTH = 64;

/** Options of {@link normalizeProject}. */
export interface NormalizeOptions {
  /** Plain long texts the reader of the project derived with their HTML, bound to its very description objects. */
  derivedPlainTexts?: DerivedPlainTexts;
  /** The conversion's parsed long texts: an HTML long text is parsed once for the plain text and the writer. */
  longTexts?: LongTextCache;
  /**
   * Every position (`PositionDto`) of the input was built complete by a reader of its format: canonical
   * `elementTypeDiscriminator` and `elementType`, an `id`, every default and checked field present and of its type
   * (as this normalisation leaves them), an item number object with `id` and its flags. Such positions are given
   * their plain long text (`longText` from `htmlLongText`) and otherwise left as they are, unchecked: never for
   * input from outside the gateway, which is checked field by field.
   */
  completePositions?: boolean;
}

const ENUM = {
  exchangePhase: ['Undefined', 'Base', 'CostEstimate', 'OfferRequest', 'Offer', 'SideOffer', 'Grant'],
  origin: ['Self', 'Gaeb90', 'Gaeb2000', 'GaebXml', 'Oenorm', 'Reb', 'Sia'],
  positionType: ['Regular', 'Optional', 'Alternative'],
  complementingType: ['Undefined', 'AllPreviousMarkedPositions', 'AllPreviousPositions', 'ReferencedPositions'],
  priceType: ['WithTotal', 'WithoutTotal'],
  serviceType: ['Regular', 'HourlyPaidWork'],
  comissionStatus: ['Undefined', 'Commissioned', 'Postponed', 'Removed'],
  additionType: ['None', 'ByBuyer', 'ByBidder'],
  itemNumberType: ['Numeric', 'Alphanumeric'],
  tierType: ['Undefined', 'Index', 'Position', 'Group', 'Lot'],
  priceRoundingMode: ['Normal', 'Floor', 'Ceiling'],
  priceComponentType: ['Unknown', 'Wages', 'Materials', 'Plant', 'Miscellaneous'],
  awardType: [
    'Unspecified', 'OpenProcurement', 'ClosedProducrement', 'NegotiationProcurementWithoutPublicAnnouncement',
    'NegotiationProcurement', 'OpenCall', 'SelectedCallWithoutPublicCompetition', 'SelectedCall', 'DirectAward',
    'InternationalNATOProcurement', 'CompetitiveDialog',
  ],
  specialAwardKind: ['Unspecified', 'MaintenanceContract', 'OutlineContract', 'OutlineForMaintenanceContract'],
  durationUnit: ['Months', 'Years'],
  addendumStatus: ['Unknown', 'Recognized', 'Filed', 'Offered', 'Withdrawn', 'Rejected', 'RejectionObjected', 'FormallyAcknowledged', 'Approved'],
} as const satisfies Record<string, readonly string[]>;

const PARTY_STRINGS = [
  'name', 'street', 'zipCode', 'city', 'country', 'countryCode', 'identifier', 'remarks', 'email', 'phone', 'fax',
  'contactPersonName', 'awardIdentifier', 'vatId',
];
const SPEC_STRINGS = [
  'gaebXmlId', 'bidderDiscriminator', 'originDetail', 'creationDate', 'offerByDate', 'decisionDate',
  'submissionLocation', 'description', 'name', 'plannedExecutionStart', 'plannedExecutionEnd', 'contractDate',
  'contractIdentifier', 'warrantyEnd', 'approvalDate', 'typeOfApproval', 'addendumNumber',
];
const POSITION_FLAGS = [
  'complemented', 'amountToBeEnteredByBidder', 'priceCompositionRequired', 'useDifferentTaxRate', 'isLumpSum', 'notOffered',
];
const CONTAINER_FLAGS = [
  'containsDuplicateItemNumbers', 'containsDuplicateElementIds', 'ignoreDuplicateItemNumbers',
  'ignoreDuplicateElementIds', 'ignoreChildPriceUpdates',
];

/**
 * Where plain long texts come from: the ones the reader of the project derived with their HTML (see
 * `DerivedPlainTexts`) and the conversion's parsed long texts; handed down as the parameter `derived` from
 * `normalizeProject` to `descriptionTexts`.
 */
interface Derived {
  plains?: DerivedPlainTexts;
  /** See `NormalizeOptions.completePositions`. */
  completePositions: boolean;
  /** The plain text of an HTML long text (through the conversion's `LongTextCache` when there is one). */
  convert: (html: string) => string;
}

/** The plain text of `html`, the long text of the description `o`. */
function plainOf(derived: Derived, o: Obj, html: string): string {
  return derived.plains !== undefined ? derived.plains.plainTextFor(o, html, derived.convert) : derived.convert(html);
}

// Defaults are written with literal property names: V8 adds properties through named stores far faster than
// through the generic keyed helpers, which then only check the (now present) values.

function containerDefaults(c: Obj, fallback: { taxRate?: unknown; hourlyWage?: unknown; deductionFactor?: unknown }): void {
  c.projectTaxRate ??= fallback.taxRate ?? 0;
  c.projectHourlyWage ??= fallback.hourlyWage ?? 0;
  c.deductionFactor ??= fallback.deductionFactor ?? 0;
  c.priceType ??= 'WithTotal';
  c.containsDuplicateItemNumbers ??= false;
  c.containsDuplicateElementIds ??= false;
  c.ignoreDuplicateItemNumbers ??= false;
  c.ignoreDuplicateElementIds ??= false;
  c.ignoreChildPriceUpdates ??= false;
}

function positionDefaults(e: Obj): void {
  e.additionType ??= 'None';
  e.hasBidderCommentInHtmlLongText ??= false;
  e.comissionStatus ??= 'Undefined';
  e.complemented ??= false;
  e.amountToBeEnteredByBidder ??= false;
  e.priceCompositionRequired ??= false;
  e.useDifferentTaxRate ??= false;
  e.isLumpSum ??= false;
  e.notOffered ??= false;
  e.taxRate ??= 0;
  e.deductionFactor ??= 0;
  e.positionType ??= 'Regular';
  e.priceType ??= 'WithTotal';
  e.serviceType ??= 'Regular';
}

function noteDefaults(e: Obj): void {
  e.additionType ??= 'None';
  e.hasBidderCommentInHtmlLongText ??= false;
  e.isOpeningText ??= false;
  e.isClosingText ??= false;
}

function descriptionTexts(o: Obj, path: string, derived: Derived): void {
  if (!(isText(o.shortText) && isText(o.longText) && isText(o.htmlLongText) && isText(o.descriptionId))) {
    texts(o, path, ['shortText', 'longText', 'htmlLongText', 'descriptionId']);
  }
  if (o.additionType !== 'None') choice(o, 'additionType', path, ENUM.additionType);
  if (!isFlag(o.hasBidderCommentInHtmlLongText)) flag(o, 'hasBidderCommentInHtmlLongText', path);
  syncLongTexts(o, derived);
}

/** A non-empty `htmlLongText` wins and `longText` is its plain text; otherwise `htmlLongText` is made from `longText`. */
function syncLongTexts(o: Obj, derived: Derived): void {
  const html = o.htmlLongText as string | undefined;
  const plain = o.longText as string | undefined;
  if (html) o.longText = plainOf(derived, o, html);
  else if (plain) o.htmlLongText = plainTextToHtml(plain);
}

function calculations(o: Obj, key: string, path: string): void {
  const lines = o[key];
  // lines that are already fine (as readers build them) need no item paths, which are only for messages
  if (Array.isArray(lines) && lines.every(isCheckedCalculation)) return;
  eachDto(o, key, path, calculation);
}

function calculation(c: Obj, path: string): void {
  const formula = c.formula;
  if (typeof formula === 'number') c.formula = String(formula);
  else text(c, 'formula', path);
  text(c, 'description', path);
}

/** A calculation line that `calculation` would leave as it is (its keys camel-cased in place, as `asDto` does). */
function isCheckedCalculation(c: unknown): boolean {
  if (!isObject(c)) return false;
  camelKeys(c);
  return isText(c.formula) && isText(c.description);
}

function party(o: Obj, path: string): void {
  ensureId(o, path);
  o.isInEuropeanEconomicArea ??= false;
  texts(o, path, PARTY_STRINGS);
  flag(o, 'isInEuropeanEconomicArea', path);
}

function itemNumberSchema(o: Obj, path: string): void {
  eachDto(o, 'tiers', path, (tier, p) => {
    if (tier.length === undefined || tier.length === null) fail(at(p, 'length'), 'length is missing');
    tier.type ??= 'Numeric';
    tier.tierType ??= 'Undefined';
    tier.isLot ??= false;
    tier.increment ??= 1;
    int(tier, 'length', p, 1, 99);
    choice(tier, 'type', p, ENUM.itemNumberType);
    choice(tier, 'tierType', p, ENUM.tierType);
    flag(tier, 'isLot', p);
    int(tier, 'increment', p);
    text(tier, 'tierName', p);
  }, true);
  o.skipNonExistingLevelsInPositionItemNumbers ??= false;
  texts(o, path, ['separator', 'filler', 'identifier', 'skippedTiersFiller']);
  flag(o, 'skipNonExistingLevelsInPositionItemNumbers', path);
}

function projectInformation(o: Obj, path: string): void {
  o.bidderCommentAllowed ??= false;
  o.sideOffersAllowed ??= false;
  o.awardType ??= 'Unspecified';
  o.specialAwardKind ??= 'Unspecified';
  const buyer = child(o, 'buyer', path);
  if (buyer) party(buyer, at(path, 'buyer'));
  const site = child(o, 'site', path);
  if (site) party(site, at(path, 'site'));
  texts(o, path, ['description', 'descriptionShort', 'name', 'currencyShort', 'currencyLong', 'labourTimeLabel']);
  const schema = child(o, 'itemNumberSchema', path);
  if (schema) itemNumberSchema(schema, at(path, 'itemNumberSchema'));
  const labels = list(o, 'priceComponents', path);
  labels?.forEach((label, i) => {
    if (typeof label === 'number') labels[i] = String(label);
    else if (typeof label !== 'string') fail(`${at(path, 'priceComponents')}[${i}]`, `price component label must be a string`);
  });
  const types = o.priceComponentTypes;
  if (types === null) delete o.priceComponentTypes;
  else if (types !== undefined) {
    if (!isObject(types)) fail(at(path, 'priceComponentTypes'), `priceComponentTypes must be an object, got ${describe(types)}`);
    for (const label of Object.keys(types)) {
      types[label] ??= 'Unknown';
      choice(types, label, at(path, 'priceComponentTypes'), ENUM.priceComponentType);
    }
  }
  flags(o, path, ['bidderCommentAllowed', 'sideOffersAllowed']);
  choice(o, 'awardType', path, ENUM.awardType);
  choice(o, 'specialAwardKind', path, ENUM.specialAwardKind);
}

function containerFields(c: Obj, path: string): void {
  num(c, 'projectTaxRate', path);
  num(c, 'projectHourlyWage', path);
  num(c, 'deductionFactor', path);
  num(c, 'absoluteDeduction', path);
  if (c.flatSum !== undefined) num(c, 'flatSum', path);
  choice(c, 'priceType', path, ENUM.priceType);
  flags(c, path, CONTAINER_FLAGS);
  text(c, 'projectLabourTimeLabel', path);
}

function itemNumber(e: Obj, path: string): void {
  const v = e.itemNumber;
  if (typeof v === 'string' || typeof v === 'number') e.itemNumber = { stringRepresentation: String(v) };
  const n = child(e, 'itemNumber', path);
  if (!n) return;
  const id = n.id;
  if (id === undefined) n.id = newId();
  else if (typeof id !== 'string' || id === '') ensureId(n, at(path, 'itemNumber'));
  n.isSchemaCompliant ??= false;
  n.isLot ??= false;
  n.isAttachedToPosition ??= false;
  if (!isText(n.stringRepresentation)) text(n, 'stringRepresentation', at(path, 'itemNumber'));
  if (!(isFlag(n.isSchemaCompliant) && isFlag(n.isLot) && isFlag(n.isAttachedToPosition))) {
    flags(n, at(path, 'itemNumber'), ['isSchemaCompliant', 'isLot', 'isAttachedToPosition']);
  }
}

function priceComponent(component: Obj, path: string): void {
  text(component, 'label', path);
  calculations(component, 'values', path);
}

/** A price component that `priceComponent` would leave as it is (keys camel-cased in place, as `asDto` does). */
function isCheckedPriceComponent(c: unknown): boolean {
  if (!isObject(c)) return false;
  camelKeys(c);
  const values = c.values;
  return isText(c.label) && (values === undefined || (Array.isArray(values) && values.every(isCheckedCalculation)));
}

function noteText(e: Obj, path: string, derived: Derived): void {
  noteDefaults(e);
  descriptionTexts(e, path, derived);
  flags(e, path, ['isOpeningText', 'isClosingText']);
  text(e, 'identifier', path);
}

function subDescription(s: Obj, path: string, derived: Derived): void {
  ensureId(s, path);
  s.additionType ??= 'None';
  s.hasBidderCommentInHtmlLongText ??= false;
  s.amountToBeEnteredByBidder ??= false;
  descriptionTexts(s, path, derived);
  calculations(s, 'quantityComponents', path);
  num(s, 'quantityOverride', path);
  flag(s, 'amountToBeEnteredByBidder', path);
  texts(s, path, ['identifier', 'executionDescriptionReference', 'unitTag']);
}

// Fields whose value is already fine (by far the most common case) skip their helper; see `isText`.
function position(e: Obj, path: string, derived: Derived): void {
  positionDefaults(e);
  descriptionTexts(e, path, derived);
  if (!isNum(e.unitPriceOverride)) num(e, 'unitPriceOverride', path);
  if (!isNum(e.quantityOverride)) num(e, 'quantityOverride', path);
  if (!isText(e.unitTag)) text(e, 'unitTag', path);
  const labour = e.labourComponents === undefined ? undefined : child(e, 'labourComponents', path);
  if (labour) {
    const p = at(path, 'labourComponents');
    labour.hourlyWage ??= 0;
    labour.useOwnHourlyWage ??= false;
    text(labour, 'label', p);
    num(labour, 'hourlyWage', p);
    flag(labour, 'useOwnHourlyWage', p);
    calculations(labour, 'values', p);
  }
  const components = e.priceComponents;
  if (components !== undefined && !(Array.isArray(components) && components.every(isCheckedPriceComponent))) {
    eachDto(e, 'priceComponents', path, priceComponent);
  }
  if (e.quantityComponents !== undefined) calculations(e, 'quantityComponents', path);
  if (e.subDescriptions !== undefined) eachDto(e, 'subDescriptions', path, (s, p) => subDescription(s, p, derived));
  if (e.complementedBy !== undefined) list(e, 'complementedBy', path);
  if (e.comissionStatus !== 'Undefined') choice(e, 'comissionStatus', path, ENUM.comissionStatus);
  if (
    !(isFlag(e.complemented) && isFlag(e.amountToBeEnteredByBidder) && isFlag(e.priceCompositionRequired) &&
      isFlag(e.useDifferentTaxRate) && isFlag(e.isLumpSum) && isFlag(e.notOffered))
  ) {
    flags(e, path, POSITION_FLAGS);
  }
  if (!isNum(e.taxRate)) num(e, 'taxRate', path);
  if (!isNum(e.deductionFactor)) num(e, 'deductionFactor', path);
  itemNumber(e, path);
  if (e.positionType !== 'Regular') choice(e, 'positionType', path, ENUM.positionType);
  if (e.priceType !== 'WithTotal') choice(e, 'priceType', path, ENUM.priceType);
  if (e.serviceType !== 'Regular') choice(e, 'serviceType', path, ENUM.serviceType);
  if (!(isText(e.alternativeTo) && isText(e.repetitionTo) && isText(e.executionDescriptionReference))) {
    texts(e, path, ['alternativeTo', 'repetitionTo', 'executionDescriptionReference']);
  }
  if (e.alternativeIdentifier !== undefined) int(e, 'alternativeIdentifier', path);
  if (e.alternativeGroupIdentifier !== undefined) int(e, 'alternativeGroupIdentifier', path);
  if (
    e.isComplementingPosition !== undefined || e.gaebComplementingType !== undefined ||
    e.complementingPricePercentage !== undefined || e.complementsPositions !== undefined
  ) {
    complementing(e, path);
  }
}

/** AVACloud 1.29+ complementing ("Zuschlag", GAEB MarkupItem) fields; percentage in percent (10 = 10 %). */
function complementing(e: Obj, path: string): void {
  flag(e, 'isComplementingPosition', path);
  if (e.gaebComplementingType !== undefined) choice(e, 'gaebComplementingType', path, ENUM.complementingType);
  if (e.complementingPricePercentage !== undefined) num(e, 'complementingPricePercentage', path);
  if (e.complementsPositions !== undefined) list(e, 'complementsPositions', path);
}

function discriminator(e: Obj, path: string, only?: ElementTypeDiscriminator): ElementTypeDiscriminator {
  const given = e.elementTypeDiscriminator ?? e.elementType ?? (only ? only : undefined);
  const allowed = only ? [only] : ELEMENT_TYPES;
  if (given === undefined || given === null || given === '') {
    fail(path, `elementTypeDiscriminator is missing; expected one of ${allowed.join(', ')}`);
  }
  const kind = canonicalElementType(given);
  if (!kind || (only && kind !== only)) fail(path, `elementTypeDiscriminator ${describe(given)} is not one of ${allowed.join(', ')}`);
  e.elementTypeDiscriminator = kind;
  e.elementType = kind;
  return kind;
}

function element(e: Obj, path: string, depth: number, derived: Derived): void {
  const kind = discriminator(e, path);
  ensureId(e, path);
  if (!(isText(e.gaebXmlId) && isText(e.addendumNumber))) texts(e, path, ['gaebXmlId', 'addendumNumber']);
  if (e.addendumStatus !== undefined) choice(e, 'addendumStatus', path, ENUM.addendumStatus);
  switch (kind) {
    case 'PositionDto':
      return position(e, path, derived);
    case 'ServiceSpecificationGroupDto':
      return group(e, path, depth, derived);
    case 'NoteTextDto':
      return noteText(e, path, derived);
    case 'ExecutionDescriptionDto':
      texts(e, path, ['label', 'identifier']);
      return eachDto(e, 'blocks', path, (block, p) => {
        discriminator(block, p, 'NoteTextDto');
        ensureId(block, p);
        noteText(block, p, derived);
      });
  }
}

function elements(container: Obj, path: string, depth: number, derived: Derived): void {
  if (depth > MAX_GROUP_DEPTH) fail(path, `groups are nested deeper than ${MAX_GROUP_DEPTH} levels`);
  // `eachDto`, except that a position built complete is only given its plain long text (and no path: it is for messages)
  const items = list(container, 'elements', path, true)!;
  const base = at(path, 'elements');
  for (let i = 0; i < items.length; i++) {
    const e = items[i];
    if (derived.completePositions && isObject(e) && e.elementTypeDiscriminator === 'PositionDto') syncLongTexts(e, derived);
    else {
      const p = `${base}[${i}]`;
      element(asDto(e, p), p, depth, derived);
    }
  }
}

function group(e: Obj, path: string, depth: number, derived: Derived): void {
  e.comissionStatus ??= 'Undefined';
  e.isLot ??= false;
  containerDefaults(e, {});
  text(e, 'shortText', path);
  choice(e, 'comissionStatus', path, ENUM.comissionStatus);
  itemNumber(e, path);
  flag(e, 'isLot', path);
  text(e, 'alternativeTo', path);
  if (e.alternativeIdentifier !== undefined) int(e, 'alternativeIdentifier', path);
  if (e.alternativeGroupIdentifier !== undefined) int(e, 'alternativeGroupIdentifier', path);
  containerFields(e, path);
  elements(e, path, depth + 1, derived);
}

function serviceSpecification(s: Obj, path: string, sharedInfo: Obj, derived: Derived): void {
  ensureId(s, path);
  s.exchangePhase ??= 'Undefined';
  s.origin ??= 'Self';
  texts(s, path, SPEC_STRINGS);
  choice(s, 'exchangePhase', path, ENUM.exchangePhase);
  choice(s, 'origin', path, ENUM.origin);
  const bidder = child(s, 'bidder', path);
  if (bidder) party(bidder, at(path, 'bidder'));
  const info = child(s, 'projectInformation', path);
  if (info && info !== sharedInfo) projectInformation(info, at(path, 'projectInformation'));
  const prices = child(s, 'priceInformation', path);
  if (prices) {
    const p = at(path, 'priceInformation');
    ensureId(prices, p);
    prices.hourlyWage ??= 0;
    prices.deductionFactor ??= 0;
    prices.flatSum ??= 0;
    prices.taxRate ??= 0;
    for (const key of ['hourlyWage', 'deductionFactor', 'flatSum', 'taxRate']) num(prices, key, p);
    eachDto(prices, 'tradeDiscounts', p, (discount, dp) => {
      ensureId(discount, dp);
      discount.deadline ??= 0;
      discount.rate ??= 0;
      int(discount, 'deadline', dp);
      num(discount, 'rate', dp);
    });
  }
  const warranty = child(s, 'warrantyDuration', path);
  if (warranty) {
    warranty.duration ??= 0;
    warranty.unit ??= 'Months';
    int(warranty, 'duration', at(path, 'warrantyDuration'));
    choice(warranty, 'unit', at(path, 'warrantyDuration'), ENUM.durationUnit);
  }
  containerDefaults(s, { taxRate: prices?.taxRate, hourlyWage: prices?.hourlyWage, deductionFactor: prices?.deductionFactor });
  containerFields(s, path);
  elements(s, path, 0, derived);
}

/**
 * Validates and completes a project as a client or reader sends it, in place, and returns it typed.
 *
 * Accepts partial input (only `serviceSpecifications[].elements[]` with a discriminator is needed), PascalCase
 * keys, short or differently cased discriminators (`Position` → `PositionDto`), enum values in any letter case or
 * as their index, numeric strings (`"12.5"`, `"12,5"`) for numbers, `"true"`/`"false"` for booleans, an item number
 * given as a plain string. Fills ids (random UUIDs) of the project, service specifications, elements, item
 * numbers, sub-descriptions, parties, price information; sets `elementTypeDiscriminator` and `elementType` to the
 * canonical `…Dto` value; defaults `priceAccuracy` 3, `forceStrictTotals` true, `priceRoundingMode` Normal, every
 * enum to its first value (`exchangePhase` Undefined, `origin` Self, `positionType` Regular, …), booleans false,
 * `taxRate`/`deductionFactor`/`projectTaxRate`/`projectHourlyWage` 0 (a service specification's project values
 * fall back to its `priceInformation`). Creates `projectInformation` when absent (taken from the first service
 * specification when only that one has it). Long texts: a non-empty `htmlLongText` wins and `longText` is derived
 * from it, otherwise `htmlLongText` is derived from `longText` (positions, notes, sub-descriptions, execution
 * description blocks). `null` values of known fields are dropped; unknown properties are kept. Computed fields are
 * left for `calculateProject`. Linear in the input size.
 *
 * @throws GatewayError `GW_ERR_INPUT` (400) keyed by the JSON path of the offending value (e.g.
 *   `serviceSpecifications[0].elements[2]`): body not an object, an array or object field of the wrong kind, a
 *   missing or unknown discriminator, a number, boolean or enum field holding something else, a number beyond
 *   ±79228162514264337593543950335 (the .NET `decimal` range of AVACloud's model).
 *
 * @param options.derivedPlainTexts plain long texts the reader of `input` derived with their HTML (see
 *   `DerivedPlainTexts`); they only save converting that HTML again, the result is the same without them
 * @param options.completePositions the positions were built complete by their reader (see
 *   `NormalizeOptions.completePositions`): only their plain long texts are derived; the result is the same without it
 * Source: AVACloud 1.27.4 API (Dangl-IT/avacloud-client-python, models and docs).
 */
export function normalizeProject(input: unknown, options: NormalizeOptions = {}): ProjectDto {
  const cache = options.longTexts;
  const derived: Derived = {
    plains: options.derivedPlainTexts,
    completePositions: options.completePositions === true,
    convert: cache !== undefined ? (html) => cache.plain(html) : htmlToPlainText,
  };
  const project = asDto(input, '');
  ensureId(project, '');
  project.priceAccuracy ??= 3;
  project.forceStrictTotals ??= true;
  project.priceRoundingMode ??= 'Normal';
  int(project, 'priceAccuracy', '', 0, 15);
  if (project.unitPriceAccuracy !== undefined) int(project, 'unitPriceAccuracy', '', 0, 15);
  flag(project, 'forceStrictTotals', '');
  choice(project, 'priceRoundingMode', '', ENUM.priceRoundingMode);
  text(project, 'gaebXmlId', '');
  const specs = list(project, 'serviceSpecifications', '', true) as unknown[];
  let info = child(project, 'projectInformation', '');
  if (!info) {
    const first = specs[0];
    const candidate = isObject(first) ? (first.projectInformation ?? first.ProjectInformation) : undefined;
    info = isObject(candidate) ? candidate : {};
    project.projectInformation = info;
    camelKeys(info);
  }
  projectInformation(info, 'projectInformation');
  for (let i = 0; i < specs.length; i++) {
    const path = `serviceSpecifications[${i}]`;
    serviceSpecification(asDto(specs[i], path), path, info, derived);
  }
  return project as ProjectDto;
}
