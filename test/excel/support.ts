/** Helpers of the excel tests: conversions through the pipeline, a sample project, opening written workbooks. */
import XlsxPopulate, { type Workbook } from 'xlsx-populate';
import { defaultOptions } from '../../core/options/catalog.js';
import { ConversionService } from '../../core/pipeline/convert.js';
import type { ConversionMessage } from '../../core/pipeline/messages.js';
import { outputBytes, type FormatPlugin } from '../../core/plugin/contract.js';
import type { ConversionRoute } from '../../core/registry/format-registry.js';
import type { ProjectDto } from '../../core/model/types.js';
import { avaPlugin } from '../../plugins/ava/index.js';
import { excelPlugin } from '../../plugins/excel/index.js';
import { centralDirectory, entryContent, writeZip } from '../../plugins/excel/zip.js';

export { avaPlugin, excelPlugin };

const service = new ConversionService();
const route = (source: FormatPlugin, target: FormatPlugin) => ({ source, target }) as unknown as ConversionRoute;

export interface Converted {
  bytes: Buffer;
  messages: readonly ConversionMessage[];
}

/** Converts bytes or a project value from `source` to `target` with the catalogue defaults and `options`. */
export async function convert(source: FormatPlugin, target: FormatPlugin, input: Buffer | ProjectDto, options: Record<string, boolean | string> = {}): Promise<Converted> {
  const result = await service.convert(route(source, target), Buffer.isBuffer(input) ? { bytes: input } : { value: structuredClone(input) }, defaultOptions(options));
  return { bytes: outputBytes(result.output), messages: result.messages };
}

/** A project written as a workbook. */
export const toExcel = (project: ProjectDto, options: Record<string, boolean | string> = {}) => convert(avaPlugin, excelPlugin, project, options);

/** A workbook read into the recalculated project (and the messages of reading it). */
export async function toAva(xlsx: Buffer, options: Record<string, boolean | string> = {}): Promise<{ project: ProjectDto; messages: readonly ConversionMessage[] }> {
  const out = await convert(excelPlugin, avaPlugin, xlsx, options);
  return { project: JSON.parse(out.bytes.toString('utf8')) as ProjectDto, messages: out.messages };
}

export const openWorkbook = (bytes: Buffer): Promise<Workbook> => XlsxPopulate.fromDataAsync(bytes);

/**
 * A BoQ with two levels of groups, regular, optional, alternative and lump-sum positions, quantity components,
 * a position and a group deduction, a note, and prices with two decimals.
 */
export function sampleProject(): ProjectDto {
  return {
    priceAccuracy: 2,
    projectInformation: { name: 'Schule Nord', currencyShort: 'EUR' },
    serviceSpecifications: [{
      name: 'Rohbau',
      elements: [
        { elementTypeDiscriminator: 'NoteTextDto', shortText: 'Vorbemerkung', longText: 'Alle Maße am Bau prüfen.' },
        {
          elementTypeDiscriminator: 'ServiceSpecificationGroupDto', itemNumber: { stringRepresentation: '01.' }, shortText: 'Erdarbeiten',
          elements: [
            {
              elementTypeDiscriminator: 'ServiceSpecificationGroupDto', itemNumber: { stringRepresentation: '01.01.' }, shortText: 'Aushub', deductionFactor: 0.03,
              elements: [
                { elementTypeDiscriminator: 'PositionDto', itemNumber: { stringRepresentation: '01.01.0010' }, shortText: 'Oberboden abtragen', longText: 'Oberboden 30 cm abtragen und seitlich lagern.', unitTag: 'm2', quantityComponents: [{ formula: '12,5*8' }, { formula: '4*2,25' }], unitPriceOverride: 3.17 },
                { elementTypeDiscriminator: 'PositionDto', itemNumber: { stringRepresentation: '01.01.0020' }, shortText: 'Baugrube ausheben', unitTag: 'm3', quantityOverride: 123.456, unitPriceOverride: 18.33, deductionFactor: 0.1 },
                { elementTypeDiscriminator: 'PositionDto', itemNumber: { stringRepresentation: '01.01.0030' }, shortText: 'Baugrube (Alternative)', unitTag: 'm3', quantityOverride: 123.456, unitPriceOverride: 16.5, positionType: 'Alternative' },
              ],
            },
            { elementTypeDiscriminator: 'PositionDto', itemNumber: { stringRepresentation: '01.0010' }, shortText: 'Wasserhaltung', unitTag: 'psch', quantityOverride: 1, unitPriceOverride: 1250, isLumpSum: true },
          ],
        },
        {
          elementTypeDiscriminator: 'ServiceSpecificationGroupDto', itemNumber: { stringRepresentation: '02.' }, shortText: 'Beton',
          elements: [
            { elementTypeDiscriminator: 'PositionDto', itemNumber: { stringRepresentation: '02.0010' }, shortText: 'Bodenplatte C25/30', longText: 'Bodenplatte\nd = 25 cm', unitTag: 'm3', quantityOverride: 48.125, unitPriceOverride: 187.45 },
            { elementTypeDiscriminator: 'PositionDto', itemNumber: { stringRepresentation: '02.0020' }, shortText: 'Pumpe vorhalten', unitTag: 'h', quantityOverride: 6, unitPriceOverride: 95.5, positionType: 'Optional' },
          ],
        },
      ],
    }],
  } as ProjectDto;
}

/** Positions of the first service specification in document order. */
export function positions(project: ProjectDto): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const walk = (list: unknown[] | undefined) => {
    for (const e of (list ?? []) as Record<string, unknown>[]) {
      if (e.elementTypeDiscriminator === 'PositionDto') out.push(e);
      walk(e.elements as unknown[] | undefined);
    }
  };
  walk(project.serviceSpecifications?.[0]?.elements);
  return out;
}

/** The text of one part of a ZIP package (`xl/worksheets/sheet1.xml`), read through its central directory. */
export function zipPart(zip: Buffer, name: string): string | undefined {
  const entry = centralDirectory(zip)?.find((e) => e.name === name);
  return entry === undefined ? undefined : entryContent(zip, entry).toString('utf8');
}

/**
 * A ZIP package of the given parts (the plugin's own `writeZip`, deflated); `declare` makes an entry lie about its
 * uncompressed size (local header and central directory), as a ZIP bomb does.
 */
export function zipPackage(parts: Record<string, Buffer | string>, declare: Record<string, number> = {}): Buffer {
  const zip = writeZip(Object.entries(parts).map(([name, c]) => ({ name, data: Buffer.isBuffer(c) ? c : Buffer.from(c, 'utf8') })), 'deflate');
  for (const e of centralDirectory(zip) ?? []) {
    const size = declare[e.name];
    if (size === undefined) continue;
    zip.writeUInt32LE(size, e.localHeader + 22);
    zip.writeUInt32LE(size, e.centralHeader + 24);
  }
  return zip;
}
