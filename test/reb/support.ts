/** Shared helpers of the REB tests (fixtures in test/fixtures/reb, written for these tests). */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import iconv from 'iconv-lite';
import { prepareProject } from '../../core/model/index.js';
import { isPosition, type ElementDto, type PositionDto, type ProjectDto } from '../../core/model/types.js';
import { MessageCollector, type ConversionMessage } from '../../core/pipeline/messages.js';
import { outputBytes } from '../../core/plugin/contract.js';
import type { ResolvedOptions } from '../../core/options/catalog.js';
import { rebPlugin } from '../../plugins/reb/index.js';
import { flatten } from '../gaeb/xml-reader-support.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'reb');

/** A fixture's bytes (DA11 fixtures are CP850, as DA11 files are). */
export const fixture = (name: string): Buffer => readFileSync(join(FIXTURES, name));

/** DA11 lines (given as text) → CP850 bytes with CRLF. */
export const da11Bytes = (lines: readonly string[]): Buffer => iconv.encode(lines.map((l) => `${l}\r\n`).join(''), 'cp850');

/** The lines of written DA11 bytes. */
export const da11Lines = (bytes: Buffer): string[] => iconv.decode(bytes, 'cp850').split('\r\n').filter((l) => l !== '');

/** A DA11 `11` line from its fields (columns as the plugin's module comment lists them). */
export function line(oz: string, f: { flag?: string; expl?: string; sign?: string; factor?: string; fn?: string; body?: string; addr?: string; values?: string[] } = {}): string {
  let s = `11${oz.padEnd(9)} ${f.flag ?? ' '}${(f.expl ?? '').padEnd(9)}${f.sign ?? ' '}${(f.factor ?? '').padStart(6)}${(f.fn ?? '').padEnd(2)}`;
  s += f.values ? (f.values[0].padStart(9) + f.values.slice(1).map((v) => v.padStart(7)).join('')).padEnd(38) : (f.body ?? '').padEnd(38);
  return `${s}${(f.addr ?? '').padEnd(6)}`.padEnd(80);
}

/** A 2009 header with the mask. */
export const header = (mask = '1122PPPPI', heading = 'Test', order = '') => `00${order.padEnd(8)}23.0032009${heading.padEnd(51)}${mask}`;

export interface Read {
  project: ProjectDto;
  messages: ConversionMessage[];
  positions: PositionDto[];
  position(itemNumber: string): PositionDto;
}

/** Reads and prepares (normalises and recalculates, as the pipeline does) a REB file through the plugin. */
export async function read(bytes: Buffer): Promise<Read> {
  const sink = new MessageCollector();
  const ctx = Object.assign(sink, { sourceId: 'reb', targetId: 'ava' });
  const project = prepareProject((await rebPlugin.reader!.read({ bytes }, {}, ctx)) as ProjectDto);
  const positions = flatten(project.serviceSpecifications?.[0]?.elements as ElementDto[]).filter(isPosition);
  return {
    project, messages: sink.messages, positions,
    position(n) {
      const found = positions.find((p) => p.itemNumber?.stringRepresentation === n);
      if (!found) throw new Error(`no position ${n}; have ${positions.map((p) => p.itemNumber?.stringRepresentation).join(', ')}`);
      return found;
    },
  };
}

/** Writes a project (prepared as the pipeline does, after a JSON round trip as the `ava` source carries it) as REB. */
export async function write(project: ProjectDto, options: ResolvedOptions = {}): Promise<{ bytes: Buffer; messages: ConversionMessage[] }> {
  const sink = new MessageCollector();
  const ctx = Object.assign(sink, { sourceId: 'ava', targetId: 'reb' });
  const prepared = prepareProject(JSON.parse(JSON.stringify(project)) as ProjectDto);
  const out = await rebPlugin.writer!.write(prepared, { DestinationRebType: 'D11', LastRowAddress: '', ...options }, ctx);
  return { bytes: outputBytes(out), messages: sink.messages };
}

/** A project of positions (item number → quantity components), schema `1122PPPPI` unless given. */
export function takeoffProject(positions: Record<string, { formula?: string; description?: string }[]>, name = 'X'): ProjectDto {
  const groups = new Map<string, ElementDto & { elements: ElementDto[] }>();
  const elements: ElementDto[] = [];
  for (const [number, components] of Object.entries(positions)) {
    const parts = number.split('.');
    let parent = elements;
    for (let d = 1; d < parts.length; d++) {
      const key = `${parts.slice(0, d).join('.')}.`;
      let g = groups.get(key);
      if (!g) {
        g = { elementTypeDiscriminator: 'ServiceSpecificationGroupDto', itemNumber: { stringRepresentation: key }, elements: [] };
        groups.set(key, g);
        parent.push(g);
      }
      parent = g.elements;
    }
    parent.push({ elementTypeDiscriminator: 'PositionDto', itemNumber: { stringRepresentation: number }, quantityComponents: components } as PositionDto);
  }
  return { serviceSpecifications: [{ name, elements }] };
}
