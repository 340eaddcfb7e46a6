/**
 * Fixed points and X31: DA11 → ava → DA11 and X31 → ava → X31 give back our fixtures byte for byte (the X31
 * `GAEBInfo/Date` aside, which is the day of writing); DA11 and X31 of the same take-off read to the same project;
 * every written X31 3.3 validates against the official schema (`GAEB_DA_XML_31_3.3_2023-01.xsd` in the shared
 * corpus; skipped, saying so, without it). The corpus has no X31 3.2 schema: 3.2 output is checked for its
 * namespace, version and version date only.
 */
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import type { ProjectDto } from '../../core/model/types.js';
import { hasGaebSchema, validateGaebXml } from '../support/xsd.js';
import { fixture, read, takeoffProject, write } from './support.js';

const undated = (xml: Buffer | string) => xml.toString().replace(/<Date>[^<]*<\/Date>/, '<Date/>');
/** The project as the reader made it, without ids, computed values and the source's description. */
const comparable = (p: ProjectDto) => JSON.parse(JSON.stringify(p, (k, v) => (k === 'id' || k === 'originDetail' ? undefined : v)));

describe('REB fixed points', () => {
  it('DA11 2009 → ava → DA11 is the fixture, byte for byte, without messages of the writer', async () => {
    const first = await read(fixture('musterbau-2009.d11'));
    const { bytes, messages } = await write(first.project);
    expect(messages).toEqual([]);
    expect(bytes.equals(fixture('musterbau-2009.d11'))).toBe(true);
  });

  it('DA11 1979 → ava → DA11 2009 keeps every line and value: angles rewritten from degrees to gon', async () => {
    const first = await read(fixture('strasse-1979.d11'));
    const { bytes } = await write(first.project);
    const lines = bytes.toString('latin1').split('\r\n');
    expect(lines[0].slice(71)).toBe('1122PPPPI');
    const source = fixture('strasse-1979.d11').toString('latin1').split('\r\n');
    expect(lines[1]).toBe(source[0].replace('sin(30)*4=       ', 'sin((30)*10/9)*4='));
    expect(lines.slice(2, 5)).toEqual(source.slice(1, 4));
    const again = await read(bytes);
    expect(again.positions.map((p) => p.quantity)).toEqual(first.positions.map((p) => p.quantity));
  });

  for (const version of ['3.2', '3.3'] as const) {
    it(`X31 ${version} → ava → X31 is the fixture (date aside)`, async () => {
      const name = `musterbau-${version}.X31`;
      const first = await read(fixture(name));
      const { bytes, messages } = await write(first.project, { DestinationRebType: version === '3.2' ? 'X31GaebXmlV32' : 'X31GaebXmlV33' });
      expect(messages).toEqual([]);
      expect(undated(bytes)).toBe(undated(fixture(name)));
    });
  }

  it('X31 and DA11 of one take-off read to the same project', async () => {
    const d11 = await read(fixture('musterbau-2009.d11'));
    const x31 = await read(fixture('musterbau-3.3.X31'));
    expect(comparable(x31.project)).toEqual(comparable(d11.project));
    expect(x31.project.serviceSpecifications![0].originDetail).toBe('GAEB DA XML X31 3.3 REB23003-2009');
  });

  it('an X31 declared UTF-8 but written in Windows-1252 reads as the fixture does, with REB_CODE_PAGE', async () => {
    const text = fixture('musterbau-3.3.X31').toString('utf8');
    expect(text).toMatch(/encoding="UTF-8"/);
    const ansi = await read(iconv.encode(text, 'win1252'));
    expect(comparable(ansi.project)).toEqual(comparable((await read(fixture('musterbau-3.3.X31'))).project));
    expect(ansi.project.projectInformation?.name ?? JSON.stringify(ansi.project)).toContain('Gebäude A');
    expect(ansi.messages.map((m) => m.code)).toContain('REB_CODE_PAGE');
  });

  it('X31 3.2 names its namespace, version and version date', async () => {
    const xml = (await write(takeoffProject({ '01.01.0010': [{ formula: '1' }] }), { DestinationRebType: 'X31GaebXmlV32' })).bytes.toString();
    expect(xml).toContain('<GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA31/3.2">');
    expect(xml).toContain('<Version>3.2</Version>');
    expect(xml).toContain('<VersDate>2013-10</VersDate>');
  });
});

describe.skipIf(!hasGaebSchema('3.3', '31'))('written X31 3.3 validates against GAEB_DA_XML_31_3.3_2023-01.xsd', () => {
  const cases: [string, () => Promise<ProjectDto>][] = [
    ['the 2009 fixture', async () => (await read(fixture('musterbau-2009.d11'))).project],
    ['the 1979 fixture', async () => (await read(fixture('strasse-1979.d11'))).project],
    ['positions without groups, texts with XML specials, continuation lines', async () => takeoffProject({ '0010': [{ formula: '(1+2)*3', description: '<a & "b">' }, { formula: Array.from({ length: 30 }, (_, i) => `${i + 1},5`).join('+') }] })],
    ['an empty project', async () => ({ serviceSpecifications: [{ elements: [] }] })],
  ];
  for (const [what, project] of cases) {
    it(what, async () => {
      const { bytes } = await write(await project(), { DestinationRebType: 'X31GaebXmlV33' });
      expect(validateGaebXml(bytes, '3.3', '31')).toEqual({ valid: true, errors: [] });
    });
  }

  it('the X31 3.3 fixture validates', () => {
    expect(validateGaebXml(fixture('musterbau-3.3.X31'), '3.3', '31')).toEqual({ valid: true, errors: [] });
  });
});

if (!hasGaebSchema('3.3', '31')) console.warn('X31 schema validation skipped: the shared corpus (xsd/gaeb-3.3) is not there');

describe('the plugin reports only the codes and severities its catalogue declares', () => {
  it('on every fixture read and written back', async () => {
    const { undeclaredMessages } = await import('../../core/plugin/messages.js');
    const { rebPlugin } = await import('../../plugins/reb/index.js');
    for (const name of ['musterbau-2009.d11', 'strasse-1979.d11', 'musterbau-3.2.X31', 'musterbau-3.3.X31']) {
      const r = await read(fixture(name));
      const w = await write(r.project, { DestinationRebType: 'X31GaebXmlV33', LastRowAddress: '0500A0' });
      const messages = [...r.messages, ...w.messages];
      expect(messages.length).toBeGreaterThan(0);
      expect(undeclaredMessages(messages, [rebPlugin]), name).toEqual([]);
    }
  });
});

describe('X31 details', () => {
  const x31 = (method: string, rows: string[]) => Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA31/3.3"><GAEBInfo><Version>3.3</Version><VersDate>2023-01</VersDate><Date>2026-01-02</Date></GAEBInfo>
<QtyDeterm><QtyDetermInfo><MethodDescription>${method}</MethodDescription></QtyDetermInfo><DP>31</DP><BoQ ID="B">
<BoQBkdn><Type>BoQLevel</Type><Length>2</Length><Num>Yes</Num></BoQBkdn><BoQBkdn><Type>Item</Type><Length>4</Length><Num>Yes</Num></BoQBkdn>
<BoQBody><BoQCtgy ID="C" RNoPart="01"><BoQBody><Itemlist><Item ID="I" RNoPart="0010"><QtyDeterm>
${rows.map((Row) => `<QDetermItem><QTakeoff Row="${Row}"/></QDetermItem>`).join('')}
</QtyDeterm></Item></Itemlist></BoQBody></BoQCtgy></BoQBody></BoQ></QtyDeterm></GAEB>`);

  it('REB23003-1979 reads angles in degrees', async () => {
    const r = await read(x31('REB23003-1979', [`${' '.repeat(11)}  Winkel          91sin(90)*2=${' '.repeat(28)}0001A0     `]));
    expect(r.position('01.0010').quantity).toBe(2);
    expect(r.position('01.0010').quantityComponents![0]).toMatchObject({ rebAngleUnit: 'degree', rebResult: 2 });
  });

  it('rows in the gateway\'s own QtyDeterm layout (core/text/takeoff-row.ts) read as free formulas', async () => {
    const { formatTakeoffRows } = await import('../../core/text/takeoff-row.js');
    const rows = [...formatTakeoffRows({ formula: '(1,5+2,5)*3', description: 'Wand' }, 0), ...formatTakeoffRows({ formula: Array.from({ length: 12 }, () => '1,25').join('+'), description: '' }, 1)];
    const r = await read(x31('REB23003-2009', rows));
    expect(r.position('01.0010').quantityComponents!.map((c) => [c.description, c.result])).toEqual([['Wand', 12], ['', 15]]);
    expect(r.position('01.0010').quantity).toBe(27);
  });
});
