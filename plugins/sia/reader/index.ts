/**
 * SIA 451 reader (`.01S`, the Swiss NPK bill-of-quantities exchange): CP850 records → a (not yet normalised)
 * ProjectDto with one service specification (`origin: 'Sia'`).
 *
 * A header: creation date (TTMMJJ), document code (B Ausschreibung → OfferRequest, C Angebot → Offer, D Vertrag
 * → Grant, A Ausmass / E Teilrechnung / F Situationsrechnung → Undefined, the code kept in `originDetail`),
 * project id and name, software vendor. B002 object outlines name the quantity components; B001 outlines (BKP
 * codes) and C conditions are kept as written in the service specification (`siaSecondaryOutlines`,
 * `siaConditions`); the VAT condition's percentage is the tax rate, the others (Rabatt, Skonto) have no effect on
 * prices. G records: `entries.ts`, `build.ts`. Z: record count checked
 * (`lines.ts`). Record layout: `records.ts` (janhajk/451 `lib/sia451.js`, ItsWasteD/npk-tools
 * `src/types/npk_types.ts`, RPGAdmin/crbxparser `parse_sia451.py`).
 */
import type { ExchangePhaseDto, ProjectDto, ServiceSpecificationDto } from '../../../core/model/types.js';
import type { MessageSink } from '../../../core/pipeline/messages.js';
import { parseImplied, sliceColumns } from '../../../core/text/records.js';
import { A_COLUMNS, B_COLUMNS, C_COLUMNS, DOCUMENT_CODES, isVatCondition } from '../records.js';
import { SiaReport } from '../report.js';
import { buildElements, SIA_ITEM_NUMBER_SCHEMA } from './build.js';
import { collectChapters } from './entries.js';
import { type SiaLine, siaLines } from './lines.js';
import { lookupTable } from '../../../core/lookup.js';

const PHASES: Readonly<Record<string, ExchangePhaseDto>> = lookupTable({ B: 'OfferRequest', C: 'Offer', D: 'Grant' });

/** TTMMJJ → YYYY-MM-DD (years 00–79 are 20xx), undefined when not a date. */
function isoDate(ttmmjj: string): string | undefined {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(ttmmjj.trim());
  if (!m) return undefined;
  const year = Number(m[3]) < 80 ? `20${m[3]}` : `19${m[3]}`;
  return `${year}-${m[2]}-${m[1]}`;
}

function header(a: string, spec: ServiceSpecificationDto, project: ProjectDto): void {
  const f = (c: keyof typeof A_COLUMNS) => sliceColumns(a, A_COLUMNS[c]).trim();
  const date = isoDate(f('creationDate'));
  if (date) spec.creationDate = date;
  const code = f('documentCode');
  spec.exchangePhase = PHASES[code] ?? 'Undefined';
  spec.originDetail = `SIA ${f('interfaceVersion') || '451'}${DOCUMENT_CODES[code] ? ` ${DOCUMENT_CODES[code]}` : ''}`;
  const name = f('projectName');
  if (name) {
    spec.name = name;
    project.projectInformation!.name = name;
  }
  if (f('projectId')) spec.contractIdentifier = f('projectId');
  const vendor = [f('vendor'), f('programVersion')].filter(Boolean).join(' ');
  if (vendor) spec.siaSoftware = vendor;
}

/**
 * B and C records: object outlines (for the components), the rest kept as written; the percentage of the VAT
 * condition is the service specification's tax rate (`projectTaxRate`, a fraction).
 */
function outlinesAndConditions(lines: readonly SiaLine[], spec: ServiceSpecificationDto, report: SiaReport): Map<string, string> {
  const outlines = new Map<string, string>();
  const secondary: { outline: string; code: string; text: string }[] = [];
  const conditions: { number: string; text: string; percent?: number }[] = [];
  for (const { text, line } of lines) {
    const kind = text[0];
    if (kind === 'B') {
      const b = (c: keyof typeof B_COLUMNS) => sliceColumns(text, B_COLUMNS[c]).trim();
      if (b('recordType') === '0') continue; // the outline's opening record
      if (b('kind') === 'B002' && b('objectOutline')) outlines.set(b('objectOutline'), b('text'));
      else secondary.push({ outline: b('kind'), code: b('code'), text: sliceColumns(text, [B_COLUMNS.text[0], text.length]).replace(/\s+/g, ' ').trim() });
    } else if (kind === 'C') {
      const c = (k: keyof typeof C_COLUMNS) => sliceColumns(text, C_COLUMNS[k]);
      if (c('recordType') === '0') continue;
      const percent = parseImplied(c('percent'), 2, c('percentSign'));
      if (percent !== undefined && Number.isNaN(percent)) {
        report.report('SIA_INVALID_NUMBER', 'warning', `The percentage '${c('percent').trim()}' of the condition on line ${line} is not a number and was ignored.`);
      }
      conditions.push({ number: c('number').trim(), text: c('text').trim(), ...(percent !== undefined && !Number.isNaN(percent) ? { percent } : {}) });
    } else if (kind !== 'A' && kind !== 'G' && kind !== 'Z') {
      report.report('SIA_RECORD_DROPPED', 'info', `Records of kind '${kind}' (reserve; first on line ${line}) have no place in the model and were not read.`);
    }
  }
  if (secondary.length > 0) spec.siaSecondaryOutlines = secondary;
  if (conditions.length > 0) spec.siaConditions = conditions;
  const vat = conditions.find(isVatCondition);
  if (vat?.percent !== undefined && vat.percent > 0) spec.projectTaxRate = vat.percent / 100;
  if (outlines.size > 0) spec.siaObjectOutlines = [...outlines].map(([code, name]) => ({ code, name }));
  return outlines;
}

/**
 * Reads a SIA 451 file.
 * @param bytes the whole file
 * @param sink  receives conversion messages (codes `SIA_*`)
 * @returns the project: one service specification, chapters as groups, item number schema Kapitel.Leistungsposition,
 *   `priceAccuracy` and `unitPriceAccuracy` 2 (the unit prices of G records have two implied decimals)
 * @throws GatewayError GW_ERR_PARSE (400, key `siaFile`): see `siaLines` (empty, other format, UTF-8, truncated)
 */
export function readSia(bytes: Buffer, sink: MessageSink): ProjectDto {
  const report = new SiaReport(sink);
  const lines = siaLines(bytes, report);
  // G records hold unit prices with 2 implied decimals: totals are computed to the same precision
  const project: ProjectDto = { priceAccuracy: 2, unitPriceAccuracy: 2, projectInformation: { itemNumberSchema: structuredClone(SIA_ITEM_NUMBER_SCHEMA) } };
  const spec: ServiceSpecificationDto = { origin: 'Sia', elements: [] };
  header(lines[0].text, spec, project);
  const outlines = outlinesAndConditions(lines, spec, report);
  spec.elements = buildElements(collectChapters(lines, report), outlines, report);
  project.serviceSpecifications = [spec];
  return project;
}
