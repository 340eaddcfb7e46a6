/** Shared helpers of the SIA 451 tests (fixtures in test/fixtures/sia, written for these tests). */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import iconv from 'iconv-lite';
import { prepareProject } from '../../core/model/index.js';
import {
  isGroup, isNoteText, isPosition, type ElementDto, type NoteTextDto, type PositionDto, type ProjectDto,
  type ServiceSpecificationGroupDto,
} from '../../core/model/types.js';
import { MessageCollector, type ConversionMessage } from '../../core/pipeline/messages.js';
import { readSia } from '../../plugins/sia/reader/index.js';
import { writeSia } from '../../plugins/sia/writer/index.js';
import { flatten } from '../gaeb/xml-reader-support.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'sia');

/** A fixture's bytes (the fixtures are CP850, as SIA 451 files are). */
export const fixture = (name: string): Buffer => readFileSync(join(FIXTURES, name));

/** SIA 451 records (given as text lines) → CP850 bytes with CRLF. */
export const siaBytes = (lines: readonly string[]): Buffer => iconv.encode(lines.map((l) => `${l}\r\n`).join(''), 'cp850');

/** The records of written SIA 451 bytes. */
export const siaRecords = (bytes: Buffer): string[] => iconv.decode(bytes, 'cp850').split('\r\n').filter((l) => l !== '');

export interface Read {
  project: ProjectDto;
  messages: ConversionMessage[];
  positions: PositionDto[];
  groups: ServiceSpecificationGroupDto[];
  notes: NoteTextDto[];
  position(itemNumber: string): PositionDto;
}

/** Reads and prepares (normalises and recalculates, as the pipeline does) a SIA 451 file. */
export function read(bytes: Buffer): Read {
  const sink = new MessageCollector();
  const project = prepareProject(readSia(bytes, sink));
  return describeProject(project, sink.messages);
}

/** Lists of a prepared project's elements. */
export function describeProject(project: ProjectDto, messages: ConversionMessage[] = []): Read {
  const all: ElementDto[] = flatten(project.serviceSpecifications?.[0]?.elements);
  const positions = all.filter(isPosition);
  return {
    project, messages, positions, groups: all.filter(isGroup), notes: all.filter(isNoteText),
    position(n) {
      const found = positions.find((p) => p.itemNumber?.stringRepresentation === n);
      if (!found) throw new Error(`no position ${n}; have ${positions.map((p) => p.itemNumber?.stringRepresentation).join(', ')}`);
      return found;
    },
  };
}

/** Writes a project (prepared as the pipeline does) as SIA 451, with the messages; a fixed export date. */
export function write(project: ProjectDto): { bytes: Buffer; messages: ConversionMessage[] } {
  const sink = new MessageCollector();
  const bytes = writeSia(prepareProject(structuredClone(project)), sink, new Date('2026-01-02T00:00:00Z'));
  return { bytes, messages: sink.messages };
}

/** A JSON round trip, as the `ava` target and source carry a project. */
export const viaJson = (project: ProjectDto): ProjectDto => JSON.parse(JSON.stringify(project)) as ProjectDto;

/**
 * A project as a round trip must keep it: without the ids every read generates and without `siaSoftware` (the
 * A record names the software that wrote the file: the writer names itself).
 */
export function comparable(project: ProjectDto): unknown {
  return JSON.parse(JSON.stringify(project, (key, value) => (key === 'id' || key === 'siaSoftware' ? undefined : value)));
}
