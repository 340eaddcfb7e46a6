/**
 * The workbook's cell styles, each created once and shared by every cell that uses it (a style per cell would
 * add one `xf` record per cell to styles.xml; ECMA-376 Part 1 §18.8.45 cellXfs).
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
      if (look.wrap) style.style('wrapText', true).style('verticalAlignment', 'top');
      if (look.header) style.style('fill', 'D9D9D9').style('bottomBorder', true).style('verticalAlignment', 'center');
      this.styles.set(key, style);
    }
    return style;
  }
}
