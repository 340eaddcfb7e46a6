/** Shared helpers of the ÖNORM reader tests (fixtures in test/fixtures/oenorm, written for these tests). */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareProject } from '../../core/model/index.js';
import {
  isGroup, isNoteText, isPosition, type ElementDto, type NoteTextDto, type PositionDto, type ProjectDto,
  type ServiceSpecificationGroupDto,
} from '../../core/model/types.js';
import { defaultOptions } from '../../core/options/catalog.js';
import { MessageCollector, type ConversionMessage } from '../../core/pipeline/messages.js';
import { readOenormResult } from '../../plugins/oenorm/reader/index.js';
import { reportOenormTotalMismatches } from '../../plugins/oenorm/stated-totals.js';
import { expect } from 'vitest';
import { flatten } from '../gaeb/xml-reader-support.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'oenorm');

export const fixture = (name: string): Buffer => readFileSync(join(FIXTURES, name));
export const fixtureText = (name: string): string => fixture(name).toString('utf8');

export { flatten };

export interface Read {
  project: ProjectDto;
  messages: ConversionMessage[];
  all: ElementDto[];
  positions: PositionDto[];
  groups: ServiceSpecificationGroupDto[];
  notes: NoteTextDto[];
  position(itemNumber: string): PositionDto;
  group(itemNumber: string): ServiceSpecificationGroupDto;
}

/** Reads, prepares (normalises and recalculates, as the pipeline does) and checks the stated sums. */
export function read(bytes: Buffer): Read {
  const sink = new MessageCollector();
  const result = readOenormResult(bytes, defaultOptions(), sink);
  const project = prepareProject(result.project, {
    derivedPlainTexts: result.derivedPlainTexts, completePositions: result.completePositions,
  });
  reportOenormTotalMismatches(project, sink);
  const all = flatten(project.serviceSpecifications?.[0]?.elements);
  const positions = all.filter(isPosition);
  const groups = all.filter(isGroup);
  const find = <T extends PositionDto | ServiceSpecificationGroupDto>(list: T[], n: string): T => {
    const found = list.find((e) => e.itemNumber?.stringRepresentation === n);
    if (!found) throw new Error(`no element ${n}; have ${list.map((e) => e.itemNumber?.stringRepresentation).join(', ')}`);
    return found;
  };
  return {
    project, messages: sink.messages, all, positions, groups, notes: all.filter(isNoteText),
    position: (n) => find(positions, n), group: (n) => find(groups, n),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `value` as JSON with every id (a UUID) replaced by `ID`, so that two reads of one file compare equal. */
function withoutIds(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' && UUID.test(v) ? 'ID' : v));
}

/**
 * The prepared project of `bytes` (ids masked) as the pipeline prepares it — the reader's positions taken as
 * complete (`completePositions`), only their plain long texts derived — and with every position normalised field
 * by field; equal when the reader builds each position complete. `positions`: how many positions were compared.
 */
export function preparedBothWays(bytes: Buffer): { complete: string; normalised: string; positions: number } {
  const prepare = (complete: boolean): ProjectDto => {
    const result = readOenormResult(bytes, defaultOptions(), new MessageCollector());
    expect(result.completePositions).toBe(true);
    return prepareProject(result.project, {
      derivedPlainTexts: result.derivedPlainTexts, completePositions: complete,
    });
  };
  const complete = prepare(true);
  const positions = flatten(complete.serviceSpecifications?.[0]?.elements).filter(isPosition).length;
  return { complete: withoutIds(complete), normalised: withoutIds(prepare(false)), positions };
}
