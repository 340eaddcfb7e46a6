/**
 * ÖNORM marks other formats have no field for (`core/model/oenorm-marks.ts`): our fixture angebot-2009-lg.onlv has
 * a Folgeposition with herkunftskennzeichen Z (01.01.01.A), an ungeteilte Position marked W and G (01.01.03) and a
 * wählbare Vorbemerkung (01.01.04);
 * written as GAEB DA XML, GAEB 2000, GAEB 90 or SIA 451, one warning per file names them, and the numbers of
 * wählbare Vorbemerkungen (note texts with an ÖNORM number), which those formats hold no number for.
 */
import { describe, expect, it } from 'vitest';
import { oenormMarksMessage } from '../../core/model/oenorm-marks.js';
import { isNoteText, positionsOf, type ElementDto } from '../../core/model/types.js';
import { writeGaeb } from '../support/gaeb-round-trip.js';
import { fixture, read } from '../oenorm/support.js';
import { write as writeSia, viaJson } from '../sia/support.js';

const EXPECTED = /has no field for these ÖNORM A 2063 marks of positions, which were not written: wesentliche Position \(W\): 1 \(01\.01\.03\); garantierte Angebotssumme \(G\): 1 \(01\.01\.03\); Herkunftskennzeichen Z or \+ \(not from the standard LB\): 1 \(01\.01\.01\.A\); nor for the numbers of wählbare Vorbemerkungen \(numbered note texts\), which were not written: 1 \(01\.01\.04\)\.$/;

describe('ÖNORM marks written to other formats', () => {
  const project = () => read(fixture('angebot-2009-lg.onlv')).project;

  it('names each mark with its positions', () => {
    expect(oenormMarksMessage('GAEB 90', project().serviceSpecifications![0])).toMatch(EXPECTED);
    expect(oenormMarksMessage('GAEB 90', { elements: [] })).toBeUndefined();
  });

  it('passes over properties a posted project sent as null', () => {
    const spec = project().serviceSpecifications![0];
    const positions = [...positionsOf(spec.elements)];
    expect(positions.length).toBeGreaterThan(2);
    for (const p of positions) (p as { oenormPositionProperties?: unknown }).oenormPositionProperties = null;
    expect(oenormMarksMessage('GAEB 90', spec)).toBe('GAEB 90 has no field for the numbers of wählbare Vorbemerkungen (numbered note texts), which were not written: 1 (01.01.04).');
    for (const g of spec.elements ?? []) for (const u of (g as { elements?: ElementDto[] }).elements ?? []) {
      for (const e of (u as { elements?: ElementDto[] }).elements ?? []) if (isNoteText(e)) (e as { oenormNoteTextProperties?: unknown }).oenormNoteTextProperties = null;
    }
    expect(oenormMarksMessage('GAEB 90', spec)).toBeUndefined();
  });

  it.each([['GaebXml_V3_3', 'GAEB_XML_OENORM_MARKS_DROPPED'], ['Gaeb2000', 'GAEB2000_OENORM_MARKS_DROPPED'], ['Gaeb90', 'GAEB90_OENORM_MARKS_DROPPED']])('%s: one warning', (destination, code) => {
    const reported = writeGaeb(project(), destination).messages.filter((m) => m.code === code);
    expect(reported.map((m) => [m.severity, m.message])).toEqual([['warning', expect.stringMatching(EXPECTED)]]);
  });

  it('names the numbers of wählbare Vorbemerkungen, which the other formats hold no number for', () => {
    const wvb = (itemNumber: string) => ({ elementTypeDiscriminator: 'NoteTextDto', shortText: 'Vorbemerkung', oenormNoteTextProperties: { itemNumber } }) as ElementDto;
    const remarks = { elements: [{ elementTypeDiscriminator: 'ServiceSpecificationGroupDto', elements: [wvb('00.12.01A'), wvb('00.12.01B')] } as ElementDto] };
    expect(oenormMarksMessage('GAEB DA XML', remarks)).toBe(
      'GAEB DA XML has no field for the numbers of wählbare Vorbemerkungen (numbered note texts), which were not written: 2 (00.12.01A, 00.12.01B).',
    );
    // beside the fixture's marks and its own wählbare Vorbemerkung, in document order, through the GAEB DA XML writer
    const onlv = project();
    onlv.serviceSpecifications![0].elements = [...(onlv.serviceSpecifications![0].elements ?? []), ...remarks.elements];
    expect(writeGaeb(onlv, 'GaebXml_V3_3').messages.find((m) => m.code === 'GAEB_XML_OENORM_MARKS_DROPPED')?.message)
      .toMatch(/\(01\.01\.01\.A\); nor for the numbers of wählbare Vorbemerkungen \(numbered note texts\), which were not written: 3 \(01\.01\.04, 00\.12\.01A, 00\.12\.01B\)\.$/);
  });

  it('SIA 451: one warning', () => {
    expect(writeSia(viaJson(project())).messages.filter((m) => m.code === 'SIA_OENORM_MARKS_DROPPED').map((m) => m.message)).toEqual([expect.stringMatching(EXPECTED)]);
  });
});
