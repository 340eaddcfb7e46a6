/**
 * The supplementary-offer information of LV entries (`zusatzangebotslvinfo`: the Zusatzangebots-LV, Nachtrag, an
 * entry comes from and its status) ↔ the model's `addendumNumber` / `addendumStatus`, on the 2009 fixture
 * (test/fixtures/oenorm/angebot-2009-lg.onlv) made an `abrechnungs-lv` here, with the information added to a position
 * and a text entry (valid against the 2009 XSD where the corpus holds it).
 */
import { describe, expect, it } from 'vitest';
import { isNoteText, isPosition, type ProjectDto } from '../../core/model/types.js';
import { fixtureText, flatten, read } from './support.js';
import { hasOenormXsd, validateOnlv, write } from './writer-support.js';
import { readGaeb, writeGaeb } from '../support/gaeb-round-trip.js';
import { hasGaebSchema, validateGaebXml } from '../support/xsd.js';

const info = (nr: string, status: string) =>
  `<zusatzangebotslvinfo><zusatzangebotslvnummer>${nr}</zusatzangebotslvnummer><status>${status}</status></zusatzangebotslvinfo>`;

function billing(): Buffer {
  let t = fixtureText('angebot-2009-lg.onlv').replaceAll('angebots-lv>', 'abrechnungs-lv>');
  const once = (from: string, to: string) => {
    expect(t.split(from), from).toHaveLength(2);
    t = t.replace(from, to);
  };
  once('<p>Einrichten und Räumen der Baustelle.</p>\n                      </langtext>', `<p>Einrichten und Räumen der Baustelle.</p>\n                      </langtext>${info('3', 'Genehmigt')}`);
  once('<p>Die Preise gelten für alle Bodenklassen.</p>\n                      </langtext>', `<p>Die Preise gelten für alle Bodenklassen.</p>\n                      </langtext>${info('4', 'Beantragt')}`);
  return Buffer.from(t);
}

describe('ÖNORM supplementary-offer information (zusatzangebotslvinfo)', () => {
  it('reads it as the entries\' addendum number and status', () => {
    const lv = read(billing());
    expect(lv.project.serviceSpecifications![0].oenormProperties).toMatchObject({ lvType: 'abrechnungs-lv' });
    expect(lv.position('01.01.03')).toMatchObject({ addendumNumber: '3', addendumStatus: 'Approved', oenormPositionProperties: { zusatzangebotsstatus: 'Genehmigt' } });
    const note = lv.notes.find((n) => n.oenormNoteTextProperties?.itemNumber === '01.01.04')!;
    expect(note).toMatchObject({ addendumNumber: '4', oenormNoteTextProperties: { zusatzangebotsstatus: 'Beantragt' } });
    expect(lv.positions.filter((p) => p.addendumNumber !== undefined)).toHaveLength(1);
    expect(lv.messages.filter((m) => m.code === 'OENORM_ELEMENT_DROPPED')).toEqual([]);
  });

  it('writes it back after the long text in an abrechnungs-lv (valid), with the status the model now holds', () => {
    const project: ProjectDto = read(billing()).project;
    for (const edition of ['Lv2009', 'Lv2015']) {
      const written = write(project, { DestinationOenormType: edition });
      expect(written.text, edition).toContain('<abrechnungs-lv>');
      expect(written.text, edition).toContain(`<p>Einrichten und Räumen der Baustelle.</p></langtext>${info('3', 'Genehmigt')}`);
      expect(written.text, edition).toContain(`<p>Die Preise gelten für alle Bodenklassen.</p></langtext>${info('4', 'Beantragt')}`);
      if (hasOenormXsd) expect(validateOnlv(written.xml).errors, edition).toEqual([]);
      const back = read(written.xml);
      expect(back.position('01.01.03'), edition).toMatchObject({ addendumNumber: '3', addendumStatus: 'Approved' });
    }
    const changed: ProjectDto = structuredClone(project);
    const position = flatten(changed.serviceSpecifications![0].elements).filter(isPosition).find((e) => e.itemNumber?.stringRepresentation === '01.01.03')!;
    position.addendumStatus = 'Withdrawn';
    expect(write(changed, { DestinationOenormType: 'Lv2015' }).text).toContain(info('3', 'Abgelehnt'));
  });

  it('carries to GAEB DA XML as change orders (CONo/COStatus, valid X86) and back into the model', () => {
    const written = writeGaeb(read(billing()).project, 'GaebXml_V3_3', { TargetExchangePhaseTransform: 'Grant' });
    const xml = written.bytes.toString('utf8');
    expect(xml).toContain('<CONo>3</CONo><COStatus>Approved</COStatus>');
    expect(xml).toMatch(/<Remark [^>]*>.*?<\/Description><CONo>4<\/CONo><\/Remark>/);
    if (hasGaebSchema('3.3', '86')) expect(validateGaebXml(written.bytes, '3.3', '86').errors).toEqual([]);
    const back = flatten(readGaeb(written.bytes).serviceSpecifications![0].elements);
    expect(back.filter(isPosition).filter((p) => p.addendumNumber !== undefined).map((p) => [p.addendumNumber, p.addendumStatus])).toEqual([['3', 'Approved']]);
    expect(back.filter(isNoteText).filter((n) => n.addendumNumber !== undefined).map((n) => n.addendumNumber)).toEqual(['4']);
  });

  it('reports it where the LV type has no place for it', () => {
    const offer: ProjectDto = structuredClone(read(billing()).project);
    const spec = offer.serviceSpecifications![0];
    spec.exchangePhase = 'Offer';
    delete (spec.oenormProperties as Record<string, unknown>).lvType;
    const written = write(offer, { DestinationOenormType: 'Lv2015' });
    expect(written.text).toContain('<angebots-lv>');
    expect(written.text).not.toContain('zusatzangebotslvinfo');
    expect(written.messages.filter((m) => m.code === 'OENORM_ELEMENT_NOT_WRITTEN').map((m) => [m.severity, m.message])).toEqual([
      ['info', 'addendum numbers (zusatzangebotslvinfo) that have no place outside an abrechnungs-lv or zusatzangebots-lv were not written: 2 occurrences (e.g. 01.01.03, 01.01.04)'],
    ]);
  });
});
