/**
 * Recalculation of a normalised project: formula results, quantities, prices, totals, gross amounts by tax rate,
 * item number identifiers and levels, duplicate flags — what `POST /conversion/ava/ava` regenerates.
 *
 * Source: reference/avacloud-api.md §1.1 "Input-vs-computed", §1.2 (ElementContainerBase, PositionDto,
 * GrossPriceComponentDto, ItemNumberDto); totals semantics from reference/gaeb.md (Provis WithoutTotal,
 * alternates and NotAppl excluded).
 */
import { D, type Dec } from './decimal.js';
import { evaluateFormulaDecimal } from './formula.js';
import { ItemNumberLevels } from './item-number-levels.js';
import {
  isGroup, isPosition, type CalculationDto, type ElementContainerBase, type GrossPriceComponentDto,
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
const ZERO = new D(0);
const ONE = new D(1);
type Rounding = typeof D.ROUND_HALF_UP | typeof D.ROUND_FLOOR | typeof D.ROUND_CEIL;
const ROUNDING: Record<PriceRoundingModeDto, Rounding> = {
  Normal: D.ROUND_HALF_UP,
  Floor: D.ROUND_FLOOR,
  Ceiling: D.ROUND_CEIL,
};

interface Settings {
  places: number;
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

/** Net and deducted sums; `deducted` undefined means equal to `net`. */
interface RateSums {
  net: Dec;
  deducted: Dec | undefined;
}

interface Totals extends RateSums {
  byRate: Map<number, RateSums>;
}

interface Evaluated {
  value: Dec;
  result: number;
  valid: boolean;
  errorPositionInLine: number;
}

const MEMO_LIMIT = 100_000;

const numberOrZero = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const isSet = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const add = (a: Dec, b: Dec): Dec => (a === ZERO ? b : a.plus(b));
const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);
const MAX_EXACT = Number.MAX_SAFE_INTEGER;

/**
 * The JSON number of a decimal: the nearest double, as `toNumber()` gives, but without the string round trip
 * for values of up to 14 significant digits (an exact integer scaled by an exact power of ten rounds once).
 */
function toNum(v: Dec): number {
  const words = v.d;
  if (words.length <= 2) {
    const first = words[0];
    if (first === 0) return 0;
    const mantissa = words.length === 1 ? first : first * 1e7 + words[1];
    const leading = first < 10 ? 1 : first < 100 ? 2 : first < 1e3 ? 3 : first < 1e4 ? 4 : first < 1e5 ? 5 : first < 1e6 ? 6 : 7;
    const digits = leading + (words.length - 1) * 7;
    const k = v.e - digits + 1;
    if (k < 0 && k >= -22) return v.s * (mantissa / POW10[-k]);
    if (k >= 0 && k <= 22 && mantissa * POW10[k] <= MAX_EXACT) return v.s * mantissa * POW10[k];
  }
  return v.toNumber();
}

/** Adds a child's net and deducted amounts; `deducted` stays undefined while it equals `net` (no deductions). */
function addAmounts(t: RateSums, net: Dec, deducted: Dec): void {
  if (t.deducted === undefined && deducted !== net) t.deducted = t.net;
  t.net = add(t.net, net);
  if (t.deducted !== undefined) t.deducted = add(t.deducted, deducted);
}

class Calculator {
  private readonly growth = new Map<number, Dec>();
  private readonly memo = new Map<number, Map<string, Evaluated>>();

  constructor(
    private readonly s: Settings,
    private readonly numbers: ItemNumberLevels,
  ) {}

  private round(v: Dec): Dec {
    return v.decimalPlaces() > this.s.places ? v.toDecimalPlaces(this.s.places, this.s.rounding) : v;
  }

  private factor(rate: number): Dec {
    let f = this.growth.get(rate);
    if (!f) this.growth.set(rate, (f = ONE.plus(rate)));
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
      const value = r.value.decimalPlaces() > places ? r.value.toDecimalPlaces(places, D.ROUND_HALF_UP) : r.value;
      found = { value, result: toNum(value), valid: r.valid, errorPositionInLine: r.errorPositionInLine };
      if (memo.size < MEMO_LIMIT) memo.set(key, found);
    }
    return found;
  }

  private lines(lines: CalculationDto[] | undefined, places: number): Dec {
    let sum = ZERO;
    if (!lines) return sum;
    for (const line of lines) {
      const r = this.evaluate(line.formula, places);
      line.result = r.result;
      line.valid = r.valid;
      line.errorPositionInLine = r.errorPositionInLine;
      if (r.valid) sum = add(sum, r.value);
    }
    return sum;
  }

  service(spec: ElementContainerBase, inherited: Inherited): void {
    this.numbers.startService();
    this.container(spec, undefined, inherited, -1);
    this.numbers.finishService();
  }

  /** @param depth tree depth of the container itself (-1 for a service specification) */
  private container(c: ElementContainerBase, parent: ElementContainerBase | undefined, inherited: Inherited, depth: number): Totals {
    c.projectTaxRate = inherited.taxRate;
    c.projectHourlyWage = inherited.hourlyWage;
    if (inherited.priceComponents) c.projectPriceComponents = inherited.priceComponents;
    if (inherited.schema) c.projectItemNumberSchema = inherited.schema;
    if (inherited.labourTimeLabel !== undefined) c.projectLabourTimeLabel = inherited.labourTimeLabel;
    this.numbers.enter(c, parent);
    const sums: Totals = { net: ZERO, deducted: undefined, byRate: new Map() };
    for (const e of c.elements ?? []) {
      if (isPosition(e)) {
        this.numbers.position(e, depth + 1, c);
        const p = this.position(e, inherited);
        if (countsInTotal(e)) {
          addAmounts(sums, p.net, p.deducted);
          addRate(sums, p.rate, p.net, p.deducted);
        }
      } else if (isGroup(e)) {
        this.numbers.group(e, depth + 1, c);
        const g = this.container(e, c, inherited, depth + 1);
        if (groupCountsInTotal(e)) {
          addAmounts(sums, g.net, g.deducted ?? g.net);
          for (const [rate, r] of g.byRate) addRate(sums, rate, r.net, r.deducted ?? r.net);
        }
      }
    }
    return this.containerTotals(c, sums);
  }

  private containerTotals(c: ElementContainerBase, sums: Totals): Totals {
    const deduction = numberOrZero(c.deductionFactor);
    const keep = deduction === 0 ? undefined : ONE.minus(deduction);
    const deducted = keep ? this.round((sums.deducted ?? sums.net).times(keep)) : sums.deducted;
    const byRate = new Map<number, RateSums>();
    const gross: GrossPriceComponentDto[] = [];
    let totalGross = ZERO;
    let totalGrossDeducted = ZERO;
    for (const rate of [...sums.byRate.keys()].sort((a, b) => a - b)) {
      const r = sums.byRate.get(rate)!;
      const rateDeducted = keep ? this.round((r.deducted ?? r.net).times(keep)) : r.deducted;
      byRate.set(rate, { net: r.net, deducted: rateDeducted });
      const tax = this.round(r.net.times(rate));
      const rateGross = r.net.plus(tax);
      const taxDeducted = rateDeducted === undefined ? tax : this.round(rateDeducted.times(rate));
      const rateGrossDeducted = rateDeducted === undefined ? rateGross : rateDeducted.plus(taxDeducted);
      totalGross = add(totalGross, rateGross);
      totalGrossDeducted = add(totalGrossDeducted, rateGrossDeducted);
      gross.push({
        taxRate: rate,
        deductionFactor: deduction,
        totalNet: toNum(r.net),
        totalDeducted: toNum(rateDeducted ?? r.net),
        totalTax: toNum(tax),
        totalGross: toNum(rateGross),
        totalGrossDeducted: toNum(rateGrossDeducted),
        totalTaxDeducted: toNum(taxDeducted),
      });
    }
    c.totalPrice = toNum(sums.net);
    c.deductedPrice = deducted === undefined ? c.totalPrice : toNum(deducted);
    c.totalPriceGrossByTaxRate = gross;
    c.totalPriceGross = toNum(totalGross);
    c.totalPriceGrossDeducted = toNum(totalGrossDeducted);
    return { net: sums.net, deducted, byRate };
  }

  private position(p: PositionDto, inherited: Inherited): { net: Dec; deducted: Dec; rate: number } {
    const s = this.s;
    const fromComponents = this.lines(p.quantityComponents, QUANTITY_PLACES);
    const quantityOverride = p.quantityOverride;
    // An override of at most three decimals is the quantity as it is: its decimal is only needed for a price.
    const exact = isSet(quantityOverride) && hasQuantityPlaces(quantityOverride);
    const quantity = exact ? undefined : isSet(quantityOverride) ? roundQuantity(quantityOverride) : fromComponents;
    p.quantity = quantity === undefined ? quantityOverride! + 0 : toNum(quantity);
    for (const sub of p.subDescriptions ?? []) {
      const q = this.lines(sub.quantityComponents, QUANTITY_PLACES);
      const override = (sub as { quantityOverride?: unknown }).quantityOverride;
      if (isSet(override)) sub.quantity = toNum(roundQuantity(override));
      else if (sub.quantityComponents?.length || !isSet(sub.quantity)) sub.quantity = toNum(q);
    }

    let unitPrice = ZERO;
    for (const component of p.priceComponents ?? []) {
      const price = this.lines(component.values, s.valuePlaces);
      component.price = toNum(price);
      unitPrice = add(unitPrice, price);
    }
    const labour = p.labourComponents;
    if (labour) {
      const hours = this.lines(labour.values, QUANTITY_PLACES);
      const wage = labour.useOwnHourlyWage ? numberOrZero(labour.hourlyWage) : inherited.hourlyWage;
      const price = hours.isZero() ? ZERO : hours.times(wage);
      labour.hourlyWage = wage;
      labour.totalTime = toNum(hours);
      labour.price = toNum(price);
      unitPrice = add(unitPrice, price);
    }
    unitPrice = this.round(isSet(p.unitPriceOverride) ? new D(p.unitPriceOverride) : unitPrice);
    p.unitPrice = toNum(unitPrice);

    const rate = p.useDifferentTaxRate ? numberOrZero(p.taxRate) : inherited.taxRate;
    p.taxRate = rate;
    const noQuantity = quantity === undefined ? quantityOverride === 0 : quantity.isZero();
    const net = noQuantity || unitPrice.isZero() ? ZERO : this.round((quantity ?? new D(quantityOverride!)).times(unitPrice));
    const deduction = numberOrZero(p.deductionFactor);
    const deducted = deduction === 0 || net.isZero() ? net : this.round(net.times(ONE.minus(deduction)));
    p.totalPrice = toNum(net);
    p.deductedPrice = deducted === net ? p.totalPrice : toNum(deducted);
    p.totalPriceGross = rate === 0 ? p.totalPrice : toNum(this.round(net.times(this.factor(rate))));
    p.totalPriceGrossDeducted =
      deducted === net ? p.totalPriceGross : rate === 0 ? p.deductedPrice : toNum(this.round(deducted.times(this.factor(rate))));

    return { net, deducted, rate };
  }
}

/**
 * Whether a position's total enters its container's sums: not for `priceType` WithoutTotal (GAEB `Provis`
 * WithoutTotal), `positionType` Alternative (GAEB ALNSerNo 1–9) or `comissionStatus` Removed (GAEB `NotAppl`).
 * Optional (WithTotal) and hourly-paid positions count. Source: reference/gaeb.md "Totals semantics".
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

function addRate(sums: Totals, rate: number, net: Dec, deducted: Dec): void {
  const r = sums.byRate.get(rate);
  if (r) addAmounts(r, net, deducted);
  else sums.byRate.set(rate, { net, deducted: deducted === net ? undefined : deducted });
}

/**
 * Whether a finite number has at most `QUANTITY_PLACES` decimals as `new D(value)` reads it (its shortest decimal
 * form), so that rounding it to the quantity precision keeps it and `toNum` of its decimal gives it back: the
 * double nearest to some k / 1000 is the number itself exactly when its shortest form has no more decimals.
 */
const hasQuantityPlaces = (value: number): boolean => Math.round(value * 1000) / 1000 === value;

const roundQuantity = (value: number): Dec => {
  const q = new D(value);
  return q.decimalPlaces() > QUANTITY_PLACES ? q.toDecimalPlaces(QUANTITY_PLACES, D.ROUND_HALF_UP) : q;
};

/**
 * Recalculates every computed field of a normalised project in place and returns it.
 *
 * Per position: each CalculationDto's `result` (3 decimals for quantities and hours, max(6, priceAccuracy) for
 * price values, half away from zero; 0 when invalid), `valid`, `errorPositionInLine`; `quantity` =
 * `quantityOverride` if set, else the sum of the valid quantity components (3 decimals, in `unitTag`);
 * sub-description quantities likewise; each price component's `price` = sum of its values; labour `totalTime`
 * (hours) = sum of its values, `hourlyWage` = own when `useOwnHourlyWage`, else the container's
 * `projectHourlyWage`, `price` = totalTime × hourlyWage; `unitPrice` = `unitPriceOverride` if set, else
 * components + labour, rounded to `priceAccuracy` decimals in `priceRoundingMode` (Normal = half away from zero,
 * Floor = toward −∞, Ceiling = toward +∞); `totalPrice` = round(quantity × unitPrice); `deductedPrice` =
 * round(totalPrice × (1 − deductionFactor)); `taxRate` = own when `useDifferentTaxRate`, else the container's
 * `projectTaxRate`; `totalPriceGross(Deducted)` = round(net × (1 + tax rate)). Prices are in project currency.
 *
 * Per container (service specification, group): `project*` values propagated from the service specification and
 * `projectInformation`; `totalPrice` = sum of counting children (see {@link countsInTotal},
 * {@link groupCountsInTotal}); `deductedPrice` = round(sum of the children's deducted prices × (1 − own
 * deductionFactor)); `totalPriceGrossByTaxRate` = one entry per distinct tax rate, ascending, tax rounded per rate;
 * `totalPriceGross(Deducted)` = sum over the rates; `containsDuplicateItemNumbers` over the container's subtree
 * (group and position numbers compared as strings; `containsDuplicateElementIds` is left as given).
 *
 * Item numbers (schema `projectInformation.itemNumberSchema`): `hierarchyLevel` = tree depth (0 = top) on groups,
 * positions and their ItemNumberDto; `identifiers` padded per tier; `isSchemaCompliant`; a compliant
 * `stringRepresentation` is rewritten in padded form (groups with a trailing separator); `isLot` from Lot tiers;
 * `isAttachedToPosition`. The schema gets `totalLength` (sum of tier lengths), `schemaIsCorrectlyDefined`, and
 * `skipNonExistingLevelsInPositionItemNumbers` true when `options.supportSkippedItemNumberLevels`.
 *
 * All arithmetic is decimal. Linear in the number of elements.
 * Source: reference/avacloud-api.md §1.1 "Input-vs-computed", §1.2; reference/gaeb.md totals semantics.
 */
export function calculateProject(project: ProjectDto, options: CalculateOptions = {}): ProjectDto {
  const info = project.projectInformation;
  const schema = info?.itemNumberSchema;
  const places = Number.isInteger(project.priceAccuracy) ? (project.priceAccuracy as number) : 3;
  const settings: Settings = {
    places,
    rounding: ROUNDING[project.priceRoundingMode ?? 'Normal'] ?? D.ROUND_HALF_UP,
    valuePlaces: Math.max(PRICE_VALUE_PLACES, places),
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
