/**
 * Derived plain long texts travel with the read result (`ReadResult` of the plugin contract) and reach the
 * normalisation as an explicit option: no module-level state, so the normalisation of one project cannot see the
 * texts another reader derived, and projects read interleaved prepare as if read alone.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DerivedPlainTexts } from '../../core/model/derived-plain-texts.js';
import { normalizeProject, prepareProject } from '../../core/model/index.js';
import type { NoteTextDto, PositionDto, ProjectDto } from '../../core/model/types.js';
import { defaultOptions } from '../../core/options/catalog.js';
import { MessageCollector } from '../../core/pipeline/messages.js';
import { readResultParts, type ReadResult } from '../../core/plugin/contract.js';
import { readGaeb2000Result } from '../../plugins/gaeb/gaeb2000/reader.js';
import { readGaebXmlResult } from '../../plugins/gaeb/xml/reader/index.js';
import { flatten, x83 } from '../gaeb/xml-reader-support.js';

const item = (n: number, html: string) =>
  `<Item ID="I${n}" RNoPart="${n}"><Description><CompleteText><DetailTxt><Text>${html}</Text></DetailTxt></CompleteText></Description>` +
  `<SubDescr><SubDNo>1</SubDNo><Description><CompleteText><DetailTxt><Text><p>sub ${n}</p></Text></DetailTxt></CompleteText></Description></SubDescr></Item>`;
const remark = (n: number, html: string) => `<Remark ID="R${n}"><Description><CompleteText><DetailTxt><Text>${html}</Text></DetailTxt></CompleteText></Description></Remark>`;

const FIRST = x83(remark(1, '<p>Vorbemerkung <b>A</b></p>') + item(1, '<p>Beton&#160;C25/30</p><p>zweite</p>') + item(2, '<p>a<br/>b</p>'));
const SECOND = x83(item(1, '<p>Stahl</p><ul><li>x</li></ul>') + remark(1, '<p>Schluss</p>') + item(2, '<p>c</p><table><tr><td>1</td><td>2</td></tr></table>'));

const readXml = (bytes: Buffer): ReadResult => readGaebXmlResult(bytes, defaultOptions(), new MessageCollector());

/** Every description's HTML and plain long text, in document order (ids are random, so not compared). */
function texts(project: ProjectDto): [string | undefined, string | undefined][] {
  const out: [string | undefined, string | undefined][] = [];
  for (const e of flatten(project.serviceSpecifications?.[0]?.elements)) {
    const d = e as PositionDto;
    out.push([d.htmlLongText, d.longText]);
    for (const s of d.subDescriptions ?? []) out.push([s.htmlLongText, s.longText]);
  }
  return out;
}

const alone = (bytes: Buffer) => {
  const read = readXml(bytes);
  return texts(prepareProject(read.project, { derivedPlainTexts: read.derivedPlainTexts }));
};

describe('derived plain texts without side channels', () => {
  it('gives two projects read interleaved the same texts as each read alone', () => {
    const expected = [alone(FIRST), alone(SECOND)];
    expect(expected[0].length).toBeGreaterThan(3);
    expect(expected[0]).not.toEqual(expected[1]);
    const a = readXml(FIRST);
    const b = readXml(SECOND);
    const second = texts(prepareProject(b.project, { derivedPlainTexts: b.derivedPlainTexts }));
    const first = texts(prepareProject(a.project, { derivedPlainTexts: a.derivedPlainTexts }));
    expect([first, second]).toEqual(expected);
  });

  it('takes recorded texts only from the option it is given, never from another project or reader', () => {
    const a = readXml(FIRST);
    const b = readXml(FIRST); // same HTML, other description objects
    const marked = new DerivedPlainTexts();
    for (const e of flatten(a.project.serviceSpecifications?.[0]?.elements)) {
      const d = e as NoteTextDto;
      if (d.htmlLongText) marked.add(d, d.htmlLongText, 'MARK');
    }
    // The texts of another project, passed by mistake, are not taken for this one's descriptions.
    expect(texts(normalizeProject(b.project, { derivedPlainTexts: marked })).map(([, plain]) => plain)).not.toContain('MARK');
    // Without the option, nothing recorded anywhere is taken.
    const c = readXml(FIRST);
    expect(texts(normalizeProject(c.project)).map(([, plain]) => plain)).not.toContain('MARK');
    // Given explicitly, the recorded texts are what the normalisation takes.
    expect(texts(normalizeProject(a.project, { derivedPlainTexts: marked })).map(([, plain]) => plain)).toContain('MARK');
  });

  it('are returned by the GAEB 2000 reader as its own instance per read', () => {
    const p8x = Buffer.from(
      '#begin[GAEB]\r\n#begin[GAEBInfo]\r\n[Version]1.2[end]\r\n#end[GAEBInfo]\r\n#begin[Vergabe]\r\n[DP]83[end]\r\n#begin[LV]\r\n' +
        '#begin[LVInfo]\r\n[Bezeichnung]T[end]\r\n[OZMaske]PPPPI[end]\r\n#end[LVInfo]\r\n#begin[LVBereich]\r\n#begin[Position]\r\n[OZ]0001[end]\r\n[Menge]1[end]\r\n[Einheit]St[end]\r\n' +
        '[Langtext]<p>Beton <b>fett</b></p>[end]\r\n#end[Position]\r\n#end[LVBereich]\r\n#end[LV]\r\n#end[Vergabe]\r\n#end[GAEB]\r\n',
      'latin1',
    );
    const one = readGaeb2000Result(p8x, defaultOptions(), new MessageCollector());
    const two = readGaeb2000Result(p8x, defaultOptions(), new MessageCollector());
    expect(one.derivedPlainTexts).toBeInstanceOf(DerivedPlainTexts);
    expect(one.derivedPlainTexts).not.toBe(two.derivedPlainTexts);
    expect(readXml(FIRST).derivedPlainTexts).not.toBe(readXml(FIRST).derivedPlainTexts);
  });
});

describe('readResultParts (reader contract)', () => {
  it('unpacks a ReadResult and takes a bare project (contract 1.0 readers) as it is', () => {
    const read = readXml(FIRST);
    expect(readResultParts(read)).toEqual({ project: read.project, derivedPlainTexts: read.derivedPlainTexts, completePositions: false });
    // a reader whose positions are built complete says so (ÖNORM); the flag is passed on
    expect(readResultParts({ ...read, completePositions: true }).completePositions).toBe(true);
    const bare = { serviceSpecifications: [] } as ProjectDto;
    expect(readResultParts(bare)).toEqual({ project: bare });
    // A project that merely has such keys is not mistaken for a ReadResult.
    const odd = { project: {}, derivedPlainTexts: {} } as unknown as ProjectDto;
    expect(readResultParts(odd).project).toBe(odd);
  });
});

describe('no module-level state', () => {
  const source = (file: string) => readFileSync(new URL(`../../core/model/${file}`, import.meta.url), 'utf8');
  it.each(['derived-plain-texts.ts', 'normalize.ts'])('%s declares no mutable binding or collection at module level', (file) => {
    const topLevel = source(file).split('\n').filter((line) => /^(export )?(let|var|const) /.test(line));
    expect(topLevel.length).toBeGreaterThan(file === 'normalize.ts' ? 0 : -1);
    for (const line of topLevel) {
      expect(line, `${file}: ${line}`).not.toMatch(/^(export )?(let|var) /);
      expect(line, `${file}: ${line}`).not.toMatch(/new (Weak)?(Map|Set)\b|= \[\]|= \{\}/);
    }
  });
});

describe('DerivedPlainTexts.extend', () => {
  it('moves a record to the extended HTML, keeping its plain text, and leaves other descriptions alone', () => {
    const texts = new DerivedPlainTexts();
    const a = {};
    const b = {};
    texts.add(a, '<p>A</p>', 'A');
    texts.add(b, '<p>B</p>', 'B');
    texts.extend(a, '<p>A</p><img src="x.png">');
    texts.extend({}, '<p>C</p>');
    const converted: string[] = [];
    const convert = (html: string): string => (converted.push(html), `converted ${html}`);
    expect(texts.plainTextFor(a, '<p>A</p><img src="x.png">', convert)).toBe('A');
    expect(texts.plainTextFor(b, '<p>B</p>', convert)).toBe('B');
    expect(converted).toEqual([]);
    // the record no longer holds the HTML it had: that HTML is converted
    const again = new DerivedPlainTexts();
    again.add(a, '<p>A</p>', 'A');
    again.extend(a, '<p>A</p><img src="x.png">');
    expect(again.plainTextFor(a, '<p>A</p>', convert)).toBe('converted <p>A</p>');
  });
});
