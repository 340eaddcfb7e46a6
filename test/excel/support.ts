/** Helpers of the excel tests: conversions through the pipeline, a sample project, opening written workbooks. */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import XlsxPopulate, { type Workbook } from 'xlsx-populate';
import { defaultOptions } from '../../core/options/catalog.js';
import { ConversionService } from '../../core/pipeline/convert.js';
import type { ConversionMessage } from '../../core/pipeline/messages.js';
import { outputBytes, type FormatPlugin } from '../../core/plugin/contract.js';
import type { ConversionRoute } from '../../core/registry/format-registry.js';
import type { ProjectDto } from '../../core/model/types.js';
import { avaPlugin } from '../../plugins/ava/index.js';
import { excelPlugin } from '../../plugins/excel/index.js';

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

/** The text of one part of a ZIP package (`xl/worksheets/sheet1.xml`), read from its central directory. */
export function zipPart(zip: Buffer, name: string): string | undefined {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  for (let i = zip.readUInt16LE(end + 10); i > 0; i--) {
    const nameLength = zip.readUInt16LE(at + 28);
    const entry = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (entry === name) {
      const local = zip.readUInt32LE(at + 42);
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + zip.readUInt32LE(at + 20));
      return (zip.readUInt16LE(at + 10) === 8 ? inflateRawSync(data) : data).toString('utf8');
    }
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return undefined;
}

/** A ZIP package of the given parts, deflated; `declare` overrides an entry's declared uncompressed size. */
export function zipPackage(parts: Record<string, Buffer | string>, declare: Record<string, number> = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(parts)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8');
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name, 'utf8');
    const size = declare[name] ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(0, 14); // CRC-32 left 0: the guard refuses before any CRC check matters
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(parts).length, 8);
  end.writeUInt16LE(Object.keys(parts).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
