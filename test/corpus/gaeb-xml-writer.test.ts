/**
 * GAEB DA XML writer against real files: every X81–X86 of the shared corpus is read, prepared (normalised and
 * recalculated), written as GAEB DA XML 3.3 of the same phase (and 3.2 for phase 83), validated against the
 * official XSD, read back and compared: item numbers, quantities, units, unit prices, short texts and every word
 * of the long texts. Skipped (with a notice) when the corpus, the reader or the model module is absent.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DP_BY_EXCHANGE_PHASE, isPosition, type ElementDto, type PositionDto, type ProjectDto } from '../../core/model/types.js';
import { defaultOptions, type ResolvedOptions } from '../../core/options/catalog.js';
import { MessageCollector, type MessageSink } from '../../core/pipeline/messages.js';
import { writeGaebXml, type GaebPhase, type GaebXmlVersion } from '../../plugins/gaeb/xml/writer/index.js';
import { corpusFiles, hasCorpus, readCorpus } from '../support/corpus.js';
import { hasGaebSchema, validateGaebXml } from '../support/xsd.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const READER = join(root, 'plugins', 'gaeb', 'xml', 'reader', 'index.ts');
const MODEL = join(root, 'core', 'model', 'index.ts');
const ready = hasCorpus && existsSync(READER) && existsSync(MODEL);
if (!ready) console.warn('gaeb-xml-writer corpus suite skipped: corpus, GAEB reader or core/model/index.ts missing');

type Read = (bytes: Buffer, options: ResolvedOptions, sink: MessageSink) => ProjectDto;
type Prepare = (input: unknown, opts?: Record<string, unknown>) => ProjectDto;
const modules = ready
  ? await Promise.all([import(pathToFileURL(READER).href), import(pathToFileURL(MODEL).href)])
  : [];
const readGaebXml = modules[0]?.readGaebXml as Read;
const prepareProject = modules[1]?.prepareProject as Prepare;

const FILES = corpusFiles('gaeb', /\.x8[1-6]$/i);
const PRICED = new Set(['82', '84', '85', '86']);

interface Row {
  number: string;
  quantity?: number;
  unit?: string;
  unitPrice?: number;
  shortText?: string;
  longWords: string[];
  /** Item kind flags: Provis, ALN group/serial, lump sum, hourly work, QtyTBD, NotAppl. */
  kind: string;
}

const words = (s: string | undefined): string[] => (s ?? '').split(/\s+/).filter((w) => w !== '').sort();

function positions(project: ProjectDto): PositionDto[] {
  const out: PositionDto[] = [];
  const walk = (list: readonly ElementDto[]) => {
    for (const el of list) {
      if (isPosition(el)) out.push(el);
      else if ('elements' in el && Array.isArray(el.elements)) walk(el.elements as ElementDto[]);
    }
  };
  walk(project.serviceSpecifications?.[0]?.elements ?? []);
  return out;
}

function rows(project: ProjectDto): Row[] {
  return positions(project).map((p) => ({
    number: (p.itemNumber?.identifiers?.length ? p.itemNumber.identifiers.join('.') : p.itemNumber?.stringRepresentation) ?? '',
    quantity: p.quantity,
    unit: p.unitTag,
    unitPrice: p.unitPrice,
    shortText: p.shortText?.trim(),
    longWords: words(p.longText),
    kind: [
      p.positionType ?? 'Regular', p.priceType ?? 'WithTotal', p.alternativeGroupIdentifier ?? '-', p.alternativeIdentifier ?? '-',
      p.isLumpSum === true, p.serviceType ?? 'Regular', p.amountToBeEnteredByBidder === true, p.comissionStatus ?? '-',
    ].join('/'),
  }));
}

function roundTrip(source: ProjectDto, version: GaebXmlVersion, phase: GaebPhase) {
  const sink = new MessageCollector();
  const xml = writeGaebXml(structuredClone(source), defaultOptions(), sink, { version, phase });
  const back = prepareProject(readGaebXml(xml, defaultOptions(), new MessageCollector()), {});
  return { xml, back, messages: sink.messages };
}

describe.skipIf(!ready)('GAEB DA XML writer on the corpus', () => {
  it('finds corpus files', () => {
    expect(FILES.length).toBeGreaterThan(0);
  });

  describe.each(FILES)('%s', (file) => {
    const source = ready ? prepareProject(readGaebXml(readCorpus('gaeb', file), defaultOptions(), new MessageCollector()), {}) : ({} as ProjectDto);
    const phase = (DP_BY_EXCHANGE_PHASE[source.serviceSpecifications?.[0]?.exchangePhase ?? 'Undefined'] ??
      file.slice(-2)) as GaebPhase;
    const versions: GaebXmlVersion[] = phase === '83' ? ['3.3', '3.2'] : ['3.3'];

    it.each(versions)('writes GAEB DA XML %s that the official XSD accepts', (version) => {
      const { xml } = roundTrip(source, version, phase);
      if (!hasGaebSchema(version, phase)) return;
      const result = validateGaebXml(xml, version, phase);
      expect(result.errors.slice(0, 5)).toEqual([]);
    });

    it('can also be written as every other phase 81–86 (3.3) and as 3.1, all schema-valid', () => {
      const targets: [GaebXmlVersion, GaebPhase][] = [
        ...(['81', '82', '83', '84', '85', '86'] as GaebPhase[]).filter((p) => p !== phase).map((p): [GaebXmlVersion, GaebPhase] => ['3.3', p]),
        ['3.1', phase],
      ];
      for (const [version, target] of targets) {
        if (!hasGaebSchema(version, target)) continue;
        const xml = writeGaebXml(structuredClone(source), defaultOptions(), new MessageCollector(), { version, phase: target });
        expect(validateGaebXml(xml, version, target).errors.slice(0, 3), `${version} phase ${target}`).toEqual([]);
      }
    });

    it('reads back with the same item numbers, quantities, units, prices, short texts and long-text words', () => {
      const { back } = roundTrip(source, '3.3', phase);
      const before = rows(source);
      const after = rows(back);
      expect(after.map((r) => r.number)).toEqual(before.map((r) => r.number));
      expect(after.map((r) => r.quantity ?? 0)).toEqual(before.map((r) => r.quantity ?? 0));
      if (phase !== '84') {
        // QU holds at most 4 characters (tgNormalizedString4); longer units are shortened and reported
        expect(after.map((r) => r.unit ?? '')).toEqual(before.map((r) => Array.from(r.unit ?? '').slice(0, 4).join('')));
        expect(after.map((r) => r.shortText ?? '')).toEqual(before.map((r) => r.shortText ?? ''));
        after.forEach((r, i) => expect(r.longWords, `long text of ${r.number}`).toEqual(before[i].longWords));
        expect(after.map((r) => r.kind)).toEqual(before.map((r) => r.kind));
      }
      if (PRICED.has(phase)) expect(after.map((r) => r.unitPrice ?? 0)).toEqual(before.map((r) => r.unitPrice ?? 0));
    });
  });
});
