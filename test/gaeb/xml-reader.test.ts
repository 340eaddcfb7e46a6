/**
 * GAEB DA XML reader: the GAEB ↔ model mapping on hand-written fixtures (3.3 X86 with lots and prices, 3.2 X83
 * pretty-printed with header data, 3.0 bare Itemlist).
 */
import { describe, expect, it } from 'vitest';
import type { ExecutionDescriptionDto, NoteTextDto } from '../../core/model/types.js';
import { fixture, read } from './xml-reader-support.js';

describe('readGaebXml: 3.3 award (X86) with lot tier, prices and item kinds', () => {
  const r = read(fixture('award-v33-lots.x86'));
  const spec = r.project.serviceSpecifications![0];
  const info = r.project.projectInformation!;

  it('maps GAEBInfo, PrjInfo, Award/DP and AwardInfo', () => {
    expect(spec.origin).toBe('GaebXml');
    expect(spec.originDetail).toBe('GAEB XML V3.3');
    expect(spec.exchangePhase).toBe('Grant');
    expect(info.name).toBe('Schulhof Nord');
    expect(info.descriptionShort).toBe('Umbau Schulhof');
    expect(info.currencyShort).toBe('EUR');
    expect(info.currencyLong).toBe('Euro');
    expect(info.sideOffersAllowed).toBe(true);
    expect(info.upFracDig).toBe(3);
    expect(info.awardType).toBe('DirectAward');
    expect(spec.contractIdentifier).toBe('V-2026-17');
    expect(spec.contractDate).toBe('2026-03-01');
    expect(spec.typeOfApproval).toBe('Förmliche Abnahme');
    expect(spec.warrantyDuration).toEqual({ duration: 4, unit: 'Years' });
  });

  it('maps OWN and CTR addresses to buyer and bidder', () => {
    expect(info.buyer).toEqual({ name: 'Stadt Musterhausen\nBauamt', street: 'Markt 1', zipCode: '12345', city: 'Musterhausen' });
    expect(spec.bidder).toMatchObject({
      name: 'Bau GmbH', street: 'Werkstraße 5', zipCode: '54321', city: 'Beispielstadt',
      contactPersonName: 'Frau Meier', phone: '0123 456', email: 'info@bau.example',
    });
  });

  it('maps BoQ, BoQInfo, the lot tier schema and the price component labels', () => {
    expect(spec.gaebXmlId).toBe('BOQ1');
    expect(spec.name).toBe('LV 1');
    expect(spec.description).toBe('Außenanlagen');
    expect(spec.creationDate).toBe('2026-02-20');
    expect(spec.projectTaxRate).toBeCloseTo(0.19, 10);
    expect(info.labourTimeLabel).toBe('Std');
    expect(info.itemNumberSchema).toEqual({
      separator: '.', filler: '0',
      tiers: [
        { tierType: 'Lot', isLot: true, length: 1, type: 'Numeric', tierName: 'Los' },
        { tierType: 'Group', length: 2, type: 'Numeric', tierName: 'Titel' },
        { tierType: 'Position', length: 4, type: 'Numeric' },
        { tierType: 'Index', length: 1, type: 'Alphanumeric' },
      ],
    });
    expect(info.priceComponents).toEqual(['Lohn', 'Stoffe']);
    expect(info.priceComponentTypes).toEqual({ Lohn: 'Wages', Stoffe: 'Materials' });
  });

  it('builds the tree in document order with lots, group labels and GAEB totals', () => {
    const top = spec.elements!;
    expect(top.map((e) => e.elementTypeDiscriminator)).toEqual(['NoteTextDto', 'ServiceSpecificationGroupDto', 'ServiceSpecificationGroupDto']);
    expect((top[0] as NoteTextDto).gaebXmlId).toBe('R1');
    const lot1 = r.group('1.');
    expect(lot1).toMatchObject({ gaebXmlId: 'L1', isLot: true, shortText: 'Los 1 Rohbau', gaebTotal: 2311, projectTaxRate: 0.19 });
    expect(r.group('2.')).toMatchObject({ isLot: true, shortText: 'Los 2', gaebTotal: 100 });
    const title = r.group('1.01.');
    expect(title.isLot).toBeUndefined();
    expect(title.shortText).toBe('Mauerarbeiten\nund Putz');
    expect(lot1.elements!.map((e) => e.elementTypeDiscriminator)).toEqual(['ExecutionDescriptionDto', 'ServiceSpecificationGroupDto']);
    expect(r.all.filter((e) => e.elementTypeDiscriminator === 'PositionDto')).toHaveLength(10);
  });

  it('maps quantities, prices, price components and IT', () => {
    const p = r.position('1.01.0010');
    expect(p).toMatchObject({ gaebXmlId: 'I1', quantityOverride: 12.5, unitTag: 'm2', unitPriceOverride: 20.4, gaebTotal: 255, shortText: 'Mauerwerk' });
    expect(p.priceComponents).toEqual([
      { label: 'Lohn', values: [{ formula: '8.400' }] },
      { label: 'Stoffe', values: [{ formula: '12.000' }] },
    ]);
  });

  it('appends RNoIndex as a further item number part', () => {
    expect(r.position('1.01.0010.A')).toMatchObject({ gaebXmlId: 'I2', isLumpSum: true, unitTag: 'psch' });
  });

  it('maps Provis, HourIt, NotAppl, KeyIt, VAT and DiscountPcnt', () => {
    expect(r.position('1.01.0030')).toMatchObject({ positionType: 'Optional', priceType: 'WithTotal' });
    expect(r.position('1.01.0040')).toMatchObject({ positionType: 'Optional', priceType: 'WithoutTotal' });
    const hourly = r.position('1.01.0070');
    expect(hourly).toMatchObject({ serviceType: 'HourlyPaidWork', taxRate: 0.07, useDifferentTaxRate: true });
    const removed = r.position('1.01.0080');
    expect(removed).toMatchObject({ comissionStatus: 'Removed', isKeyItem: true, deductionFactor: 0.1, taxRate: 0.19 });
    expect(removed.useDifferentTaxRate).toBeUndefined(); // same rate as the BoQ
    expect(r.position('1.01.0010').positionType).toBeUndefined();
  });

  it('links alternatives to their base item even when the base comes later', () => {
    const alternate = r.position('1.01.0050');
    const base = r.position('1.01.0060');
    expect(base).toMatchObject({ alternativeGroupIdentifier: 1, alternativeIdentifier: 0 });
    expect(base.positionType).toBeUndefined();
    expect(alternate).toMatchObject({ positionType: 'Alternative', alternativeGroupIdentifier: 1, alternativeIdentifier: 1 });
    expect(typeof base.id).toBe('string');
    expect(alternate.alternativeTo).toBe(base.id);
  });

  it('resolves RefRNo to the referenced element id and RefPerfNo to the PerfDescr number', () => {
    expect(r.position('1.01.0080').repetitionTo).toBe(r.position('1.01.0010').id);
    expect(r.position('1.01.0050').executionDescriptionReference).toBe('7');
    const perf = r.all.find((e) => e.elementTypeDiscriminator === 'ExecutionDescriptionDto') as ExecutionDescriptionDto;
    expect(perf).toMatchObject({ gaebXmlId: 'PD1', identifier: '7', label: 'Anstrich' });
    expect(perf.blocks!.map((b) => b.htmlLongText)).toEqual(['<p><span>Untergrund reinigen.</span></p>', '<p><span>Zwei Anstriche.</span></p>']);
  });

  it('sets additionType from the text complements of long and short text', () => {
    expect(r.position('1.01.0090').additionType).toBe('ByBidder');
    expect(r.position('1.01.0090').shortText).toBe("Tür '....'");
    expect(r.position('1.01.0010').additionType).toBe('None');
  });

  it('keeps a short item number for an item under a skipped level and warns once', () => {
    expect(r.position('2.0010').gaebXmlId).toBe('I10');
    const skipped = r.messages.filter((m) => m.code === 'GAEB_SKIPPED_LEVEL');
    expect(skipped).toHaveLength(1);
    expect(skipped[0].severity).toBe('warning');
    expect(skipped[0].message).toContain('2.0010');
    expect(info.itemNumberSchema!.skipNonExistingLevelsInPositionItemNumbers).toBeUndefined();
  });
});

describe('readGaebXml: 3.2 request for offer (X83), pretty-printed', () => {
  const r = read(fixture('request-v32.x83'));
  const spec = r.project.serviceSpecifications![0];
  const info = r.project.projectInformation!;

  it('reads version, phase, project texts and award information', () => {
    expect(spec.originDetail).toBe('GAEB XML V3.2');
    expect(spec.exchangePhase).toBe('OfferRequest');
    expect(info.description).toBe('Zweifeldhalle\nmit Anbau');
    expect(info.bidderCommentAllowed).toBe(true);
    expect(info.sideOffersAllowed).toBe(false);
    expect(info.awardType).toBe('OpenProcurement');
    expect(spec.offerByDate).toBe('2026-02-10T10:30:00');
    expect(spec.submissionLocation).toBe('Rathaus, Zimmer 12');
    expect(spec.plannedExecutionStart).toBe('2026-04-01');
    expect(spec.plannedExecutionEnd).toBe('2026-10-30');
    expect(spec.warrantyDuration).toEqual({ duration: 6, unit: 'Months' });
    expect(info.buyer).toEqual({
      name: 'Gemeinde Beispiel\nHochbauamt', street: 'Hauptstraße 3', zipCode: '11111', city: 'Beispiel',
      country: 'DE', phone: '01 23', fax: '01 24', email: 'bau@beispiel.example',
    });
  });

  it('puts Award/AddText first as opening text and GAEB/AddText last as closing text', () => {
    const top = spec.elements!;
    const first = top[0] as NoteTextDto;
    const last = top[top.length - 1] as NoteTextDto;
    expect(first).toMatchObject({ elementTypeDiscriminator: 'NoteTextDto', isOpeningText: true, shortText: 'Bewerbungsbedingungen' });
    expect(first.htmlLongText).toBe('<p><span>Angebote sind schriftlich abzugeben.</span></p>');
    expect(last).toMatchObject({ isClosingText: true, shortText: 'Schlussbemerkung', htmlLongText: '<p><span>Ende des LV.</span></p>' });
    expect(top.slice(1, -1).every((e) => !(e as NoteTextDto).isOpeningText && !(e as NoteTextDto).isClosingText)).toBe(true);
  });

  it('drops indentation whitespace but keeps spaces inside paragraphs', () => {
    expect(r.group('01.').shortText).toBe('Erdarbeiten');
    expect(r.group('01.01.').shortText).toBe('Aushub');
    const p = r.position('01.01.10');
    expect(p.shortText).toBe('Aushub Baugrube');
    expect(p.htmlLongText).toBe('<p style="text-align:left;"><span style="font-size:10pt;">Baugrube ausheben,</span><span> </span><span>Tiefe bis 2 m.</span></p>');
    expect(p).toMatchObject({ quantityOverride: 950, unitTag: 'm³' });
  });

  it('maps QtyTBD, Description/OutlineText without CompleteText and QTakeoff rows', () => {
    const p = r.position('01.01.20');
    expect(p).toMatchObject({ amountToBeEnteredByBidder: true, unitTag: 't', shortText: 'Entsorgung' });
    expect(p.quantityOverride).toBeUndefined();
    expect(p.htmlLongText).toBeUndefined();
    expect(p.quantityComponents).toEqual([{ description: '0010001', formula: '12,5*3,2' }]);
  });

  it('maps SubDescr to subDescriptions and reports the dropped unit', () => {
    const p = r.position('01.01.30');
    expect(p.subDescriptions).toEqual([
      { identifier: '1', additionType: 'None', shortText: 'Ständer', htmlLongText: '<p><span>Ständerwerk</span></p>', quantityComponents: [{ formula: '4.500' }] },
    ]);
    expect(r.messages).toContainEqual(expect.objectContaining({ code: 'GAEB_SUBDESCR_UNIT_DROPPED', itemNumber: '01.01.30' }));
  });

  it('maps NotApplBoQ, Remark and MarkupItem, and reports CtlgAssign and STLBBau', () => {
    expect(r.group('02.').comissionStatus).toBe('Removed');
    const remark = r.group('01.').elements![0] as NoteTextDto;
    expect(remark).toMatchObject({ elementTypeDiscriminator: 'NoteTextDto', gaebXmlId: 'RM1', htmlLongText: '<p><span>Boden der Klasse 3–5.</span></p>' });
    const codes = r.messages.map((m) => `${m.code} ${m.itemNumber ?? ''}`);
    expect(codes).toEqual(expect.arrayContaining([
      'GAEB_CATALOG_ASSIGNMENT_DROPPED 01.01.10', 'GAEB_STANDARD_TEXT_DROPPED 01.01.10',
    ]));
    // A markup item is a complementing position (AVACloud 1.29+ fields), quantity 1.
    expect(r.all.find((e) => e.gaebXmlId === 'MK1')).toMatchObject({
      elementTypeDiscriminator: 'PositionDto', isComplementingPosition: true, gaebComplementingType: 'AllPreviousPositions', quantityOverride: 1,
      itemNumber: { stringRepresentation: '01.01.40' },
    });
  });
});

describe('readGaebXml: 3.0 (namespace 200407) with a bare Itemlist', () => {
  const r = read(fixture('request-v30-itemlist.x83'));
  const spec = r.project.serviceSpecifications![0];

  it('takes the version from GAEBInfo/Version and puts the items directly in the service specification', () => {
    expect(spec.originDetail).toBe('GAEB XML V3.0');
    expect(spec.exchangePhase).toBe('OfferRequest');
    expect(spec.elements!.map((e) => e.elementTypeDiscriminator)).toEqual(['NoteTextDto', 'PositionDto', 'PositionDto']);
    expect(r.position('1')).toMatchObject({ shortText: 'Wartung', htmlLongText: '<p><span>Wartung der Anlage</span></p>', quantityOverride: 12, unitTag: 'h' });
    expect(r.position('2')).toMatchObject({ shortText: 'Anfahrt', unitTag: 'psch' });
    expect(r.project.projectInformation!.itemNumberSchema!.tiers).toEqual([{ tierType: 'Position', length: 3, type: 'Numeric' }]);
    expect(r.project.projectInformation!.currencyShort).toBe('EUR');
    expect(r.messages.filter((m) => m.severity === 'warning')).toEqual([]);
  });
});
