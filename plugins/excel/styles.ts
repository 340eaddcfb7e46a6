/**
 * The workbook's cell styles, each created once and shared by every cell that uses it (a style per cell would
 * add one `xf` record per cell to styles.xml; ECMA-376 Part 1 §18.8.45 cellXfs). Every cell but the header's is
 * aligned to the top of its row: a row grows with its wrapped texts, and its item number, short text, quantity and
 * prices stay beside the long text's first line, as a printed bill of quantities shows them.
 */
import type { Style, Workbook } from 'xlsx-populate';

/** What a cell looks like: bold (groups, header), italic and grey (alternatives, optional positions), indent … */
export interface Look {
  bold?: boolean;
  /** Alternative and optional positions: shown in italics and grey. */
  muted?: boolean;
  indent?: number;
  numberFormat?: string;
  wrap?: boolean;
  header?: boolean;
}

/**
 * Whether a look is the workbook's default (no formatting): such a cell is written without a style of its own
 * (no `s` attribute: cellXfs record 0, the template's Calibri 11), which costs the library one call less per cell.
 */
export const isPlainLook = (look: Look): boolean =>
  !look.bold && !look.muted && !look.indent && !look.numberFormat && !look.wrap && !look.header;

export class StylePalette {
  private readonly styles = new Map<string, Style>();

  constructor(private readonly workbook: Workbook) {}

  /** The shared style of a look. */
  get(look: Look): Style {
    const key = `${look.bold ? 1 : 0}|${look.muted ? 1 : 0}|${look.indent ?? 0}|${look.numberFormat ?? ''}|${look.wrap ? 1 : 0}|${look.header ? 1 : 0}`;
    let style = this.styles.get(key);
    if (!style) {
      style = this.workbook.styleSheet().createStyle();
      // The library gives a new style an empty <font/>, which spreadsheet programs fill with their own default
      // (LibreOffice: a 10 pt serif) instead of the workbook's: the template's default font (its styles.xml
      // font 0: Calibri 11, the theme's minor font) is named, so that styled and plain cells look alike everywhere.
      style.style('fontFamily', 'Calibri').style('fontSize', 11).style('fontGenericFamily', 2).style('fontScheme', 'minor');
      if (look.bold || look.header) style.style('bold', true);
      if (look.muted) style.style('italic', true).style('fontColor', '808080');
      if (look.indent) style.style('indent', look.indent).style('horizontalAlignment', 'left');
      if (look.numberFormat) style.style('numberFormat', look.numberFormat);
      if (look.wrap) style.style('wrapText', true);
      if (look.header) style.style('fill', 'D9D9D9').style('bottomBorder', true).style('verticalAlignment', 'center');
      else style.style('verticalAlignment', 'top');
      this.styles.set(key, style);
    }
    return style;
  }
}

/** The first format record of the cell style formats and of the cell formats, as the library's template writes them. */
const FIRST_XF = /(<(?:cellStyleXfs|cellXfs)\b[^>]*>\s*<xf\b)([^>]*?)(\/>|>)/g;

/**
 * styles.xml with the default cell format aligned to the top (`<alignment vertical="top"/>`, ECMA-376 Part 1
 * §18.8.1, with `applyAlignment`), which xlsx-populate has no API for: record 0 of `cellXfs` (§18.8.10), which the
 * cells written without a style use ({@link isPlainLook}), and record 0 of `cellStyleXfs` (§18.8.9), the "Normal"
 * cell style it derives from — LibreOffice Calc takes the alignment of a cell without a style from the latter. A
 * record that already has child elements is left as it is.
 */
export function withTopAlignedDefault(stylesXml: string): string {
  return stylesXml.replace(FIRST_XF, (all, start: string, attributes: string, end: string) =>
    end === '/>' && !/applyAlignment/.test(attributes) ? `${start}${attributes} applyAlignment="1"><alignment vertical="top"/></xf>` : all);
}
