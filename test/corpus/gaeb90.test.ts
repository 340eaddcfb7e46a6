/**
 * GAEB 90 reader and writer on every `.D8x` of the shared corpus: item count = number of `21` records; record 99
 * item count and totals (and record 23/32 totals) agree with the recalculated project; the same tender's GAEB DA
 * XML sibling (same base name; `GAEBXML_xx.X86` for `GAEB90_xx.D86`) agrees on every item number (identifiers per
 * tier without padding), quantity, unit, short text (first 70 characters) and unit price where priced; read →
 * write → read keeps the items. Skipped, with a notice, when the corpus is absent.
 */
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { prepareProject } from '../../core/model/index.js';
import type { ElementDto, PositionDto, ProjectDto, ServiceSpecificationGroupDto } from '../../core/model/types.js';
import { defaultOptions } from '../../core/options/catalog.js';
import { MessageCollector } from '../../core/pipeline/messages.js';
import { readGaeb90 } from '../../plugins/gaeb/gaeb90/reader.js';
import { type Gaeb90Phase, writeGaeb90 } from '../../plugins/gaeb/gaeb90/writer.js';
import { readGaebXml } from '../../plugins/gaeb/xml/reader/index.js';
import { corpusFiles, hasCorpus, readCorpus } from '../support/corpus.js';

const files = corpusFiles('gaeb', /\.d8\d$/i);
const xmlFiles = corpusFiles('gaeb', /\.x8\d$/i);

function flatten(elements: readonly ElementDto[] | undefined, out: ElementDto[] = []): ElementDto[] {
  for (const e of elements ?? []) {
    out.push(e);
    flatten((e as { elements?: ElementDto[] }).elements, out);
  }
  return out;
}
const positions = (p: ProjectDto) => flatten(p.serviceSpecifications![0].elements).filter((e): e is PositionDto => e.elementTypeDiscriminator === 'PositionDto');
const groups = (p: ProjectDto) => flatten(p.serviceSpecifications![0].elements).filter((e): e is ServiceSpecificationGroupDto => e.elementTypeDiscriminator === 'ServiceSpecificationGroupDto');
/** Item number identifiers without their padding: "0010" and "  10" both → "10". */
const key = (p: PositionDto) => (p.itemNumber?.identifiers ?? []).map((s) => s.trim().replace(/^0+(?=.)/, '')).join('.');
const words = (s: string | undefined) => (s ?? '').split(/\s+/).filter((w) => w !== '');

function read90(bytes: Buffer): ProjectDto {
  return prepareProject(readGaeb90(bytes, defaultOptions(), new MessageCollector()), {});
}

/** The GAEB DA XML file of the same tender. */
function sibling(name: string): string | undefined {
  const base = name.replace(/\.d8\d$/i, '').replace(/^GAEB90_/, 'GAEBXML_');
  return xmlFiles.find((f) => f.replace(/\.x8\d$/i, '') === base);
}

describe.skipIf(!hasCorpus || files.length === 0)('GAEB 90 corpus', () => {
  it('has the five known GAEB 90 files', () => {
    expect(files).toEqual(['Flechtingen GS AA.d83', 'GAEB90_DE.D86', 'GAEB90_EN.D86', 'LV_Los01.D83', 'LV_Los02.D83']);
  });

  describe.each(files)('%s', (name) => {
    const bytes = readCorpus('gaeb', name);
    const records = iconv.decode(bytes, 'cp850').split(/\r?\n/).filter((l) => l.trim() !== '');
    const project = read90(bytes);
    const items = positions(project);
    const priced = /\.d8[2456]$/i.test(name);

    it('reads one item per 21 record; record 99 and the 23/32 totals agree with the recalculation', () => {
      expect(items.length).toBe(records.filter((r) => r.startsWith('21')).length);
      const r99 = records.find((r) => r.startsWith('99'))!;
      expect(Number(r99.slice(69, 74))).toBe(items.length);
      const spec = project.serviceSpecifications![0];
      if (priced) {
        expect(spec.totalPrice).toBe(Number(r99.slice(2, 14)) / 100);
        expect(spec.totalPriceGross).toBe(Number(r99.slice(25, 37)) / 100);
        for (const p of items) expect(p.totalPrice).toBe(p.gaebTotal);
        for (const g of groups(project)) expect(g.totalPrice).toBe(g.gaebTotal);
      }
      expect(spec.exchangePhase).toBe(priced ? 'Grant' : 'OfferRequest');
    });

    it.skipIf(!sibling(name))('agrees with its GAEB DA XML sibling on numbers, quantities, units, short texts, prices', () => {
      const xml = prepareProject(readGaebXml(readCorpus('gaeb', sibling(name)!), defaultOptions(), new MessageCollector()), {});
      const xmlItems = positions(xml);
      expect(items.map(key)).toEqual(xmlItems.map(key));
      items.forEach((p, i) => {
        const x = xmlItems[i];
        const label = `${name} ${p.itemNumber?.stringRepresentation}`;
        expect(p.quantity, label).toBe(x.quantity);
        // GAEB 90 units have 4 characters (`Psch.` in the X86 is `Psch` in the D86).
        expect(p.unitTag ?? '', label).toBe(Array.from(x.unitTag ?? '').slice(0, 4).join('').trim());
        expect(p.shortText ?? '', label).toBe(Array.from(x.shortText ?? '').slice(0, 70).join('').trim());
        if (priced) expect(p.unitPrice, label).toBe(x.unitPrice);
      });
    });

    it('read → write → read keeps numbers, quantities, units, short texts, long-text words and prices', () => {
      const phase = name.slice(-2) as Gaeb90Phase;
      const sink = new MessageCollector();
      const written = writeGaeb90(project, defaultOptions(), sink, phase);
      expect(sink.messages.filter((m) => m.severity !== 'info')).toEqual([]);
      const again = positions(read90(written));
      expect(again.map(key)).toEqual(items.map(key));
      again.forEach((p, i) => {
        const q = items[i];
        expect([p.quantity, p.unitTag, p.shortText, p.unitPrice, p.totalPrice]).toEqual([q.quantity, q.unitTag, q.shortText, q.unitPrice, q.totalPrice]);
        expect(words(p.longText)).toEqual(words(q.longText));
        expect(p.additionType).toBe(q.additionType);
      });
      expect(read90(written).serviceSpecifications![0].totalPrice).toBe(project.serviceSpecifications![0].totalPrice);
    });
  });
});
