/**
 * Rows as high as their wrapped texts (plugins/excel/row-height.ts) and every cell aligned to the top of its row
 * (styles.ts): the line estimate, and what a written workbook holds — `ht` without `customHeight` on the rows whose
 * long or kind text takes several lines, none on the others, top alignment in the default and the palette's formats.
 * That LibreOffice then shows every word is in libreoffice.test.ts and test/corpus/excel-print.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { ProjectDto } from '../../core/model/types.js';
import { LINE_HEIGHT_POINTS, MAX_ROW_HEIGHT_POINTS, rowHeightPoints, wrappedLineCount } from '../../plugins/excel/row-height.js';
import { completeSheetXml, SheetAdditions } from '../../plugins/excel/sheet-parts.js';
import { withTopAlignedDefault } from '../../plugins/excel/styles.js';
import { openWorkbook, toExcel, zipPart } from './support.js';

describe('wrappedLineCount', () => {
  it.each([
    ['a short text', 40, 1],
    ['', 40, 1],
    // 'abcdefghi' is 9 widths; with the cell's margin a 10-wide column holds one such word a line
    ['abcdefghi abcdefghi', 10, 2],
    ['abcdefghi abcdefghi', 21, 1],
    // each line break starts a line, an empty paragraph takes one
    ['one\ntwo\n\nfour', 40, 4],
    // a word longer than a line is broken over the lines it fills
    ['x'.repeat(95), 11, 10],
    // capitals are wider than the digit the width is counted in, narrow letters and spaces narrower
    ['ABCDEFGHKN ABCDEFGHKN', 25, 2],
    ['iiiiiiiiii iiiiiiiiii', 15, 1],
  ])('%j in a column %d wide: %d lines', (text, width, lines) => {
    expect(wrappedLineCount(text, width)).toBe(lines);
  });

  it('grows with the text and shrinks with a wider column', () => {
    const text = 'Stahlbetonwand aus Ortbeton herstellen, einschließlich Schalung und Bewehrung. '.repeat(12);
    expect(wrappedLineCount(text, 40)).toBeGreaterThan(wrappedLineCount(text, 80));
    expect(wrappedLineCount(text + text, 80)).toBeGreaterThanOrEqual(2 * wrappedLineCount(text, 80) - 1);
  });
});

describe('rowHeightPoints', () => {
  it('one line keeps the default height, more lines take 15 pt each, up to the highest row Excel allows', () => {
    expect(rowHeightPoints(1)).toBeUndefined();
    expect(rowHeightPoints(2)).toBe(2 * LINE_HEIGHT_POINTS);
    expect(rowHeightPoints(7)).toBe(7 * LINE_HEIGHT_POINTS);
    expect(rowHeightPoints(1000)).toBe(MAX_ROW_HEIGHT_POINTS);
  });

  it('is written as ht without customHeight, beside the outline level', () => {
    const a = new SheetAdditions();
    a.outlineLevel(3, 2);
    a.rowHeight(3, 45);
    a.rowHeight(4, 30);
    const xml = completeSheetXml('<worksheet><sheetData><row r="2"/><row r="3"><c r="A3"/></row><row r="4"/></sheetData></worksheet>', a);
    expect(xml).toBe('<worksheet><sheetData><row r="2"/><row r="3" outlineLevel="2" ht="45"><c r="A3"/></row><row r="4" ht="30"/></sheetData></worksheet>');
  });
});

describe('a written workbook', () => {
  const paragraph = 'Mauerwerk der Innenwand aus Kalksandstein KS 12-2,0 herstellen, Mörtelgruppe IIa, Wanddicke 17,5 cm. ';
  const project = (): ProjectDto => ({
    priceAccuracy: 2,
    serviceSpecifications: [{
      name: 'Rohbau',
      elements: [1, 2, 6, 40, 400].map((n, i) => ({
        elementTypeDiscriminator: 'PositionDto', itemNumber: { stringRepresentation: `0${i + 1}` }, shortText: `Position ${i + 1}`,
        longText: n === 1 ? 'Kurz.' : paragraph.repeat(n).trim(), unitTag: 'm2', quantityOverride: 10, unitPriceOverride: 1,
      })),
    }],
  });

  it('gives the rows of multi-line long texts a height growing with the text, which a spreadsheet program may fit again', async () => {
    const { bytes } = await toExcel(project());
    const xml = zipPart(bytes, 'xl/worksheets/sheet1.xml')!;
    const rows = new Map([...xml.matchAll(/<row r="(\d+)"([^>]*)>/g)].map((m) => [Number(m[1]), m[2]]));
    const height = (r: number) => Number(/ht="([\d.]+)"/.exec(rows.get(r) ?? '')?.[1] ?? 0);
    expect(height(1)).toBe(0); // header
    expect(height(2)).toBe(0); // "Kurz.": one line, the default height
    expect(height(3)).toBeGreaterThanOrEqual(2 * LINE_HEIGHT_POINTS);
    expect(height(4)).toBeGreaterThan(height(3));
    expect(height(5)).toBeGreaterThan(height(4));
    expect(height(6)).toBe(MAX_ROW_HEIGHT_POINTS); // more text than the highest row shows
    expect(xml).not.toContain('customHeight');
  });

  it('wraps a kind text longer than its column, and the row grows with it', async () => {
    const p = project();
    // "Position (Alternativposition, Pauschal)": 39 characters, the kind column is at most 30 wide
    Object.assign(p.serviceSpecifications![0].elements![0], { positionType: 'Alternative', isLumpSum: true });
    const { bytes } = await toExcel(p, { ConversionCulture: 'de' });
    const sheet = (await openWorkbook(bytes)).sheet(0)!;
    expect(sheet.cell(2, 2).value()).toBe('Position (Alternativposition, Pauschal)');
    expect(sheet.cell(2, 2).style('wrapText')).toBe(true);
    expect(sheet.cell(2, 4).value()).toBe('Kurz.'); // its long text takes one line
    const row = /<row r="2"([^>]*)>/.exec(zipPart(bytes, 'xl/worksheets/sheet1.xml')!)![1];
    expect(row).toContain(`ht="${2 * LINE_HEIGHT_POINTS}"`);
  });

  it('aligns every cell but the header to the top of its row', async () => {
    const { bytes } = await toExcel(project());
    const styles = zipPart(bytes, 'xl/styles.xml')!;
    const cellXfs = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)![1];
    const records = [...cellXfs.matchAll(/<xf\b[^>]*?(?:\/>|>[\s\S]*?<\/xf>)/g)].map((m) => m[0]);
    expect(records.length).toBeGreaterThan(3);
    const header = records.filter((r) => r.includes('vertical="center"'));
    expect(header).toHaveLength(1);
    expect(records.filter((r) => !r.includes('vertical="top"'))).toEqual(header);
    expect(/<cellStyleXfs\b[^>]*>\s*<xf\b[^>]*applyAlignment="1"><alignment vertical="top"\/><\/xf>/.test(styles)).toBe(true);
  });

  it('the default formats are changed only where they have no alignment of their own', () => {
    const xml = '<cellStyleXfs count="1"><xf numFmtId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" xfId="0"/><xf numFmtId="1"/></cellXfs>';
    expect(withTopAlignedDefault(xml)).toBe('<cellStyleXfs count="1"><xf numFmtId="0" applyAlignment="1"><alignment vertical="top"/></xf></cellStyleXfs>'
      + '<cellXfs count="2"><xf numFmtId="0" xfId="0" applyAlignment="1"><alignment vertical="top"/></xf><xf numFmtId="1"/></cellXfs>');
    const aligned = '<cellXfs><xf numFmtId="0"><alignment vertical="center"/></xf></cellXfs>';
    expect(withTopAlignedDefault(aligned)).toBe(aligned);
  });
});
