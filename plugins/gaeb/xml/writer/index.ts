/**
 * GAEB DA XML writer (3.1, 3.2, 3.3; exchange phases 81–87, and 80 in 3.2/3.3): the first service specification of a normalised,
 * recalculated ProjectDto → one schema-valid `.X8x` document, following the shared GAEB ↔ model mapping and
 * each phase XSD's content model and element order (see phase.ts). Lossy steps are reported to the sink.
 */
import { targetError } from '../../../../core/errors.js';
import type { ProjectDto } from '../../../../core/model/types.js';
import { isNoteText } from '../../../../core/model/types.js';
import type { ResolvedOptions } from '../../../../core/options/catalog.js';
import type { MessageSink } from '../../../../core/pipeline/messages.js';
import { writeBoQInfo, writeTopBody } from './boq.js';
import { WriterContext } from './context.js';
import { isoDate, writeAddTexts, writeAwardHead, writeGaebInfo, writePrjInfo } from './document.js';
import type { BoqState } from './item.js';
import { numberingFor } from './numbering.js';
import { phaseRules, writablePhases, type GaebPhase, type GaebXmlVersion } from './phase.js';
import { DocumentIndex } from './prepass.js';
import { oenormMarksMessage } from '../../../../core/model/oenorm-marks.js';

export type { GaebPhase, GaebXmlVersion } from './phase.js';

export interface GaebXmlTarget {
  version: GaebXmlVersion;
  phase: GaebPhase;
}

const VERSIONS = new Set(['3.1', '3.2', '3.3']);

/**
 * Writes the project as a GAEB DA XML document.
 *
 * @param project normalised and recalculated project (ids, quantities, prices, totals, `itemNumber.identifiers`
 *   padded per tier, `longText`/`htmlLongText`); only `serviceSpecifications[0]` is written
 * @param options resolved conversion options; `RemoveUnprintableCharactersFromTexts` decides whether characters
 *   XML 1.0 forbids are removed (true) or refused (false, the default); `ExportQuantityDetermination` writes
 *   positions' `quantityComponents` as `QtyDeterm` rows (qty-determ.ts); `EnforceStrictOfferPhaseLongTextOutput`
 *   decides what phase 84 keeps of long texts marked as holding text additions (description.ts)
 * @param sink receives what was dropped, shortened, generated or reordered (codes `GAEB_XML_*`, source `gaeb`)
 * @param target schema version and exchange phase (namespace `http://www.gaeb.de/GAEB_DA_XML/DA{phase}/{version}`,
 *   3.1: `…/200407`)
 * @returns UTF-8 bytes without BOM, starting `<?xml version="1.0" encoding="utf-8"?>`
 * @throws GatewayError GW_ERR_TARGET_CONSTRAINT (400) when the target is unknown, the project has no service
 *   specification, a text holds a character XML forbids (option off; key = item number or field), or a number
 *   exceeds the digits the schema allows (e.g. Qty decimal(11,3), UP decimal(13,3))
 *
 * Source: GAEB DA XML 3.3 (2021-05) phase XSDs 81–86 and Lib; 3.2 (2013-10) X83; 3.1 (2009-12) schema.
 */
export function writeGaebXml(project: ProjectDto, options: ResolvedOptions, sink: MessageSink, target: GaebXmlTarget): Buffer {
  if (!VERSIONS.has(target?.version)) throw targetError(`GAEB DA XML version ${String(target?.version)} cannot be written; use 3.1, 3.2 or 3.3`, 'DestinationGaebType');
  if (!writablePhases(target.version).includes(target.phase)) {
    throw targetError(`GAEB exchange phase ${String(target.phase)} cannot be written as GAEB DA XML ${target.version}; use ${writablePhases(target.version).join(', ')}`, 'TargetExchangePhaseTransform');
  }
  const specs = project.serviceSpecifications ?? [];
  const spec = specs[0];
  if (!spec) throw targetError('The project has no service specification to write as GAEB DA XML', 'serviceSpecifications');

  const rules = phaseRules(target.version, target.phase);
  const ctx = new WriterContext(rules, options, sink);
  if (specs.length > 1) ctx.report('GAEB_XML_ELEMENT_DROPPED', 'warning', `GAEB DA XML holds one BoQ; only the first of ${specs.length} service specifications was written`);

  const info = project.projectInformation ?? {};
  const index = new DocumentIndex(spec);
  const numbering = numberingFor(info.itemNumberSchema ?? spec.projectItemNumberSchema, spec.elements ?? []);
  if (numbering.derived) {
    ctx.report('GAEB_XML_SCHEMA_DERIVED', 'warning', 'the project has no usable item number schema (one Position tier, at most 7 tiers); BoQBkdn was derived from the item numbers');
  }
  const upDigits = upFracDigits(project);
  const declared = info.priceComponents?.length ? info.priceComponents : spec.projectPriceComponents;
  // Components on positions of a project that declares no labels (e.g. read from an X84, which has no LblUPComp).
  const labels = (declared?.length ? declared : index.componentLabels).map(String);
  if (labels.length > 6) ctx.report('GAEB_XML_ELEMENT_DROPPED', 'warning', `GAEB DA XML has at most 6 unit price components; ${labels.length - 6} were left out`);
  const upCompLabels = labels.slice(0, 6);
  const takeoff = options.ExportQuantityDetermination === true ? { next: 0 } : undefined;
  const state: BoqState = { ctx, index, layout: numbering.layout, upDigits, upCompLabels, takeoff };

  const top = spec.elements ?? [];
  const opening = top.filter((e) => isNoteText(e) && e.isOpeningText === true).filter(isNoteText);
  const closing = top.filter((e) => isNoteText(e) && e.isClosingText === true && e.isOpeningText !== true).filter(isNoteText);

  const { b } = ctx;
  b.declaration('utf-8');
  b.open('GAEB', { xmlns: rules.namespace });
  writeGaebInfo(ctx, new Date());
  writePrjInfo(ctx, project, spec, upDigits);
  b.open('Award');
  writeAwardHead(ctx, project, spec, opening);
  b.open('BoQ', { ID: index.boqId });
  writeBoQInfo(state, {
    name: spec.name ?? info.name ?? 'BoQ',
    label: spec.description ?? info.descriptionShort ?? '',
    date: isoDate(spec.creationDate),
    levels: numbering.levels,
    upCompTypes: upCompLabels.map((l) => info.priceComponentTypes?.[l] ?? 'Unknown'),
    lblTime: info.labourTimeLabel,
    total: typeof spec.totalPrice === 'number' ? spec.totalPrice : undefined,
    discounts: spec,
    vatPercent: typeof spec.projectTaxRate === 'number' && spec.projectTaxRate !== 0 ? spec.projectTaxRate * 100 : undefined,
  });
  writeTopBody(state, spec);
  b.close(); // BoQ
  b.close(); // Award
  writeAddTexts(ctx, closing, rules.closingAddText, 'closing texts (GAEB/AddText)');
  b.close(); // GAEB

  if (!rules.prices && index.pricedPositions > 0) {
    ctx.report('GAEB_XML_PRICES_DROPPED', 'info', `phase ${rules.phase} carries no prices; unit prices and totals of ${index.pricedPositions} position(s) were not written`);
  }
  const oenorm = oenormMarksMessage('GAEB DA XML', spec);
  if (oenorm) ctx.report('GAEB_XML_OENORM_MARKS_DROPPED', 'warning', oenorm);
  if (index.generatedIds > 0) {
    ctx.report('GAEB_XML_ID_GENERATED', 'info', `${index.generatedIds} element(s) had no usable, unique gaebXmlId (an XML NCName); IDs of the form ID_<uuid> were written`);
  }
  if (index.orphanAlternatives.length > 0) {
    ctx.report('GAEB_XML_ELEMENT_DROPPED', 'warning', `alternative positions without a basic position or group (${index.orphanAlternatives.slice(0, 5).join(', ')}) were written without ALNGroupNo/ALNSerNo`);
  }
  ctx.flush();
  return b.toBuffer();
}

/** UP decimals: `projectInformation.upFracDig` (2|3), else the project's `unitPriceAccuracy ?? priceAccuracy` clamped to 2..3. */
function upFracDigits(project: ProjectDto): number {
  const explicit = project.projectInformation?.upFracDig;
  if (explicit === 2 || explicit === 3) return explicit;
  const acc = project.unitPriceAccuracy ?? project.priceAccuracy;
  return typeof acc === 'number' && Number.isFinite(acc) ? Math.min(3, Math.max(2, Math.round(acc))) : 3;
}
