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

/**
 * The prepared project of `bytes` as the pipeline prepares it — the reader's positions taken as complete
 * (`completePositions`), only their plain long texts derived — and with every position normalised field by field;
 * equal (`projectDiff`, which sets ids aside) when the reader builds each position complete. The ids the
 * comparison sets aside are checked on their own: every position of `complete` and its item number have one.
 * `positions`: those of `complete`.
 */
export function preparedBothWays(bytes: Buffer): { complete: ProjectDto; normalised: ProjectDto; positions: PositionDto[] } {
  const prepare = (complete: boolean): ProjectDto => {
    const result = readOenormResult(bytes, defaultOptions(), new MessageCollector());
    expect(result.completePositions).toBe(true);
    return prepareProject(result.project, {
      derivedPlainTexts: result.derivedPlainTexts, completePositions: complete,
    });
  };
  const complete = prepare(true);
  const positions = flatten(complete.serviceSpecifications?.[0]?.elements).filter(isPosition);
  for (const p of positions) {
    expect(p.id, p.itemNumber?.stringRepresentation).toMatch(UUID);
    expect(p.itemNumber?.id, p.itemNumber?.stringRepresentation).toMatch(UUID);
  }
  return { complete, normalised: prepare(false), positions };
}

/**
 * The images of every element's long text (its `<img>` tags, in order) by position item number, or `note of X`
 * for the note texts of group (or LV) X; elements without images are left out.
 */
export function imagesOf(project: ProjectDto): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const walk = (list: ElementDto[] | undefined, where: string): void => {
    for (const e of list ?? []) {
      const key = isPosition(e) || isGroup(e) ? e.itemNumber?.stringRepresentation ?? '' : `note of ${where}`;
      const found = ((e as { htmlLongText?: string }).htmlLongText ?? '').match(/<img\b[^>]*>/g);
      if (found) out[key] = [...(out[key] ?? []), ...found];
      if (isGroup(e)) walk(e.elements, key);
    }
  };
  walk(project.serviceSpecifications?.[0]?.elements, 'LV');
  return out;
}

// Sums of the 2009 Angebots-LV fixture (angebot-2009-lg.onlv: one LG 01 with one ULG 01.01, net sum 1080.00), for the discount tests.

/** A `gruppensumme.type` without discount. */
export const SUM = (element: string, amount: string) =>
  `<${element}><summe><gesamt>${amount}</gesamt></summe><summe-inkl-na><gesamt>${amount}</gesamt></summe-inkl-na></${element}>`;

/** A `gruppensumme.type` with a discount on the whole sum. */
export const discounted = (element: string, sum: string, percent: string, result: string, after: string): string =>
  `<${element}><summe><gesamt>${sum}</gesamt></summe><nachlass><summe-prozent>${percent}</summe-prozent>` +
  `<ergebnis><gesamt>${result}</gesamt></ergebnis></nachlass><summe-inkl-na><gesamt>${after}</gesamt></summe-inkl-na></${element}>`;

/** The fixture with its `lg-summe` and `lv-summe` replaced (the ULG's stays 1080.00). */
export function withSums(lg: string, lv: string, header = ''): Buffer {
  let t = fixtureText('angebot-2009-lg.onlv');
  for (const [element, replacement] of [['lg-summe', lg], ['lv-summe', lv]]) {
    expect(t.split(SUM(element, '1080.00'))).toHaveLength(2);
    t = t.replace(SUM(element, '1080.00'), replacement);
  }
  if (header !== '') t = t.replace('  <angebots-lv>', `${header}\n  <angebots-lv>`);
  return Buffer.from(t);
}
