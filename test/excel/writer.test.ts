/**
 * The excel writer's layout on a project built here: localised headers and sheet names, columns by option,
 * hidden id column, totals as formulas whose cached values equal the recalculation, outline by level, frozen
 * header, auto filter, print titles, markers of alternative, optional and lump-sum positions, long cell texts.
 */
import { describe, expect, it } from 'vitest';
import type { Sheet } from 'xlsx-populate';
import { prepareProject } from '../../core/model/index.js';
import { isGroup, isPosition, type ElementDto, type ProjectDto } from '../../core/model/types.js';
import { embeddedProject, PROJECT_SHEET } from '../../plugins/excel/embedded.js';
import { readWorkbook } from '../../plugins/excel/reader/workbook.js';
import { openWorkbook, positions, sampleProject, toAva, toExcel, zipPart } from './support.js';

/** Column letter by header text of row 1. */
function columns(sheet: Sheet): Record<string, number> {
  const out: Record<string, number> = {};
  for (let c = 1; c <= 20; c++) {
    const v = sheet.cell(1, c).value();
    if (typeof v === 'string') out[v] = c;
  }
  return out;
}

function elementsByNumber(project: ProjectDto): Map<string, ElementDto> {
  const map = new Map<string, ElementDto>();
  const walk = (list: ElementDto[] | undefined) => {
    for (const e of list ?? []) {
      const n = (e as { itemNumber?: { stringRepresentation?: string } }).itemNumber?.stringRepresentation;
      if (n) map.set(n, e);
      if (isGroup(e)) walk(e.elements);
    }
  };
  for (const s of project.serviceSpecifications ?? []) walk(s.elements);
  return map;
}

describe('excel writer', () => {
  it.each([
    ['en', 'Position (optional, removed)', 'Position (2.5 % deduction, deduction 10)', 'Group (removed)'],
    ['de', 'Position (Bedarfsposition, entfällt)', 'Position (2,5 % Abzug, Abzug 10)', 'Titel (entfällt)'],
  ])('names removed elements and deductions in the kind column (%s)', async (culture, removed, deducted, group) => {
    const project = sampleProject();
    const [, , , , slab, pump] = positions(project);
    pump.comissionStatus = 'Removed';
    Object.assign(slab, { deductionFactor: 0.025, absoluteDeduction: 10 });
    (project.serviceSpecifications![0].elements![2] as { comissionStatus?: string }).comissionStatus = 'Removed';
    const sheet = (await openWorkbook((await toExcel(project, { ConversionCulture: culture })).bytes)).sheet(0)!;
    expect([sheet.cell(11, 2).value(), sheet.cell(10, 2).value(), sheet.cell(9, 2).value()]).toEqual([removed, deducted, group]);
  });

  it('writes the BoQ in document order with localised headers, a hidden id column and marked positions (de)', async () => {
    const { bytes } = await toExcel(sampleProject(), { ConversionCulture: 'de' });
    const wb = await openWorkbook(bytes);
    expect(wb.sheets().map((s) => [s.name(), s.hidden()])).toEqual([['Rohbau', false], ['ava-project', 'very']]);
    const sheet = wb.sheet('Rohbau')!;
    const col = columns(sheet);
    expect(Object.keys(col)).toEqual(['OZ', 'Art', 'Kurztext', 'Langtext', 'Menge', 'Einheit', 'Einheitspreis', 'Gesamtpreis', 'ID', 'Counted total', 'Level']);
    const rows = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((r) => [sheet.cell(r, col.OZ).value(), sheet.cell(r, col.Art).value(), sheet.cell(r, col.Kurztext).value()]);
    expect(rows).toEqual([
      [undefined, 'Hinweis', 'Vorbemerkung'],
      ['01.', 'Titel', 'Erdarbeiten'],
      ['01.01.', 'Titel (3 % Abzug)', 'Aushub'],
      ['01.01.0010', 'Position', 'Oberboden abtragen'],
      ['01.01.0020', 'Position (10 % Abzug)', 'Baugrube ausheben'],
      ['01.01.0030', 'Position (Alternativposition)', 'Baugrube (Alternative)'],
      ['01.0010', 'Position (Pauschal)', 'Wasserhaltung'],
      ['02.', 'Titel', 'Beton'],
      ['02.0010', 'Position', 'Bodenplatte C25/30'],
      ['02.0020', 'Position (Bedarfsposition)', 'Pumpe vorhalten'],
    ]);
    expect(sheet.cell(12, col.Kurztext).value()).toBe('Summe');
    expect(sheet.cell(10, col.Langtext).value()).toBe('Bodenplatte\nd = 25 cm');
    expect(sheet.column(col.ID).hidden()).toBe(true);
    expect(sheet.column(col.OZ).hidden()).toBe(false);
    expect(typeof sheet.cell(5, col.ID).value()).toBe('string');
    // Bold groups, indented texts, muted alternatives.
    expect(sheet.cell(3, col.Kurztext).style('bold')).toBe(true);
    expect(sheet.cell(5, col.Kurztext).style('indent')).toBe(2);
    expect(sheet.cell(7, col.Kurztext).style('italic')).toBe(true);
    // One font everywhere: styled cells name the workbook's default font (an empty <font/> is filled with each
    // program's own default, LibreOffice's a 10 pt serif), plain cells use the default style itself.
    for (const [r, c] of [[3, col.Kurztext], [5, col.Kurztext], [7, col.Kurztext], [10, col.Menge], [10, col.Gesamtpreis], [1, col.OZ]]) {
      expect([sheet.cell(r, c).style('fontFamily'), sheet.cell(r, c).style('fontSize')], `row ${r}, column ${c}`).toEqual(['Calibri', 11]);
    }
    const fonts = [...zipPart(bytes, 'xl/styles.xml')!.matchAll(/<font\b[^>]*?(?:\/>|>([\s\S]*?)<\/font>)/g)];
    expect(fonts.length).toBeGreaterThan(1);
    expect(fonts.filter((f) => !/<name val="Calibri"\/>/.test(f[1] ?? '') || !/<sz val="11"\/>/.test(f[1] ?? ''))).toEqual([]);
    expect(zipPart(bytes, 'xl/worksheets/sheet1.xml')).toMatch(/<c r="A6" t="s">/);
  });

  it('writes totals as formulas whose cached values equal the recalculation', async () => {
    const project = sampleProject();
    const expected = prepareProject(structuredClone(project));
    const { bytes } = await toExcel(project);
    const wb = await openWorkbook(bytes);
    const sheet = wb.sheet(0)!;
    const col = columns(sheet);
    expect(col['Item no.']).toBe(1);
    const byNumber = elementsByNumber(expected);
    let checked = 0;
    for (let r = 2; r <= 11; r++) {
      const e = byNumber.get(sheet.cell(r, 1).value() as string);
      if (!e || (!isPosition(e) && !isGroup(e))) continue;
      expect(sheet.cell(r, col.Total).formula(), `row ${r}`).toBeTruthy();
      expect(sheet.cell(r, col.Total).value(), `row ${r}`).toBe(e.totalPrice);
      const counts = !(isPosition(e) && e.positionType === 'Alternative');
      expect(sheet.cell(r, col['Counted total']).value(), `row ${r}`).toBe(counts ? e.deductedPrice : undefined);
      checked++;
    }
    expect(checked).toBe(9);
    expect(sheet.cell(5, col.Quantity).formula()).toBe('(12.5*8)+(4*2.25)');
    expect(sheet.cell(5, col.Quantity).value()).toBe(109);
    expect(sheet.cell(5, col.Total).formula()).toBe('ROUND(E5*G5,2)');
    expect(sheet.cell(4, col.Total).formula()).toBe('SUMIFS(J5:J7,K5:K7,2)');
    expect(sheet.cell(4, col['Counted total']).formula()).toBe('ROUND(H4*(1-0.03),2)');
    expect(sheet.cell(12, col.Total).formula()).toBe('SUMIFS(J2:J11,K2:K11,0)');
    expect(sheet.cell(12, col.Total).value()).toBe(expected.serviceSpecifications![0].totalPrice);
  });

  it('groups rows in an outline by level, freezes the header, filters, prints the header on every page, one page wide, with the page count in the footer', async () => {
    const { bytes } = await toExcel(sampleProject());
    const xml = zipPart(bytes, 'xl/worksheets/sheet1.xml')!;
    const levels = [...xml.matchAll(/<row ([^>]*)>/g)].map((m) => [Number(/r="(\d+)"/.exec(m[1])![1]), Number(/outlineLevel="(\d)"/.exec(m[1])?.[1] ?? 0)]);
    expect(levels.slice(0, 11)).toEqual([[1, 0], [2, 0], [3, 0], [4, 1], [5, 2], [6, 2], [7, 2], [8, 1], [9, 0], [10, 1], [11, 1]]);
    expect(xml).toContain('<sheetPr><outlinePr summaryBelow="0"/><pageSetUpPr fitToPage="1"/></sheetPr>');
    // the sheet's name on the left of the footer, the page count on the right
    expect(xml).toMatch(/<pageMargins [^>]*\/><pageSetup paperSize="9" orientation="landscape" fitToWidth="1" fitToHeight="0"\/><headerFooter><oddFooter>&amp;L&amp;A&amp;RPage &amp;P of &amp;N<\/oddFooter><\/headerFooter><\/worksheet>$/);
    const pane = /<pane ([^>]*)\/>/.exec(xml)![1];
    expect(pane).toContain('state="frozen"');
    expect(pane).toContain('ySplit="1"');
    expect(xml).toMatch(/<autoFilter ref="A1:H12"\/>/);
    const book = zipPart(bytes, 'xl/workbook.xml')!;
    expect(book).toMatch(/<definedName name="_xlnm.Print_Titles" localSheetId="\d">'Rohbau'!\$1:\$1<\/definedName>/);
    expect(book).not.toContain('absPath'); // the library template's folder is not sent along
  });

  it('leaves out prices (WritePrices=false) and long texts (WriteLongTexts=false), also in the embedded project', async () => {
    const { bytes } = await toExcel(sampleProject(), { WritePrices: false, WriteLongTexts: false, ConversionCulture: 'fr' });
    const wb = await openWorkbook(bytes);
    expect(Object.keys(columns(wb.sheet(0)!))).toEqual(['N° de poste', 'Type', 'Texte court', 'Quantité', 'Unité', 'ID']);
    const embedded = JSON.stringify(embeddedProject(readWorkbook(bytes).find((s) => s.name === PROJECT_SHEET)!.cells()));
    expect(embedded).toContain('Oberboden abtragen');
    expect(embedded).not.toContain('unitPrice');
    expect(embedded).not.toContain('30 cm abtragen');
  });

  it.each([
    ['en', 'Item no.', 'Total'], ['de', 'OZ', 'Summe'], ['fr', 'N° de poste', 'Total'], ['it', 'N. voce', 'Totale'],
    ['es', 'N.º partida', 'Total'], ['xx', 'Item no.', 'Total'], ['de-AT', 'OZ', 'Summe'],
  ])('ConversionCulture %s: headers and total row in its language (unknown cultures fall back to en)', async (culture, first, total) => {
    const { bytes } = await toExcel(sampleProject(), { ConversionCulture: culture });
    const sheet = (await openWorkbook(bytes)).sheet(0)!;
    expect(sheet.cell(1, 1).value()).toBe(first);
    expect(sheet.cell(12, 3).value()).toBe(total);
  });

  it('writes an overview sheet whose totals refer to each specification sheet', async () => {
    const project = sampleProject();
    const second = structuredClone(project.serviceSpecifications![0]);
    second.name = 'Rohbau';
    project.serviceSpecifications!.push(second);
    const { bytes } = await toExcel(project, { ConversionCulture: 'it' });
    const wb = await openWorkbook(bytes);
    expect(wb.sheets().map((s) => s.name())).toEqual(['Riepilogo', 'Rohbau', 'Rohbau (2)', 'ava-project']);
    const overview = wb.sheet('Riepilogo')!;
    expect(overview.cell(2, 2).formula()).toBe("'Rohbau'!H12");
    expect(overview.cell(3, 2).formula()).toBe("'Rohbau (2)'!H12");
    expect(overview.cell(4, 2).value()).toBe((overview.cell(2, 2).value() as number) * 2);
  });

  it('writes a posted project without service specification as one BoQ sheet of column headers and a zero total', async () => {
    const project = sampleProject();
    project.serviceSpecifications = [];
    const { bytes } = await toExcel(project, { ConversionCulture: 'de' });
    const wb = await openWorkbook(bytes);
    expect(wb.sheets().map((s) => s.name())).toEqual([project.projectInformation!.name, 'ava-project']);
    const sheet = wb.sheet(0)!;
    expect([1, 2, 3].map((c) => sheet.cell(1, c).value())).toEqual(['OZ', 'Art', 'Kurztext']);
    expect([sheet.cell(2, 3).value(), sheet.cell(2, 8).value(), sheet.usedRange()!.endCell().rowNumber()]).toEqual(['Summe', 0, 2]);
    // read back, it is a workbook without BoQ content, as any empty one
    await expect(toAva(bytes)).rejects.toThrow(/holds no BoQ content/);
  });

  it('shortens a text over 32,767 characters to the cell limit and says so', async () => {
    const project = sampleProject();
    const long = 'Beton '.repeat(6000);
    (project.serviceSpecifications![0].elements![2] as { elements: { longText?: string }[] }).elements[0].longText = long;
    const { bytes, messages } = await toExcel(project);
    const sheet = (await openWorkbook(bytes)).sheet(0)!;
    expect(String(sheet.cell(10, 4).value()).length).toBe(32_767);
    expect(messages).toContainEqual(expect.objectContaining({ code: 'EXCEL_TEXT_SHORTENED', severity: 'warning', itemNumber: '02.0010', source: 'excel' }));
  });

  it('escapes the control characters XML cannot hold (ST_Xstring) and reads them back, also from the sheet alone', async () => {
    const project = sampleProject();
    const slab = (project.serviceSpecifications![0].elements![2] as { elements: { shortText?: string; longText?: string }[] }).elements[0];
    slab.shortText = 'Bodenplatte\fC25/30\u0001';
    slab.longText = 'Literally _x0041_, not A.';
    const { bytes } = await toExcel(project, { WritePrices: false });
    const strings = zipPart(bytes, 'xl/sharedStrings.xml')!;
    expect(strings).not.toMatch(/[\x00-\x08\x0B\x0C\x0E-\x1F]/);
    expect(strings).toContain('Bodenplatte_x000C_C25/30_x0001_');
    expect(strings).toContain('Literally _x005F_x0041_, not A.');
    const wb = await openWorkbook(bytes);
    wb.deleteSheet('ava-project');
    for (const xlsx of [bytes, await wb.outputAsync()]) {
      const p = positions((await toAva(xlsx)).project).find((x) => (x.itemNumber as { stringRepresentation: string }).stringRepresentation === '02.0010');
      expect(p).toMatchObject({ shortText: 'Bodenplatte\fC25/30\u0001', longText: 'Literally _x0041_, not A.' });
    }
  });
});
