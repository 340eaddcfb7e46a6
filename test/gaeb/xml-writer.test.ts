/**
 * GAEB DA XML writer: fixture projects → XML that re-parses, validates against the official XSD of the target
 * version and phase (when the shared corpus holds it) and carries the expected elements and values.
 */
import { describe, expect, it } from 'vitest';
import { defaultOptions } from '../../core/options/catalog.js';
import { MessageCollector } from '../../core/pipeline/messages.js';
import type { ProjectDto } from '../../core/model/types.js';
import { writeGaebXml, type GaebPhase, type GaebXmlVersion } from '../../plugins/gaeb/xml/writer/index.js';
import { hasGaebSchema, validateGaebXml } from '../support/xsd.js';
import { all, at, itemByNumber, kids, loadFixture, parseXml, textOf, val, type XNode } from './xml-writer-support.js';

const PHASES: GaebPhase[] = ['81', '82', '83', '84', '85', '86'];

function write(project: ProjectDto, version: GaebXmlVersion, phase: GaebPhase, overrides: Record<string, boolean | string> = {}) {
  const sink = new MessageCollector();
  const xml = writeGaebXml(structuredClone(project), defaultOptions(overrides), sink, { version, phase });
  return { xml, doc: parseXml(xml), messages: sink.messages };
}

const targets: [GaebXmlVersion, GaebPhase][] = [
  ...PHASES.map((p): [GaebXmlVersion, GaebPhase] => ['3.3', p]),
  ['3.2', '83'],
  ...PHASES.map((p): [GaebXmlVersion, GaebPhase] => ['3.1', p]),
];

describe.each(['rich', 'flat'])('fixture %s', (fixture) => {
  it.each(targets)('GAEB DA XML %s phase %s is well-formed and valid against the official XSD', async (version, phase) => {
    const project = await loadFixture(fixture);
    const { xml, doc } = write(project, version, phase);
    expect(xml.subarray(0, 38).toString()).toBe('<?xml version="1.0" encoding="utf-8"?>');
    expect(xml[0]).toBe(0x3c); // no BOM
    expect(doc.name).toBe('GAEB');
    expect(doc.ns).toBe(version === '3.1' ? 'http://www.gaeb.de/GAEB_DA_XML/200407' : `http://www.gaeb.de/GAEB_DA_XML/DA${phase}/${version}`);
    expect(val(doc, 'GAEBInfo/Version')).toBe(version);
    expect(val(doc, 'GAEBInfo/VersDate')).toBe({ '3.1': '2009-12', '3.2': '2013-10', '3.3': '2021-05' }[version]);
    expect(val(doc, 'Award/DP')).toBe(phase);
    expect(val(doc, 'GAEBInfo/Date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    if (!hasGaebSchema(version, phase)) return;
    const result = validateGaebXml(xml, version, phase);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it.each(PHASES.filter((p) => p !== '83'))('GAEB DA XML 3.2 phase %s (no XSD in the corpus) re-parses with the 3.2 namespace', async (phase) => {
    const { doc } = write(await loadFixture(fixture), '3.2', phase);
    expect(doc.ns).toBe(`http://www.gaeb.de/GAEB_DA_XML/DA${phase}/3.2`);
    expect(all(doc, 'Item').length).toBeGreaterThan(0);
  });
});

describe('rich fixture, phase 83 (request for offer)', async () => {
  const project = await loadFixture('rich');
  const { doc, messages } = write(project, '3.3', '83');
  const boq = at(doc, 'Award/BoQ') as XNode;

  it('writes BoQBkdn from the item number schema', () => {
    const levels = kids(at(boq, 'BoQInfo') as XNode, 'BoQBkdn').map((l) => [val(l, 'Type'), val(l, 'LblBoQBkdn'), val(l, 'Length'), val(l, 'Num')]);
    expect(levels).toEqual([
      ['BoQLevel', 'Titel', '2', 'Yes'],
      ['BoQLevel', 'Untertitel', '2', 'Yes'],
      ['Item', undefined, '4', 'Yes'],
      ['Index', undefined, '1', 'No'],
    ]);
    expect(val(boq, 'BoQInfo/Name')).toBe('Rohbau');
    expect(val(boq, 'BoQInfo/OutlCompl')).toBe('AllTxt');
    expect(boq.attrs.ID).toBe('BOQ_ROHBAU');
    expect(kids(at(boq, 'BoQInfo') as XNode, 'LblUPComp1')[0].attrs.Type).toBe('Wages');
  });

  it('writes categories and items with RNoPart/RNoIndex, quantities and units', () => {
    const top = kids(at(boq, 'BoQBody') as XNode, 'BoQCtgy');
    expect(top.map((c) => c.attrs.RNoPart)).toEqual(['01', '02']);
    expect(textOf(at(top[0], 'LblTx') as XNode)).toBe('Erdarbeiten');
    const i10 = itemByNumber(doc, '01.01.0010') as XNode;
    expect(i10.attrs.ID).toBe('ITEM_0010');
    expect(val(i10, 'Qty')).toBe('120.500');
    expect(val(i10, 'QU')).toBe('m3');
    const i30 = itemByNumber(doc, '01.01.0030.A') as XNode;
    expect(i30.attrs).toMatchObject({ RNoPart: '0030', RNoIndex: 'A' });
    expect(val(itemByNumber(doc, '01.01.0020') as XNode, 'QU')).toBe('m²');
    expect(val(itemByNumber(doc, '01.01.0020') as XNode, 'Provis')).toBe('WithoutTotal');
  });

  it('leaves prices out and says so', () => {
    for (const name of ['UP', 'IT', 'Totals', 'UPComp1']) expect(all(doc, name)).toHaveLength(0);
    expect(messages.find((m) => m.code === 'GAEB_XML_PRICES_DROPPED')?.message).toContain('11 position(s)');
  });

  it('writes item kinds, references and the tax rate', () => {
    const base = itemByNumber(doc, '01.01.0030.A') as XNode;
    const alt = itemByNumber(doc, '01.01.0040') as XNode;
    expect([val(base, 'ALNGroupNo'), val(base, 'ALNSerNo')]).toEqual(['1', '0']);
    expect([val(alt, 'ALNGroupNo'), val(alt, 'ALNSerNo')]).toEqual(['1', '1']);
    const tbd = itemByNumber(doc, '01.02.0010') as XNode;
    expect(val(tbd, 'QtyTBD')).toBe('Yes');
    expect(at(tbd, 'Qty')).toBeUndefined();
    const lump = itemByNumber(doc, '01.02.0020') as XNode;
    expect([val(lump, 'LumpSumItem'), val(lump, 'VAT')]).toEqual(['Yes', '7.00']);
    const hourly = itemByNumber(doc, '01.02.0040') as XNode;
    expect([val(hourly, 'HourIt'), val(hourly, 'KeyIt')]).toEqual(['Yes', 'Yes']);
    expect(at(hourly, 'RefRNo')?.attrs.IDRef).toBe('ITEM_0010');
    const perf = all(doc, 'PerfDescr')[0];
    expect([val(perf, 'PerfNo'), val(perf, 'PerfLbl')]).toEqual(['7', 'Verbauart A']);
    expect(at(itemByNumber(doc, '01.02.0050') as XNode, 'RefPerfNo')?.attrs.IDRef).toBe(perf.attrs.ID);
    // phase 83 has no NotAppl: the removed item stays, the flag is reported
    expect(at(itemByNumber(doc, '01.02.0030') as XNode, 'NotAppl')).toBeUndefined();
    expect(messages.some((m) => m.code === 'GAEB_XML_ELEMENT_DROPPED' && m.itemNumber === '01.02.0030')).toBe(true);
  });

  it('shortens a unit longer than 4 characters and reports it', () => {
    expect(val(itemByNumber(doc, '01.02.0050') as XNode, 'QU')).toBe('Tonn');
    const m = messages.find((x) => x.code === 'GAEB_XML_VALUE_SHORTENED');
    expect(m).toMatchObject({ itemNumber: '01.02.0050', severity: 'warning' });
    expect(m?.message).toContain('"Tonnen" → "Tonn"');
  });

  it('writes long text structure, TextComplements and their flags', () => {
    const i10 = itemByNumber(doc, '01.01.0010') as XNode;
    const complete = at(i10, 'Description/CompleteText') as XNode;
    expect([val(complete, 'ComplTSA'), val(complete, 'ComplTSB')]).toEqual(['Yes', 'Yes']);
    const text = at(complete, 'DetailTxt/Text') as XNode;
    expect(kids(text, 'p')[0].attrs.style).toBe('text-align:left');
    const bold = all(text, 'span').find((s) => s.text === 'abtragen');
    expect(bold?.attrs.style).toBe('font-weight:bold');
    expect(all(text, 'span').find((s) => s.text === '2')?.attrs.style).toBe('text-decoration:underline');
    expect(all(text, 'li')).toHaveLength(2);
    expect(all(text, 'th').map(textOf)).toEqual(['Schicht', 'Dicke']);
    expect(all(text, 'td')[1].attrs).toMatchObject({ valign: 'top', colspan: '1' });
    const image = all(text, 'image')[0];
    expect(image.attrs).toMatchObject({ Type: 'image/png', width: '40' });
    expect(image.text).toMatch(/^iVBORw0KGgo/);
    expect(all(text, 'page')).toHaveLength(1);
    const [bidder, owner] = all(text, 'TextComplement');
    expect(bidder.attrs).toMatchObject({ Kind: 'Bidder', MarkLbl: '1' });
    expect([textOf(at(bidder, 'ComplCaption') as XNode), textOf(at(bidder, 'ComplBody') as XNode)]).toEqual(['Hersteller', "'.....'"]);
    expect(owner.attrs).toMatchObject({ Kind: 'Owner', MarkLbl: '2' });
    expect(textOf(at(owner, 'ComplTail') as XNode)).toBe('Ausgabe 2019');
    expect(textOf(at(complete, 'OutlineText/OutlTxt/TextOutlTxt') as XNode)).toBe('Oberboden abtragen');
    expect(textOf(text)).toContain('Stärke & Tiefe < 30\u00a0cm.');
  });

  it('turns sloppy HTML and plain long texts into paragraphs', () => {
    const sloppy = at(itemByNumber(doc, '01.01.0020') as XNode, 'Description/CompleteText/DetailTxt/Text') as XNode;
    expect(kids(sloppy, 'p').map(textOf)).toEqual(['Pflasterverlegen', 'zweiter Absatz rot fett']);
    expect(all(sloppy, 'br')).toHaveLength(1);
    expect(all(sloppy, 'span').find((s) => s.text === 'rot')?.attrs.style).toBe('color:red');
    const plain = at(itemByNumber(doc, '01.01.0030.A') as XNode, 'Description/CompleteText/DetailTxt/Text') as XNode;
    expect(kids(plain, 'p').map(textOf)).toEqual(['Zeile eins', 'Zeile zwei']);
  });

  it('writes owner, opening and closing texts; no contractor in 83', () => {
    expect(val(doc, 'Award/OWN/Address/Name1')).toBe('Stadt Musterstadt');
    expect(val(doc, 'Award/OWN/Address/Name2')).toBe('Hochbauamt');
    expect(at(doc, 'Award/CTR')).toBeUndefined();
    expect((at(doc, 'Award/AwardInfo') as XNode).children.map((c) => `${c.name}=${c.text}`)).toEqual([
      'Cat=OpenProc', 'OpenDate=2024-04-15', 'OpenTime=10:00:00', 'SubmLoc=Rathaus, Zimmer 12', 'CnstStart=2024-06-01', 'CnstEnd=2024-12-20',
      'ContrNo=V-2024-17', 'ContrDate=2024-05-02', 'AcceptType=förmliche Abnahme', 'WarrDur=4', 'WarrUnit=Years',
    ]);
    expect(textOf(at(doc, 'Award/AddText/DetailAddText') as XNode)).toBe('Die Vorbemerkungen gelten für alle Titel.');
    expect(textOf(at(doc, 'AddText/OutlineAddText') as XNode)).toBe('Schlussbemerkung');
    expect(all(doc, 'Remark').map((r) => r.attrs.ID)).toEqual(['REMARK_1']);
  });

  it('wraps the positions of a container that also holds groups in a skipped-level category', () => {
    const ctgy02 = kids(at(boq, 'BoQBody') as XNode, 'BoQCtgy')[1];
    expect(kids(at(ctgy02, 'BoQBody') as XNode, 'BoQCtgy').map((c) => c.attrs.RNoPart)).toEqual(['01', '__']);
    expect(itemByNumber(doc, '02.__.0020')).toBeDefined();
    expect(messages.find((m) => m.code === 'GAEB_XML_MIXED_CONTAINER')?.message).toContain('group 02.');
  });

  it('generates document-unique IDs where gaebXmlId is not a usable NCName', () => {
    const ids = [...all(doc, 'Item'), ...all(doc, 'BoQCtgy'), ...all(doc, 'Remark'), ...all(doc, 'PerfDescr'), boq].map((n) => n.attrs.ID);
    expect(new Set(ids).size).toBe(ids.length);
    expect(itemByNumber(doc, '01.01.0030.A')?.attrs.ID).toBe('ID_ec7c6c3e1cab47798890e99828dbd960');
    expect(itemByNumber(doc, '01.01.0040')?.attrs.ID).toMatch(/^ID_[0-9a-f]{32}$/);
  });
});

describe('rich fixture, priced phases', async () => {
  const project = await loadFixture('rich');

  it('86 writes UP with UPFracDig decimals, UPComp, IT, category and BoQ totals, OWN and CTR', () => {
    const { doc } = write(project, '3.3', '86');
    const i10 = itemByNumber(doc, '01.01.0010') as XNode;
    expect([val(i10, 'UP'), val(i10, 'UPComp1'), val(i10, 'UPComp2'), val(i10, 'IT')]).toEqual(['12.345', '7.345', '5.000', '1487.57']);
    expect(val(doc, 'PrjInfo/UPFracDig')).toBe('3');
    const totals = kids(at(doc, 'Award/BoQ/BoQBody') as XNode, 'BoQCtgy').map((c) => val(c, 'Totals/Total'));
    expect(totals).toEqual(['5094.57', '75.00']);
    expect(val(doc, 'Award/BoQ/BoQInfo/Totals/Total')).toBe('5169.57');
    expect(val(doc, 'Award/BoQ/BoQInfo/Totals/VAT')).toBe('19.00');
    expect(val(itemByNumber(doc, '01.02.0030') as XNode, 'NotAppl')).toBe('Yes');
    expect(val(doc, 'Award/CTR/Address/Name1')).toBe('Bau GmbH');
    expect(val(doc, 'Award/OWN/Address/City')).toBe('Musterstadt');
    // 86 AwardInfo has no Cat, OpenDate or SubmLoc (GAEB_DA_XML_86 tgAwardInfo)
    expect((at(doc, 'Award/AwardInfo') as XNode).children.map((c) => c.name)).toEqual(['CnstStart', 'CnstEnd', 'ContrNo', 'ContrDate', 'AcceptType', 'WarrDur', 'WarrUnit']);
  });

  it('rounds UP to 2 decimals when UPFracDig is 2', () => {
    const p = structuredClone(project);
    (p.projectInformation as Record<string, unknown>).upFracDig = 2;
    const { doc } = write(p, '3.3', '82');
    expect(val(itemByNumber(doc, '01.01.0010') as XNode, 'UP')).toBe('12.35');
    expect(val(doc, 'PrjInfo/UPFracDig')).toBe('2');
  });

  it('84 writes the reduced bid: CTR, prices and totals, no quantities, units, labels or texts beyond complements', () => {
    const { doc, messages } = write(project, '3.3', '84');
    expect(val(doc, 'Award/CTR/Address/Name1')).toBe('Bau GmbH');
    expect(at(doc, 'Award/OWN')).toBeUndefined();
    for (const name of ['QU', 'LblTx', 'OutlineText', 'AddText', 'Provis', 'ALNGroupNo']) expect(all(doc, name)).toHaveLength(0);
    for (const c of all(doc, 'BoQCtgy')) expect(val(c, 'Totals/Total')).toMatch(/^\d+\.\d\d$/);
    const i10 = itemByNumber(doc, '01.01.0010') as XNode;
    // A bid carries prices, not the tender's quantities (a reader derives them as IT / UP).
    expect([val(i10, 'Qty'), val(i10, 'UP'), val(i10, 'IT')]).toEqual([undefined, '12.345', '1487.57']);
    expect(messages.some((m) => m.code === 'GAEB_XML_QTY_DROPPED')).toBe(true);
    // …except where the bidder enters the quantity: that one is the bid's own.
    expect(val(itemByNumber(doc, '01.02.0010') as XNode, 'Qty')).toBe('0.000');
    const detail = at(i10, 'Description/CompleteText/DetailTxt') as XNode;
    expect(detail.children.map((c) => c.name)).toEqual(['TextComplement', 'TextComplement']);
    expect(all(detail, 'ComplCaption')).toHaveLength(0);
    expect(textOf(at(detail, 'TextComplement/ComplBody') as XNode)).toBe("'.....'");
    expect(at(itemByNumber(doc, '01.01.0020') as XNode, 'Description')).toBeUndefined();
    expect(messages.some((m) => m.code === 'GAEB_XML_TEXT_DROPPED')).toBe(true);
  });

  it('86 without buyer and bidder adds the required OWN/CTR with empty address fields and reports it', () => {
    const p = structuredClone(project);
    delete p.projectInformation?.buyer;
    delete p.serviceSpecifications?.[0].bidder;
    const { doc, messages } = write(p, '3.3', '86');
    expect(at(doc, 'Award/OWN/Address/Name1')?.text).toBe('');
    expect(at(doc, 'Award/CTR/Address/PCode')?.text).toBe('');
    expect(messages.filter((m) => m.code === 'GAEB_XML_DEFAULT_ADDED')).toHaveLength(2);
  });
});

describe('flat fixture (positions without groups)', async () => {
  const project = await loadFixture('flat');
  const { doc, messages } = write(project, '3.3', '86');

  it('writes the positions in an Itemlist directly in BoQ/BoQBody, remarks included', () => {
    const body = at(doc, 'Award/BoQ/BoQBody') as XNode;
    expect(body.children.map((c) => c.name)).toEqual(['Itemlist']);
    expect((at(body, 'Itemlist') as XNode).children.map((c) => `${c.name}:${c.attrs.RNoPart ?? ''}`)).toEqual(['Item:010', 'Remark:', 'Item:020']);
    expect(kids(at(doc, 'Award/BoQ/BoQInfo') as XNode, 'BoQBkdn').map((l) => val(l, 'Type'))).toEqual(['Item']);
    expect(val(itemByNumber(doc, '010') as XNode, 'UP')).toBe('15.50');
  });

  it('shortens BoQInfo/Name to 20 characters and reports it', () => {
    expect(val(doc, 'Award/BoQ/BoQInfo/Name')).toBe('Kleinauftrag Malerar');
    expect(messages.find((m) => m.code === 'GAEB_XML_VALUE_SHORTENED')?.message).toContain('BoQInfo/Name');
  });
});
