/**
 * The ÖNORM writer on the real files of the shared corpus:
 * - ONLV → ava → ONLV (every edition) for each `.onlv` of `oenorm/`, and the `.onlb` → ava → ONLB and ONLV (an
 *   entwurfs-lv; an LB has no quantities or prices): the written document validates against the 2009
 *   XSDs (2015/2021 with the namespace swapped) and reads back with every item number, quantity, unit, unit price,
 *   price share, short text and every word of the long texts;
 * - every GAEB DA XML tender (`gaeb/*.X83`) → `Lv2015` with TryRepairProjectStructure=true validates and reads back
 *   with the same positions in the same order, quantities (to the two decimals ÖNORM allows), units (mapped onto
 *   the ÖNORM list), short texts (shortened to 60 characters where longer, then kept whole before the long text
 *   unless it begins with them, as reported) and long-text words; without the option the conversion answers 400
 *   naming an element;
 * - every GAEB file → `Lv2015`: each note text between positions comes back after as many positions as before;
 * - the SIA 451 file → `Lv2015` keeps every word of its NPK headings without positions and of its note texts in the
 *   preliminary remarks, naming the headings in one message per remark;
 * - each `.onlv` → GAEB DA XML 3.3 → `Lv2015` keeps its groups, positions and note texts in their groups and order
 *   (its wählbare Vorbemerkungen, numberless in GAEB, come back as entries numbered anew).
 * Skipped, with a notice, when the corpus (or its ÖNORM schemas) is absent.
 */
import { describe, expect, it } from 'vitest';
import { isGroup, isNoteText, isPosition, type ElementDto, type PositionDto, type ServiceSpecificationGroupDto } from '../../core/model/types.js';
import { GatewayError } from '../../core/errors.js';
import { oenormUnit } from '../../plugins/oenorm/writer/units.js';
import { corpusFiles, hasCorpus, readCorpus } from '../support/corpus.js';
import { readGaeb, writeGaeb } from '../support/gaeb-round-trip.js';
import { imagesOf, read, type Read } from '../oenorm/support.js';
import { hasOenormXsd, oneLine, validateOnlv, words, write } from '../oenorm/writer-support.js';
import { read as readSia } from '../sia/support.js';
import { noteTitleToAdd } from '../../core/model/note-title.js';

/** Whether `element` lies inside `group`, at any depth. */
const isAncestor = (group: ServiceSpecificationGroupDto, element: ElementDto): boolean =>
  (group.elements ?? []).some((e) => e === element || (isGroup(e) && isAncestor(e, element)));

const ONLV = corpusFiles('oenorm', /\.onl[vb]$/i);
const X83 = corpusFiles('gaeb', /\.x83$/i);

const shares = (p: PositionDto) => (p.priceComponents ?? []).map((c) => c.price ?? 0);

describe.skipIf(!hasCorpus || !hasOenormXsd)('ÖNORM writer on the corpus', () => {
  it('has files to work on', () => {
    expect(ONLV.length).toBeGreaterThan(0);
    expect(X83.length).toBeGreaterThan(0);
  });

  for (const name of ONLV) {
    for (const edition of ['Lv2009', 'Lv2015', 'Lv2021', ...(name.toLowerCase().endsWith('.onlb') ? ['Lb2009', 'Lb2015', 'Lb2021'] : [])]) {
      it(`${name} → ava → ${edition} keeps numbers, quantities, units, prices, shares and texts`, () => {
        const source = read(readCorpus('oenorm', name));
        const written = write(source.project, { DestinationOenormType: edition });
        expect(validateOnlv(written.xml).errors).toEqual([]);
        const back = read(written.xml);
        expect(back.positions.map((p) => p.itemNumber?.stringRepresentation)).toEqual(source.positions.map((p) => p.itemNumber?.stringRepresentation));
        expect(back.groups.map((g) => [g.itemNumber?.stringRepresentation, g.shortText])).toEqual(source.groups.map((g) => [g.itemNumber?.stringRepresentation, g.shortText]));
        source.positions.forEach((p, i) => {
          const q = back.positions[i];
          const n = p.itemNumber?.stringRepresentation;
          expect([n, q.quantity, q.unitTag, q.unitPrice, shares(q), q.shortText, q.positionType]).toEqual([n, p.quantity, p.unitTag, p.unitPrice, shares(p), p.shortText, p.positionType]);
          expect(words(q.longText), n).toEqual(words(p.longText));
          expect(q.oenormPositionProperties?.oenormShortTextAddition, n).toEqual(p.oenormPositionProperties?.oenormShortTextAddition);
          // an LB's comments go back into an LB; an LV has no place for them (reported as info)
          if (edition.startsWith('Lb')) expect(q.oenormPositionProperties?.kommentar, n).toEqual(p.oenormPositionProperties?.kommentar);
        });
        expect(back.notes.map((n) => words(n.longText))).toEqual(source.notes.map((n) => words(n.longText)));
        expect(imagesOf(back.project)).toEqual(imagesOf(source.project));
        const kept = (r: Read) => (r.project.serviceSpecifications![0].oenormProperties as Record<string, unknown> | undefined)?.lvType;
        if (kept(source) !== undefined) expect(kept(back)).toBe(kept(source));
        const keptOf = (r: Read) => (r.project.serviceSpecifications![0].oenormProperties ?? {}) as Record<string, unknown>;
        // an LB's download address (LB-SCHOKO: `www.nevaris.com`, an anyURI without scheme) goes back into an LB
        if (edition.startsWith('Lb')) expect(keptOf(back).downloadurl).toEqual(keptOf(source).downloadurl);
        // the Leistungsteile and their price conversion (their 2015 names too, except in a 2009 document: reported as info)
        const parts = (r: Read) => (keptOf(r).leistungsteile as { nr: string; definitions: unknown[]; bezeichnung?: string }[] | undefined)
          ?.map(({ nr, definitions, bezeichnung }) => (edition === 'Lv2009' ? { nr, definitions } : { nr, definitions, bezeichnung }));
        if (parts(source) !== undefined && edition.startsWith('Lv')) expect(parts(back)).toEqual(parts(source));
        // the variants' names (2015+: not in a 2009 document, reported as info) and the variant combinations
        if (keptOf(source).zztabelle !== undefined && edition.startsWith('Lv')) {
          expect(keptOf(back).zztabelle).toEqual(edition === 'Lv2009' ? undefined : keptOf(source).zztabelle);
        }
        if (keptOf(source).variantenzusammenstellungen !== undefined) {
          expect(keptOf(back).variantenzusammenstellungen).toEqual(keptOf(source).variantenzusammenstellungen);
        }
        // where the LV allows discounts (on sums or price shares, at which levels)
        const allowed = (r: Read) => (r.project.serviceSpecifications![0].oenormProperties as Record<string, unknown> | undefined)?.zugelassenenachlaesse;
        if (allowed(source) !== undefined && edition.startsWith('Lv')) expect(allowed(back)).toEqual(allowed(source));
        // an LB's elements keep the version they were added or changed in (not the LB's own), counted in the XML
        if (edition.startsWith('Lb')) {
          const versions = (xml: string) => [...xml.matchAll(/<lbversion>([^<]*)<\/lbversion>/g)].map((m) => m[1]);
          expect(versions(written.text)).toEqual(versions(readCorpus('oenorm', name).toString('utf8')));
        }
        expect(written.messages.filter((m) => m.severity !== 'info')).toEqual([]);
      });
    }
  }

  for (const name of X83) {
    it(`${name} → Lv2015 (TryRepairProjectStructure) validates and reads back with the same positions`, () => {
      const source = readGaeb(readCorpus('gaeb', name));
      const options = { TryRepairProjectStructure: true, RemoveUnprintableCharactersFromTexts: true };
      const written = write(source, options);
      expect(validateOnlv(written.xml).errors).toEqual([]);
      const back = read(written.xml);
      const before: PositionDto[] = [];
      const walk = (list: unknown[] | undefined) => {
        for (const e of (list ?? []) as PositionDto[]) {
          if (isPosition(e)) before.push(e);
          else walk((e as { elements?: unknown[] }).elements);
        }
      };
      walk(source.serviceSpecifications![0].elements);
      expect(back.positions.length).toBe(before.length);
      const renumbered = new Set(written.messages.filter((m) => m.code === 'OENORM_STRUCTURE_REPAIRED').map((m) => m.itemNumber));
      let keptCount = 0;
      before.forEach((p, i) => {
        const q = back.positions[i];
        const n = p.itemNumber?.stringRepresentation ?? '';
        // a position not renumbered itself keeps its own part (its groups may have been renumbered, each reported)
        if (!renumbered.has(n)) expect(q.itemNumber?.stringRepresentation?.split('.').pop(), n).toBe(n.split('.').pop());
        expect(q.quantity, n).toBeCloseTo(p.quantity ?? 0, 2);
        expect(q.unitTag, n).toBe(oenormUnit(p.unitTag ?? 'Stk').unit);
        const short = oneLine(p.shortText);
        if (short !== '') expect(short.startsWith(q.shortText ?? '\u0000'), `${n}: ${q.shortText} / ${short}`).toBe(true);
        // a short text cut to the 60 characters of stichwort is kept whole before a long text that does not begin with it
        const whole = words(short).join(' ');
        const kept = short !== q.shortText && !words(p.longText).join(' ').startsWith(whole);
        if (kept) keptCount++;
        expect(words(q.longText).join(' '), n).toBe(words(`${kept ? whole : ''} ${p.longText ?? ''}`).join(' '));
      });
      const keptWhole = written.messages.find((m) => m.code === 'OENORM_TEXT_KEPT_WHOLE' && m.message.startsWith('short texts'));
      const told = keptWhole === undefined ? 0 : Number(/: (\d+) occurrences/.exec(keptWhole.message)?.[1] ?? 1);
      expect(told, 'positions whose short text was kept whole, as reported').toBe(keptCount);
      expect(() => write(source, { RemoveUnprintableCharactersFromTexts: true })).toThrow(GatewayError);
    });
  }

  for (const name of ONLV.filter((n) => n.toLowerCase().endsWith('.onlv'))) {
    it(`${name} → GAEB DA XML → Lv2015 keeps every group, entry and preliminary remark in its place`, () => {
      const source = read(readCorpus('oenorm', name));
      const gaeb = readGaeb(writeGaeb(source.project, 'GaebXml_V3_3').bytes);
      const written = write(gaeb);
      expect(validateOnlv(written.xml).errors).toEqual([]);
      const back = read(written.xml);
      expect(back.groups.map((g) => [g.itemNumber?.stringRepresentation, g.shortText])).toEqual(source.groups.map((g) => [g.itemNumber?.stringRepresentation, g.shortText]));
      expect(back.positions.map((p) => p.itemNumber?.stringRepresentation)).toEqual(source.positions.map((p) => p.itemNumber?.stringRepresentation));
      // each note text in the same group as before, in the same order, with its short text and words; the
      // wählbare Vorbemerkungen (GAEB remarks have no number) numbered anew
      const notes = (r: Read) => r.all.flatMap((g) => (isGroup(g) ? (g.elements ?? []).filter(isNoteText)
        .map((n) => [g.itemNumber?.stringRepresentation, n.shortText ?? '', words(n.longText).join(' ')]) : []));
      expect(notes(back)).toEqual(notes(source));
      expect(written.messages.filter((m) => m.code === 'OENORM_ELEMENT_NOT_WRITTEN')).toEqual([]);
    });
  }

  // every GAEB file of the corpus, DA XML, 2000 and 90 (those with note texts between positions: Flechtingen in all
  // three generations, the BVBS test files X81/X86, the GAEB test file x81/x82, gaeb2000_file.p83)
  for (const name of corpusFiles('gaeb', /\.(x8[1-6]|p8[36]|d8[36])$/i)) {
    it(`${name} → Lv2015 (TryRepairProjectStructure): note texts between positions come back where they stood`, () => {
      const source = readGaeb(readCorpus('gaeb', name));
      const written = write(source, { TryRepairProjectStructure: true, RemoveUnprintableCharactersFromTexts: true });
      const back = read(written.xml);
      // each note text after the first position of its group, with the number of positions before it in the document
      const between: { text: string; before: number }[] = [];
      let positions = 0;
      const walk = (list: readonly ElementDto[] | undefined) => {
        let seen = false;
        for (const e of list ?? []) {
          if (isPosition(e)) {
            positions++;
            seen = true;
          } else if (isNoteText(e) && seen) between.push({ text: words(e.longText).join(' '), before: positions });
          else if (isGroup(e)) walk(e.elements);
        }
      };
      walk(source.serviceSpecifications![0].elements);
      const placedBack = new Map<string, number[]>();
      positions = 0;
      for (const e of back.all) {
        if (isPosition(e)) positions++;
        else if (isNoteText(e) && e.oenormNoteTextProperties?.itemNumber !== undefined) {
          const key = words(e.longText).join(' ');
          placedBack.set(key, [...(placedBack.get(key) ?? []), positions]);
        }
      }
      const missed = between.filter((n) => {
        const at = placedBack.get(n.text) ?? [];
        const i = at.indexOf(n.before);
        if (i >= 0) at.splice(i, 1);
        return i < 0;
      });
      const joined = written.messages.filter((m) => m.code === 'OENORM_NOTES_MERGED' && m.message.includes('between the positions'))
        .reduce((sum, m) => sum + Number(/^(\d+)/.exec(m.message)![1]), 0);
      expect(missed.length, JSON.stringify(missed.slice(0, 3))).toBe(joined);
      const told = written.messages.filter((m) => m.code === 'OENORM_NOTES_AS_WVB' && m.message.includes('between the positions'))
        .reduce((sum, m) => sum + Number(/^(\d+)/.exec(m.message)![1]), 0);
      expect(told).toBe(between.length - joined);
    });
  }

  // the NPK headings of a SIA 451 file are groups that hold no position (text only), down to six digits deep
  for (const name of corpusFiles('sia', /\.01s$/i)) {
    it(`${name} → Lv2015 (TryRepairProjectStructure) keeps every word of its headings without positions and of its note texts`, () => {
      const source = readSia(readCorpus('sia', name));
      const written = write(source.project, { TryRepairProjectStructure: true });
      expect(validateOnlv(written.xml).errors).toEqual([]);
      const back = read(written.xml);
      const holding = new Set(source.positions.flatMap((p) => source.groups.filter((g) => isAncestor(g, p))));
      const headings = source.groups.filter((g) => !holding.has(g));
      expect(headings.length).toBeGreaterThan(400);
      const wordsOf = (texts: (string | undefined)[]) => new Set(texts.flatMap((t) => words(t)));
      const remarks = wordsOf(back.notes.map((n) => n.longText));
      // a heading's title is written unless its first note text starts with it (SIA short texts cut the long text)
      const titles = headings.map((g) => noteTitleToAdd({ shortText: g.shortText, longText: (g.elements ?? []).find(isNoteText)?.longText }));
      expect(titles.filter((t) => t === undefined).length).toBeLessThan(10);
      const missing = [...wordsOf([...titles, ...source.notes.map((n) => n.longText)])].filter((w) => !remarks.has(w));
      expect(missing).toEqual([]);
      expect(back.positions.length).toBe(source.positions.length);
      // one message per receiving preliminary remark, not one per heading
      const notWritten = written.messages.filter((m) => m.code === 'OENORM_ELEMENT_NOT_WRITTEN');
      expect(notWritten.length).toBeLessThanOrEqual(back.groups.length + 1);
      const named = (n: string | undefined) => notWritten.some((m) => [',', ';', ' '].some((after) => m.message.includes(` ${n}${after}`)));
      expect(headings.map((g) => g.itemNumber?.stringRepresentation).filter((n) => !named(n))).toEqual([]);
    });
  }

  // priced GAEB files with discounts on BoQ and category totals (`Totals/DiscountPcnt`) and on items
  for (const name of corpusFiles('gaeb', /BVBS.*\.x8[46]$/i)) {
    it(`${name} → Lv2015 carries the discounts of its totals as ÖNORM nachlass and reports the items' discounts`, () => {
      const text = readCorpus('gaeb', name).toString('utf8');
      const source = readGaeb(readCorpus('gaeb', name));
      const written = write(source, { TryRepairProjectStructure: true, RemoveUnprintableCharactersFromTexts: true, DestinationOenormType: 'Lv2015' });
      expect(validateOnlv(written.xml).errors).toEqual([]);
      const totals = text.match(/<Totals>(?:(?!<\/Totals>)[\s\S])*?<DiscountPcnt>/g)?.length ?? 0;
      expect(totals).toBeGreaterThan(0);
      expect(written.text.match(/<nachlass>/g)?.length).toBe(totals);
      const items = (text.match(/<DiscountPcnt>/g)?.length ?? 0) - totals;
      expect(written.messages.filter((m) => m.code === 'OENORM_ELEMENT_NOT_WRITTEN' && m.message.startsWith("positions' discounts")).map((m) => m.message)[0])
        .toContain(`${items} occurrences`);
      // the discounts read back as the deduction factors they were
      const factors = (spec: typeof source) => {
        const out: number[] = [];
        const walk = (list: unknown[] | undefined) => {
          for (const e of (list ?? []) as { deductionFactor?: number; elements?: unknown[]; elementTypeDiscriminator?: string }[]) {
            if (e.elementTypeDiscriminator?.startsWith('ServiceSpecificationGroup')) {
              if ((e.deductionFactor ?? 0) !== 0) out.push(e.deductionFactor!);
              walk(e.elements);
            }
          }
        };
        const s = spec.serviceSpecifications![0];
        if ((s.deductionFactor ?? 0) !== 0) out.push(s.deductionFactor!);
        walk(s.elements);
        return out.sort();
      };
      expect(factors(read(written.xml).project)).toEqual(factors(source));
    });
  }
});
