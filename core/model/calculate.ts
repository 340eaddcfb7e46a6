/**
 * Recalculation of a normalised project: formula results, quantities, prices, totals, gross amounts by tax rate,
 * item number identifiers and levels, duplicate flags — what `POST /conversion/ava/ava` regenerates.
 *
 * Source: AVACloud 1.27.4 API conventions (Dangl-IT/avacloud-client-python, API_README.md, docs) "Input-vs-computed", models (ElementContainerBase, PositionDto,
 * GrossPriceComponentDto, ItemNumberDto); totals semantics from GAEB DA XML 3.3 Lib, tgItem (Provis WithoutTotal,
 * alternates and NotAppl excluded) and GAEB DA XML 3.3 Lib tgTotals / tgMarkupItem: a container's Total sums its
 * children after their own discounts (item IT, sub-category TotAfterDisc or TotalLSUM), verified by the
 * arithmetic of the BVBS Prüfdatei GAEB DA XML 3.3 AVA X86 (e.g. category 1 = 1.10 TotAfterDisc + 1.20 TotalLSUM
 * + 1.30 Total). AVACloud 1.29+ fields `absoluteDeduction`, complementing positions (Dangl-IT/avacloud-client-php, lib/Model, API 1.64.1).
 */
import { GatewayError } from '../errors.js';
import { D } from './decimal.js';
import { Exact, exactOf, exactOfDecimal, type ExactRounding } from './exact.js';
import { evaluateFormulaDecimal, exactLiteral } from './formula.js';
import { ItemNumberLevels } from './item-number-levels.js';
import {
  isGroup, isPosition, type CalculationDto, type ElementContainerBase, type ElementDto, type GrossPriceComponentDto,
  type ItemNumberSchemaDto, type PositionDto, type PriceRoundingModeDto, type ProjectDto,
  type ServiceSpecificationGroupDto,
} from './types.js';

/** Options of the recalculation. */
export interface CalculateOptions {
  /** AVACloud `SupportSkippedItemNumberLevelsInPositions`: accept position numbers skipping group tiers. */
  supportSkippedItemNumberLevels?: boolean;
}

const QUANTITY_PLACES = 3;
/** Decimals kept for price component values, beyond any usual priceAccuracy so the final rounding decides. */
const PRICE_VALUE_PLACES = 6;
const ZERO = Exact.scaled(0, 0);
const ONE = Exact.scaled(1, 0);
const HUNDRED = Exact.scaled(100, 0);
type Rounding = ExactRounding;
const ROUNDING: Record<PriceRoundingModeDto, Rounding> = {
  Normal: D.ROUND_HALF_UP,
  Floor: D.ROUND_FLOOR,
  Ceiling: D.ROUND_CEIL,
};

interface Settings {
  places: number;
  /** Decimals of unit prices (`unitPriceAccuracy`, else `priceAccuracy`). */
  unitPlaces: number;
  rounding: Rounding;
  valuePlaces: number;
}

/** Values a container hands down to its children (ElementContainerBase `project*` fields). */
interface Inherited {
  taxRate: number;
  hourlyWage: number;
  priceComponents?: string[];
  schema?: ItemNumberSchemaDto;
  labourTimeLabel?: string;
}

/**
 * Sums of a container's counted children: `net` = Σ of their deducted prices (GAEB "Total"), also per tax rate.
 */
interface Totals {
  net: Exact;
  byRate: Map<number, Exact>;
}

/** What a child hands its parent: its deducted price (GAEB IT / TotAfterDisc / TotalLSUM), also per tax rate. */
interface Contribution {
  deducted: Exact;
  byRate: Map<number, Exact>;
}

interface Evaluated {
  value: Exact;
  result: number;
  valid: boolean;
  errorPositionInLine: number;
}

const MEMO_LIMIT = 100_000;

const numberOrZero = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const isSet = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const add = (a: Exact, b: Exact): Exact => (a === ZERO ? b : a.plus(b));
/** The JSON number of a value (the nearest double, zero as +0). */
const toNum = (v: Exact): number => v.toNumber();

class Calculator {
  private readonly growth = new Map<number, Exact>();
  private readonly memo = new Map<number, Map<string, Evaluated>>();
  /** The current service specification; its positions by id (made when a referencing position first needs them). */
  private spec?: ElementContainerBase;
  private byId?: Map<string, PositionDto>;
  /**
   * Positions of the current service specification computed since the first position that references others needed
   * one (none before: a referenced position not in it is computed again, which gives the same values).
   */
  private done?: Set<PositionDto>;

  constructor(
    private readonly s: Settings,
    private readonly numbers: ItemNumberLevels,
  ) {}

  private round(v: Exact, places = this.s.places): Exact {
    return v.round(places, this.s.rounding);
  }

  /** 1 + rate. */
  private factor(rate: number): Exact {
    let f = this.growth.get(rate);
    if (!f) this.growth.set(rate, (f = ONE.plus(exactOf(rate))));
    return f;
  }

  /** One formula's stored outcome at `places` decimals; identical formulas are evaluated once per run. */
  private evaluate(formula: string | undefined, places: number): Evaluated {
    let memo = this.memo.get(places);
    if (!memo) this.memo.set(places, (memo = new Map()));
    const key = formula ?? '';
    let found = memo.get(key);
    if (!found) {
      const r = evaluateFormulaDecimal(key);
      const value = exactOfDecimal(r.value).round(places, D.ROUND_HALF_UP);
      found = { value, result: toNum(value), valid: r.valid, errorPositionInLine: r.errorPositionInLine };
      if (memo.size < MEMO_LIMIT) memo.set(key, found);
    }
    return found;
  }

  private lines(lines: CalculationDto[] | undefined, places: number): Exact {
    let sum = ZERO;
    if (!lines) return sum;
    for (const line of lines) {
      // a formula that is one number (most are: read prices and quantities) needs no parser and no memo
      const literal = typeof line.formula === 'string' ? exactLiteral(line.formula) : undefined;
      if (literal !== undefined) {
        const value = literal.round(places, D.ROUND_HALF_UP);
        line.result = toNum(value);
        line.valid = true;
        line.errorPositionInLine = -1;
        sum = add(sum, value);
        continue;
      }
      const r = this.evaluate(line.formula, places);
      line.result = r.result;
      line.valid = r.valid;
      line.errorPositionInLine = r.errorPositionInLine;
      if (r.valid) sum = add(sum, r.value);
    }
    return sum;
  }

  service(spec: ElementContainerBase, inherited: Inherited): void {
    this.spec = spec;
    this.byId = undefined;
    this.done = undefined;
    this.numbers.startService();
    this.container(spec, undefined, inherited, -1);
    this.numbers.finishService();
  }

  /** @param depth tree depth of the container itself (-1 for a service specification) */
  private container(c: ElementContainerBase, parent: ElementContainerBase | undefined, inherited: Inherited, depth: number): Contribution {
    c.projectTaxRate = inherited.taxRate;
    c.projectHourlyWage = inherited.hourlyWage;
    if (inherited.priceComponents) c.projectPriceComponents = inherited.priceComponents;
    if (inherited.schema) c.projectItemNumberSchema = inherited.schema;
    if (inherited.labourTimeLabel !== undefined) c.projectLabourTimeLabel = inherited.labourTimeLabel;
    this.numbers.enter(c, parent);
    const sums: Totals = { net: ZERO, byRate: new Map() };
    const elements = c.elements ?? [];
    /**
     * Positions of this container read so far (bases of AllPreviousPositions / AllPreviousMarkedPositions), kept
     * only when the container holds a complementing position.
     */
    const previous: { p: PositionDto; deducted: Exact }[] | undefined = elements.some(isComplementing) ? [] : undefined;
    for (const e of elements) {
      if (isPosition(e)) {
        this.numbers.position(e, depth + 1, c);
        const base = e.isComplementingPosition === true ? this.complementingBase(e, previous!, inherited) : undefined;
        const deducted = this.position(e, inherited, base);
        if (countsInTotal(e)) {
          sums.net = add(sums.net, deducted);
          addRate(sums.byRate, e.taxRate!, deducted);
        }
        previous?.push({ p: e, deducted });
      } else if (isGroup(e)) {
        this.numbers.group(e, depth + 1, c);
        const g = this.container(e, c, inherited, depth + 1);
        if (groupCountsInTotal(e)) {
          sums.net = add(sums.net, g.deducted);
          for (const [rate, r] of g.byRate) addRate(sums.byRate, rate, r);
        }
      }
    }
    return this.containerTotals(c, sums);
  }

  /**
   * The base of a complementing (markup) position, GAEB `ITMarkup`: Σ of the deducted prices (IT) of
   * `AllPreviousMarkedPositions` → the counted positions of the same container before it with `complemented`;
   * `AllPreviousPositions` → the counted positions of the container since the last complementing position that
   * is not directly before it (see the BVBS example below); `ReferencedPositions` → the
   * positions listed in `complementsPositions` (anywhere in the service specification). Other complementing
   * positions are never part of a base. Undefined when the type is not one of these.
   */
  private complementingBase(p: PositionDto, previous: readonly { p: PositionDto; deducted: Exact }[], inherited: Inherited): Exact | undefined {
    const type = p.gaebComplementingType;
    let base = ZERO;
    if (type === 'AllPreviousMarkedPositions' || type === 'AllPreviousPositions') {
      // AllPreviousPositions: the run of positions before it, back to the complementing position that precedes
      // that run (complementing positions right before it share its base). BVBS X86 1.30.20: items 10–30,
      // markups 40 and 50 (both ITMarkup 1400), item 60, markup 70 (ITMarkup 100).
      let from = 0;
      if (type === 'AllPreviousPositions') {
        let i = previous.length - 1;
        while (i >= 0 && previous[i].p.isComplementingPosition === true) i--;
        while (i >= 0 && previous[i].p.isComplementingPosition !== true) i--;
        from = i + 1;
      }
      for (const { p: q, deducted } of previous.slice(from)) {
        if (q.isComplementingPosition === true || !countsInTotal(q)) continue;
        if (type === 'AllPreviousMarkedPositions' && q.complemented !== true) continue;
        base = add(base, deducted);
      }
      return base;
    }
    if (type !== 'ReferencedPositions') return undefined;
    if (this.byId === undefined) indexPositions(this.spec?.elements, (this.byId = new Map()));
    this.done ??= new Set();
    for (const id of p.complementsPositions ?? []) {
      const q = this.byId.get(id);
      if (!q || q === p || q.isComplementingPosition === true) continue;
      if (!this.done.has(q)) this.position(q, inherited, undefined); // not computed yet (or before `done`): computed now (idempotent)
      base = add(base, exactOf(q.deductedPrice ?? 0));
    }
    return base;
  }

  /**
   * Container totals: `totalPrice` = Σ counted children's deducted prices (GAEB `Totals/Total`);
   * `deductedPrice` = `flatSum` when set (GAEB `TotalLSUM`), else round(totalPrice × (1 − deductionFactor)) −
   * `absoluteDeduction` (GAEB `TotAfterDisc` from `DiscountPcnt` / `DiscountAmt`). Per tax rate the deducted net is
   * round(net × (1 − factor)) with a factor only; with a flat sum or an absolute deduction the container's deducted
   * total is spread over the rates in proportion to their net. Either way the last rate takes the rounding
   * remainder, so that the rates' deducted nets add up to `deductedPrice` (two rates of 0.15 with 50 %: 0.08 and 0.07).
   */
  private containerTotals(c: ElementContainerBase, sums: Totals): Contribution {
    const deduction = numberOrZero(c.deductionFactor);
    const absolute = numberOrZero(c.absoluteDeduction);
    const flat = isSet(c.flatSum) ? exactOf(c.flatSum) : undefined;
    const keep = deduction === 0 ? undefined : ONE.minus(exactOf(deduction));
    let deducted = keep ? this.round(sums.net.times(keep)) : sums.net;
    if (absolute !== 0) deducted = deducted.minus(exactOf(absolute));
    if (flat) deducted = flat;
    const proportional = flat !== undefined || absolute !== 0;
    const rates = [...sums.byRate.keys()].sort((a, b) => a - b);
    if (proportional && rates.length === 0) {
      rates.push(numberOrZero(c.projectTaxRate));
      sums.byRate.set(rates[0], ZERO);
    }
    const byRate = new Map<number, Exact>();
    const gross: GrossPriceComponentDto[] = [];
    let totalGross = ZERO;
    let totalGrossDeducted = ZERO;
    let spread = ZERO;
    rates.forEach((rate, i) => {
      const net = sums.byRate.get(rate)!;
      let rateDeducted: Exact;
      if (!proportional && !keep) rateDeducted = net;
      else if (i === rates.length - 1) rateDeducted = deducted.minus(spread); // the rates add up to `deducted`
      else if (!proportional) rateDeducted = this.round(net.times(keep!));
      else rateDeducted = sums.net.isZero() ? ZERO : this.round(deducted.times(net).dividedBy(sums.net));
      spread = spread.plus(rateDeducted);
      byRate.set(rate, rateDeducted);
      const exactRate = exactOf(rate);
      const tax = this.round(net.times(exactRate));
      const rateGross = net.plus(tax);
      const taxDeducted = rateDeducted === net ? tax : this.round(rateDeducted.times(exactRate));
      const rateGrossDeducted = rateDeducted === net ? rateGross : rateDeducted.plus(taxDeducted);
      totalGross = add(totalGross, rateGross);
      totalGrossDeducted = add(totalGrossDeducted, rateGrossDeducted);
      gross.push({
        taxRate: rate,
        deductionFactor: deduction,
        totalNet: toNum(net),
        totalDeducted: toNum(rateDeducted),
        totalTax: toNum(tax),
        totalGross: toNum(rateGross),
        totalGrossDeducted: toNum(rateGrossDeducted),
        totalTaxDeducted: toNum(taxDeducted),
      });
    });
    c.totalPrice = toNum(sums.net);
    c.deductedPrice = deducted === sums.net ? c.totalPrice : toNum(deducted);
    c.totalPriceGrossByTaxRate = gross;
    c.totalPriceGross = toNum(totalGross);
    c.totalPriceGrossDeducted = toNum(totalGrossDeducted);
    if (!(Number.isFinite(c.totalPrice) && Number.isFinite(c.totalPriceGross))) {
      throw beyondRange('sum', (c as { itemNumber?: { stringRepresentation?: string } }).itemNumber?.stringRepresentation);
    }
    return { deducted, byRate };
  }

  /**
   * @param complementingBase base of a complementing position (see {@link complementingBase}): its unit price is
   *   round(base × complementingPricePercentage / 100) unless `unitPriceOverride` is set, its quantity 1 unless given
   */
  /** @returns the deducted price (GAEB IT); the position's `taxRate` is the rate it counts at */
  private position(p: PositionDto, inherited: Inherited, complementingBase: Exact | undefined): Exact {
    this.done?.add(p);
    const s = this.s;
    const fromComponents = this.lines(p.quantityComponents, QUANTITY_PLACES);
    let quantityOverride = p.quantityOverride;
    if (complementingBase !== undefined && !isSet(quantityOverride) && !p.quantityComponents?.length) quantityOverride = 1;
    // An override of at most three decimals is the quantity as it is: its decimal is only needed for a price.
    const exact = isSet(quantityOverride) && hasQuantityPlaces(quantityOverride);
    const quantity = exact ? undefined : isSet(quantityOverride) ? roundQuantity(quantityOverride) : fromComponents;
    // the override's own number object where it is the quantity (zero as +0)
    p.quantity = quantity !== undefined ? toNum(quantity) : quantityOverride === 0 ? 0 : quantityOverride!;
    for (const sub of p.subDescriptions ?? []) {
      const q = this.lines(sub.quantityComponents, QUANTITY_PLACES);
      const override = (sub as { quantityOverride?: unknown }).quantityOverride;
      if (isSet(override)) sub.quantity = toNum(roundQuantity(override));
      else if (sub.quantityComponents?.length || !isSet(sub.quantity)) sub.quantity = toNum(q);
    }

    let unitPrice = ZERO;
    for (const component of p.priceComponents ?? []) {
      const price = this.lines(component.values, s.valuePlaces);
      const values = component.values;
      // one line whose result is the price (a price share read as one number): the line's number object for both
      component.price = values?.length === 1 && values[0].result === toNum(price) ? values[0].result : toNum(price);
      unitPrice = add(unitPrice, price);
    }
    const labour = p.labourComponents;
    if (labour) {
      const hours = this.lines(labour.values, QUANTITY_PLACES);
      const wage = labour.useOwnHourlyWage ? numberOrZero(labour.hourlyWage) : inherited.hourlyWage;
      const price = hours.isZero() ? ZERO : hours.times(exactOf(wage));
      labour.hourlyWage = wage;
      labour.totalTime = toNum(hours);
      labour.price = toNum(price);
      unitPrice = add(unitPrice, price);
    }
    if (complementingBase !== undefined) p.complementingBasePrice = toNum(complementingBase);
    if (isSet(p.unitPriceOverride)) unitPrice = exactOf(p.unitPriceOverride);
    else if (complementingBase !== undefined && isSet(p.complementingPricePercentage)) {
      unitPrice = complementingBase.times(exactOf(p.complementingPricePercentage)).dividedBy(HUNDRED);
    }
    unitPrice = this.round(unitPrice, s.unitPlaces);
    const unitPriceNumber = toNum(unitPrice);
    // the override's own number object where it is the unit price (zero as +0)
    p.unitPrice = unitPriceNumber === p.unitPriceOverride && unitPriceNumber !== 0 ? p.unitPriceOverride : unitPriceNumber;

    const rate = p.useDifferentTaxRate ? numberOrZero(p.taxRate) : inherited.taxRate;
    p.taxRate = rate;
    const noQuantity = quantity === undefined ? quantityOverride === 0 : quantity.isZero();
    const net = noQuantity || unitPrice.isZero() ? ZERO : this.round((quantity ?? exactOf(quantityOverride!)).times(unitPrice));
    const deduction = numberOrZero(p.deductionFactor);
    const deducted = deduction === 0 || net.isZero() ? net : this.round(net.times(ONE.minus(exactOf(deduction))));
    p.totalPrice = toNum(net);
    p.deductedPrice = deducted === net ? p.totalPrice : toNum(deducted);
    p.totalPriceGross = rate === 0 ? p.totalPrice : toNum(this.round(net.times(this.factor(rate))));
    p.totalPriceGrossDeducted =
      deducted === net ? p.totalPriceGross : rate === 0 ? p.deductedPrice : toNum(this.round(deducted.times(this.factor(rate))));
    if (!(Number.isFinite(p.totalPrice) && Number.isFinite(p.totalPriceGross))) throw beyondRange('position', p.itemNumber?.stringRepresentation);

    return deducted;
  }
}

/**
 * A total that left the range of a JSON number (beyond ±1.8e308: quantities and prices of a file that a posted
 * project's range check, ±7.9e28, would have refused), which would be written as `null`: a 400 naming the element.
 */
function beyondRange(what: 'position' | 'sum', itemNumber: string | undefined): GatewayError {
  const which = what === 'position' ? `The total of position ${itemNumber ?? '(without item number)'} (quantity × unit price)` : `The sum of ${itemNumber ? `group ${itemNumber}` : 'the BoQ'}`;
  return new GatewayError('GW_ERR_INPUT', `${which} is beyond the range of numbers a project holds; check its quantities and unit prices.`, itemNumber ?? 'project');
}

const isComplementing = (e: ElementDto): boolean => isPosition(e) && e.isComplementingPosition === true;

/** Positions by model id (targets of `complementsPositions`). */
function indexPositions(elements: readonly unknown[] | undefined, into: Map<string, PositionDto>): void {
  for (const e of (elements ?? []) as ElementDto[]) {
    if (isPosition(e)) {
      if (typeof e.id === 'string' && e.isComplementingPosition !== true) into.set(e.id, e);
    } else if (isGroup(e)) indexPositions(e.elements, into);
  }
}

/**
 * Whether a position's total enters its container's sums: not for `priceType` WithoutTotal (GAEB `Provis`
 * WithoutTotal), `positionType` Alternative (GAEB ALNSerNo 1–9) or `comissionStatus` Removed (GAEB `NotAppl`).
 * Optional (WithTotal) and hourly-paid positions count. Source: GAEB DA XML 3.3 Lib, tgItem (Provis, ALNSerNo, NotAppl).
 */
export function countsInTotal(p: PositionDto): boolean {
  return p.priceType !== 'WithoutTotal' && p.positionType !== 'Alternative' && p.comissionStatus !== 'Removed';
}

/**
 * Whether a group's total enters its parent's sums: not for `priceType` WithoutTotal, `comissionStatus` Removed
 * (GAEB `NotApplBoQ`) or an alternative group (`alternativeTo` set, GAEB ALNBSerNo 1–9).
 */
export function groupCountsInTotal(g: ServiceSpecificationGroupDto): boolean {
  return g.priceType !== 'WithoutTotal' && g.comissionStatus !== 'Removed' && !g.alternativeTo;
}

/**
 * Fixes the unit price of every markup item (`isComplementingPosition`, GAEB tgMarkupItem) below `elements` at its
 * calculated value (`unitPriceOverride` = `unitPrice`), so that recalculating a changed copy of a project keeps it.
 * For the copies a writer makes of what its receiver computes (without discounts, with counting marks taken
 * away): the GAEB 90 and SIA 451 writers write a markup item as a plain item with its unit price, which the
 * receiver does not recompute from a base.
 */
export function freezeMarkupPrices(elements: readonly ElementDto[] | undefined): void {
  for (const e of elements ?? []) {
    if (isPosition(e)) {
      if (e.isComplementingPosition === true && isSet(e.unitPrice)) e.unitPriceOverride = e.unitPrice;
    } else if (isGroup(e)) freezeMarkupPrices(e.elements);
  }
}

function addRate(byRate: Map<number, Exact>, rate: number, amount: Exact): void {
  const r = byRate.get(rate);
  byRate.set(rate, r === undefined ? amount : r.plus(amount));
}

/**
 * Whether a finite number has at most `QUANTITY_PLACES` decimals as `new D(value)` reads it (its shortest decimal
 * form), so that rounding it to the quantity precision keeps it and `toNum` of its decimal gives it back: the
 * double nearest to some k / 1000 is the number itself exactly when its shortest form has no more decimals.
 */
const hasQuantityPlaces = (value: number): boolean => Math.round(value * 1000) / 1000 === value;

const roundQuantity = (value: number): Exact => exactOf(value).round(QUANTITY_PLACES, D.ROUND_HALF_UP);

/**
 * Recalculates every computed field of a normalised project in place and returns it.
 *
 * Per position: each CalculationDto's `result` (3 decimals for quantities and hours, max(6, priceAccuracy) for
 * price values, half away from zero; 0 when invalid), `valid`, `errorPositionInLine`; `quantity` =
 * `quantityOverride` if set, else the sum of the valid quantity components (3 decimals, in `unitTag`);
 * sub-description quantities likewise; each price component's `price` = sum of its values; labour `totalTime`
 * (hours) = sum of its values, `hourlyWage` = own when `useOwnHourlyWage`, else the container's
 * `projectHourlyWage`, `price` = totalTime × hourlyWage; `unitPrice` = `unitPriceOverride` if set, else
 * components + labour, rounded to `unitPriceAccuracy` (else `priceAccuracy`) decimals in `priceRoundingMode` (Normal = half away from zero,
 * Floor = toward −∞, Ceiling = toward +∞); `totalPrice` = round(quantity × unitPrice); `deductedPrice` =
 * round(totalPrice × (1 − deductionFactor)); `taxRate` = own when `useDifferentTaxRate`, else the container's
 * `projectTaxRate`; `totalPriceGross(Deducted)` = round(net × (1 + tax rate)). Prices are in project currency.
 * A complementing position (`isComplementingPosition`, GAEB MarkupItem) has quantity 1 unless given and
 * `unitPrice` = round(base × complementingPricePercentage / 100), base = Σ deducted prices of the positions its
 * `gaebComplementingType` selects (GAEB `ITMarkup`, see `Calculator.complementingBase`), so `totalPrice` is GAEB IT.
 *
 * Per container (service specification, group): `project*` values propagated from the service specification and
 * `projectInformation`; `totalPrice` = sum of the counting children's (see {@link countsInTotal},
 * {@link groupCountsInTotal}) `deductedPrice`, i.e. after each child's own deduction (GAEB `Totals/Total`);
 * `deductedPrice` = `flatSum` when set (GAEB `TotalLSUM`), else round(totalPrice × (1 − own deductionFactor)) −
 * `absoluteDeduction` (GAEB `TotAfterDisc`); `totalPriceGrossByTaxRate` = one entry per distinct tax rate,
 * ascending, tax rounded per rate, the rates' `totalDeducted` adding up to `deductedPrice` (the last rate takes the
 * rounding remainder);
 * `totalPriceGross(Deducted)` = sum over the rates; `containsDuplicateItemNumbers` over the container's subtree
 * (group and position numbers compared as strings; `containsDuplicateElementIds` is left as given).
 *
 * Item numbers (schema `projectInformation.itemNumberSchema`): `hierarchyLevel` = tree depth (0 = top) on groups,
 * positions and their ItemNumberDto; `identifiers` padded per tier; `isSchemaCompliant`; a compliant
 * `stringRepresentation` is rewritten in padded form (groups with a trailing separator); `isLot` from Lot tiers;
 * `isAttachedToPosition`. The schema gets `totalLength` (sum of tier lengths), `schemaIsCorrectlyDefined`, and
 * `skipNonExistingLevelsInPositionItemNumbers` true when `options.supportSkippedItemNumberLevels`.
 *
 * All arithmetic is exact decimal arithmetic (`exact.ts`: scaled integers while they fit, decimal.js beyond, with
 * identical results). Linear in the number of elements.
 * Source: AVACloud 1.27.4 API conventions (Dangl-IT/avacloud-client-python, API_README.md, docs) "Input-vs-computed", models; GAEB DA XML 3.3 Lib, tgItem (Provis, ALNSerNo, NotAppl).
 */
export function calculateProject(project: ProjectDto, options: CalculateOptions = {}): ProjectDto {
  const info = project.projectInformation;
  const schema = info?.itemNumberSchema;
  const places = Number.isInteger(project.priceAccuracy) ? (project.priceAccuracy as number) : 3;
  const unitPlaces = Number.isInteger(project.unitPriceAccuracy) ? (project.unitPriceAccuracy as number) : places;
  const settings: Settings = {
    places,
    unitPlaces,
    rounding: ROUNDING[project.priceRoundingMode ?? 'Normal'] ?? D.ROUND_HALF_UP,
    valuePlaces: Math.max(PRICE_VALUE_PLACES, places, unitPlaces),
  };
  const calculator = new Calculator(settings, new ItemNumberLevels(schema, options.supportSkippedItemNumberLevels === true));
  for (const spec of project.serviceSpecifications ?? []) {
    const prices = spec.priceInformation;
    calculator.service(spec, {
      taxRate: isSet(spec.projectTaxRate) ? spec.projectTaxRate : numberOrZero(prices?.taxRate),
      hourlyWage: isSet(spec.projectHourlyWage) ? spec.projectHourlyWage : numberOrZero(prices?.hourlyWage),
      priceComponents: info?.priceComponents,
      schema,
      labourTimeLabel: info?.labourTimeLabel,
    });
  }
  return project;
}
