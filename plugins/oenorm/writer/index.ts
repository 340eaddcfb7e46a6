/**
 * ÖNORM A 2063 writer for LV (`.onlv`) and LB (`.onlb`), editions 2009, 2015, 2021: the first service specification
 * of a normalised, recalculated ProjectDto → one ONLV or ONLB document following the element order of the 2009 XSDs
 * (`onlv.xsd`, `onlb.xsd`,
 * `ontypdef.xsd`, `ontext.xsd`; © Austrian Standards, public copies in GeorgDangl/XmlTools,
 * test/XmlTools.Tests/Testfiles/GroupFlattener), in the namespace of the edition (the 2015 and 2021 editions keep
 * the LV core, OpenAEC-Foundation/open-calc-studio verification/onorm-a2063/RAPPORT.md). Options of group O:
 * `DestinationOenormType`, `TryRepairProjectStructure` (structure.ts), `SkipTryEnforceSchemaCompliantXmlOutput`
 * and `RemoveUnprintableCharactersFromTexts` (context.ts).
 */
import { positionsOf, type ElementDto, type PositionDto, type ProjectDto, type ServiceSpecificationDto } from '../../../core/model/types.js';
import { countingChange, countingChangeMessage, type CountingMark } from '../../../core/model/counting-marks.js';
import { markupItemsMessage } from '../../../core/model/markup-items.js';
import { itemKindsMessage } from '../../../core/model/item-kinds.js';
import type { ResolvedOptions } from '../../../core/options/catalog.js';
import type { MessageSink } from '../../../core/pipeline/messages.js';
import type { LongTextCache } from '../../../core/text/long-text-cache.js';
import { targetError } from '../../../core/errors.js';
import { recaptureXml } from '../../../core/xml/subtree-text.js';
import { writeBody, writeRemark } from './body.js';
import { OenormDiscounts, writeSum } from './discounts.js';
import { writeGrafiktabelle } from './graphics.js';
import { ustkennzeichenOf, vatShares, writeSummeNormalausfuehrung } from './vat.js';
import { writeTeilangebote } from './teilangebote.js';
import { writeVariantenzusammenstellungen } from './varianten.js';
import { OenormWriterContext } from './context.js';
import { keptOf, writeHeaderTables, writeKenndaten, writeLb, writeMetadaten } from './document.js';
import type { PositionContext } from './positions.js';
import { planOutline, type Plan } from './structure.js';
import { lvTypeOf, lvTypeRules, oenormTarget } from './target.js';
import { variants } from './variants.js';
import { oenormUnit } from './units.js';

export { WRITABLE_OENORM_TYPES } from './target.js';
const DEFAULT_SHARE_LABELS: readonly [string, string] = ['Lohn', 'Sonstiges'];
/**
 * Marks of the model that decide whether an element counts and that an ONLV cannot hold (`core/model/counting-marks.ts`):
 * only normal positions count in ÖNORM sums (`pzzv.type`: an `eventualposition` never does), and there is no "not
 * applicable". (An alternative group is written as variants of its positions, `variants.ts`, which count as it does.)
 */
const LOST_MARKS: ReadonlySet<CountingMark> = new Set(['optionalWithTotal', 'removed']);

/**
 * Writes the project as an ONLV (or, for the `Lb*` types, an ONLB: texts and units, no quantities or prices).
 *
 * @param project normalised and recalculated project (quantities, unit prices, totals, `itemNumber.identifiers`);
 *   only `serviceSpecifications[0]` is written
 * @param options resolved options of group O (`DestinationOenormType` default `Lv2015`)
 * @param sink receives what was repaired, rounded, shortened, mapped, left out or is counted otherwise than in the
 *   project (codes `OENORM_*`, source `oenorm`)
 * @param now the creation time written to `metadaten/erstelltam`
 * @returns UTF-8 bytes without BOM, starting `<?xml version="1.0" encoding="utf-8"?>`
 * @throws GatewayError GW_ERR_OPTION (400) for a destination type that cannot be written (B2063);
 *   GW_ERR_TARGET_CONSTRAINT (400) when the project has no position, its structure does not fit and
 *   TryRepairProjectStructure is off (naming the first element), a text holds a character XML forbids
 *   (RemoveUnprintableCharactersFromTexts off), or an amount exceeds 10 integer digits
 */
export function writeOenorm(
  project: ProjectDto, options: ResolvedOptions, sink: MessageSink & { readonly longTexts?: LongTextCache }, now = new Date(),
): Buffer {
  const target = oenormTarget(String(options.DestinationOenormType ?? 'Lv2015'));
  const specs = project.serviceSpecifications ?? [];
  const spec = specs[0];
  if (!spec) throw targetError('The project has no service specification to write as ÖNORM LV', 'serviceSpecifications');
  const ctx = new OenormWriterContext(options, sink, target.document);
  if (specs.length > 1) ctx.report('OENORM_ELEMENT_NOT_WRITTEN', 'warning', `An ONLV holds one LV; only the first of ${specs.length} service specifications was written.`);
  const plan = planOutline(ctx, spec);
  const lvType = lvTypeOf(spec);
  const rules = lvTypeRules(lvType);
  const info = project.projectInformation ?? {};
  const positions = positionsOf(spec.elements);
  const shares = vatShares(spec, positions, rules.sums);
  const pc: PositionContext = {
    edition: target.edition, offer: rules.offer, info, notiz: rules.notiz, zusatzangebotslvinfo: rules.zusatzangebotslvinfo, takeoff: rules.takeoff,
    ...variants(spec, positions), variantsWritten: new Map(),
    ustkennzeichenOf: (p) => ustkennzeichenOf(shares, p, spec),
  };
  collectGraphics(ctx, spec.elements);

  const { b } = ctx;
  b.declaration('utf-8');
  b.open(target.document, { xmlns: target.namespace });
  writeMetadaten(ctx, `${(spec.name ?? info.name ?? 'LV').replace(/[\\/:*?"<>|\r\n]+/g, '_').slice(0, 54)}.${target.document}`, now);
  if (target.document === 'onlb') {
    writeOnlbBody(ctx, spec, plan, pc);
    b.close();
    ctx.flush();
    return b.toBuffer();
  }
  reportUnwritten(ctx, project, options);
  const discounts = new OenormDiscounts(ctx, spec, plan, rules.sums);
  writeHeaderTables(ctx, spec, leistungsteile(positions), discounts, target.edition, rules.takeoff);
  writeParameterlisten(ctx, spec, false);
  const kept = keptOf(spec);
  const numberAttribute = rules.numberAttribute
    ? { [rules.numberAttribute]: typeof kept[rules.numberAttribute] === 'string' ? (kept[rules.numberAttribute] as string) : '1' }
    : undefined;
  b.open(lvType, numberAttribute);
  const hasShares = (info.priceComponents?.length ?? 0) > 0 || positions.some((p) => (p.priceComponents?.length ?? 0) > 0);
  const labels = info.priceComponents?.length === 2 ? [info.priceComponents[0], info.priceComponents[1]] as const : DEFAULT_SHARE_LABELS;
  writeKenndaten(ctx, project, spec, rules, hasShares ? labels : undefined, now);
  const bc = { spec, pc, sums: rules.sums, discounts, positionsTotal: 0 };
  const sum = writeBody(ctx, plan, bc);
  let total: number | undefined;
  if (rules.sums) {
    total = writeSum(ctx, 'lv-summe', sum, 'lv-summe', discounts.of(spec, 'the LV'));
    writeSummeNormalausfuehrung(ctx, spec, bc.positionsTotal, total, shares);
  }
  writeVariantenzusammenstellungen(ctx, spec, pc.variantsWritten);
  writeTeilangebote(ctx, spec, positions, rules.offer);
  discounts.finish();
  if (total !== undefined) reportTotalChange(ctx, spec, total);
  b.close(); // LV type
  b.close(); // onlv root
  ctx.flush();
  return b.toBuffer();
}

/**
 * Reports what the ONLV holds otherwise than the project: the elements it counts otherwise and the LV total that
 * follows (`OENORM_COUNTING_CHANGED`), markup items written as ordinary positions (`OENORM_MARKUP_ITEM_FIXED`) and
 * item kinds ÖNORM has no mark for (`OENORM_ITEM_KIND_DROPPED`; a lump sum in `PA` says it).
 */
function reportUnwritten(ctx: OenormWriterContext, project: ProjectDto, options: ResolvedOptions): void {
  const change = countingChange(project, LOST_MARKS, options.SupportSkippedItemNumberLevelsInPositions === true);
  if (change) ctx.report('OENORM_COUNTING_CHANGED', 'warning', countingChangeMessage('ÖNORM A 2063', change), change.losses[0].itemNumber);
  const markups = markupItemsMessage('ÖNORM A 2063', project.serviceSpecifications?.[0]);
  if (markups) ctx.report('OENORM_MARKUP_ITEM_FIXED', 'info', markups);
  const kinds = itemKindsMessage('ÖNORM A 2063', project.serviceSpecifications?.[0], ['lumpSum', 'hourly', 'quantityByBidder'], {
    lumpSum: (p) => oenormUnit(p.unitTag ?? '').unit === 'PA', // written as PA (Pauschale)
  });
  if (kinds) ctx.report('OENORM_ITEM_KIND_DROPPED', 'warning', kinds);
}

/**
 * Reports an LV total written (`lv-summe` after its discount, in project currency) that differs from the project's
 * (`deductedPrice`, else `totalPrice`) by a cent or more (`OENORM_TOTAL_CHANGED`): whatever the cause — values rounded
 * to ÖNORM's two decimals, discounts or marks ÖNORM cannot hold, each reported where it happens — the user sees the
 * total a receiver of the file will read.
 */
function reportTotalChange(ctx: OenormWriterContext, spec: ServiceSpecificationDto, written: number): void {
  const project = Math.round((spec.deductedPrice ?? spec.totalPrice ?? 0) * 100) / 100;
  const difference = Math.round((written - project) * 100) / 100;
  if (difference === 0) return;
  ctx.report('OENORM_TOTAL_CHANGED', 'warning', `The LV total written (lv-summe after its discount) is ${written.toFixed(2)}; the project's is ${project.toFixed(2)} (difference ${difference.toFixed(2)}). The other messages of this conversion name what ÖNORM A 2063 could not hold as it was: rounded values, discounts, how elements count.`);
}

/**
 * An LB (`onlb.xsd`): `lbkenndaten`, `grafiktabelle`, `svb`, `lg-liste`; what an LB cannot hold (quantities, prices,
 * position kinds) is reported once.
 */
function writeOnlbBody(ctx: OenormWriterContext, spec: ServiceSpecificationDto, plan: Plan, pc: PositionContext): void {
  const lbVersion = writeLb(ctx, spec, 'lbkenndaten');
  // the other LB identifications an ONLB source kept (`onlb.xsd`: after lbkenndaten, in this order)
  for (const block of ['erglbkenndaten', 'lbkenndaten-vorversion', 'erglbkenndaten-vorversion']) if (keptOf(spec)[block] !== undefined) writeLb(ctx, spec, block);
  writeGrafiktabelle(ctx, ctx.graphics);
  writeParameterlisten(ctx, spec, pc.edition === '2021');
  const lb = { ...pc, lbVersion };
  const bc = { spec, pc: lb, sums: false, positionsTotal: 0 };
  writeRemark(ctx, 'svb', plan.svb, 'svb', bc);
  writeBody(ctx, plan, bc);
  const priced = positionsOf(spec.elements).filter((p) => (p.quantity ?? 0) !== 0 || (p.unitPrice ?? 0) !== 0).length;
  if (priced > 0) {
    ctx.report('OENORM_ELEMENT_NOT_WRITTEN', 'warning', `An ÖNORM LB holds no quantities or prices; those of ${priced} position(s) were not written.`);
  }
}

/**
 * The parameter lists of an A 2063:2021 LB, as the reader kept them (`oenormProperties.parameterlisten`, XML text):
 * written back after the `grafiktabelle` — where the public 2021 LB of NEVARIS (LB-SCHOKO) has them — into an LB of
 * 2021 (`fits`); elsewhere reported as not written. The text is parsed and serialised anew first (`recaptureXml`): a
 * posted project's text that is not one well-formed, portable `parameterlisten` element is not written (reported).
 */
function writeParameterlisten(ctx: OenormWriterContext, spec: ServiceSpecificationDto, fits: boolean): void {
  const kept = keptOf(spec).parameterlisten;
  if (kept === undefined) return;
  const lists = typeof kept === 'string' ? recaptureXml(kept, 'parameterlisten') : undefined;
  if (lists === undefined) {
    ctx.report('OENORM_ELEMENT_NOT_WRITTEN', 'warning', 'oenormProperties.parameterlisten is not one well-formed <parameterlisten> element (without DTD, every prefix declared in it); it was not written.');
  } else if (fits) ctx.b.raw(lists.xml);
  else ctx.report('OENORM_PARAMETER_LISTS_NOT_WRITTEN', 'info', 'The parameter lists (parameterlisten) of the ÖNORM 2021 source were not written: only an LB of the 2021 edition has a known place for them.');
}

/** Registers the pictures of every text the document will hold (`graphics.ts`): the header lists them first. */
function collectGraphics(ctx: OenormWriterContext, list: readonly ElementDto[] | undefined): void {
  for (const e of list ?? []) {
    const text = e as { htmlLongText?: string; itemNumber?: { stringRepresentation?: string } };
    ctx.graphics.collect(text.htmlLongText, text.itemNumber?.stringRepresentation ?? 'a note text');
    if ('elements' in e && Array.isArray(e.elements)) collectGraphics(ctx, e.elements as ElementDto[]);
  }
}

/** The Leistungsteil numbers the positions use (kept from ÖNORM), else 1. */
function leistungsteile(positions: readonly PositionDto[]): string[] {
  const parts = new Set<string>();
  for (const p of positions) {
    const v = p.oenormPositionProperties?.leistungsteil;
    parts.add(typeof v === 'string' && /^[1-9][0-9]?$/.test(v) ? v : '1');
  }
  return [...parts].sort((a, b) => Number(a) - Number(b));
}
