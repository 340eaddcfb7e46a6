/**
 * The part of the `xlsx-populate` 1.21 API (https://github.com/dtjohnson/xlsx-populate, README "API Reference")
 * the `excel` plugin uses; the package ships no types and no `@types` package exists.
 */
declare module 'xlsx-populate' {
  export type CellValue = string | number | boolean | Date | undefined | null | { text(): string };

  export interface Style {
    style(name: string): unknown;
    style(name: string, value: unknown): Style;
  }

  export interface StyleSheet {
    createStyle(sourceStyleId?: number): Style;
  }

  export interface Cell {
    value(): CellValue;
    value(value: CellValue): Cell;
    formula(): string | undefined;
    formula(formula: string): Cell;
    style(name: string): unknown;
    style(style: Style): Cell;
    style(name: string, value: unknown): Cell;
    style(values: Record<string, unknown>): Cell;
    address(opts?: { includeSheetName?: boolean; rowAnchored?: boolean; columnAnchored?: boolean }): string;
    rowNumber(): number;
    columnNumber(): number;
  }

  export interface Row {
    cell(column: number | string): Cell;
    hidden(): boolean;
    hidden(hidden: boolean): Row;
    height(height: number): Row;
    rowNumber(): number;
  }

  export interface Column {
    width(): number | undefined;
    width(width: number): Column;
    hidden(): boolean;
    hidden(hidden: boolean): Column;
    style(style: Style): Column;
  }

  export interface Range {
    address(opts?: { includeSheetName?: boolean; anchored?: boolean }): string;
    startCell(): Cell;
    endCell(): Cell;
  }

  export interface Sheet {
    name(): string;
    name(name: string): Sheet;
    cell(row: number, column: number): Cell;
    cell(address: string): Cell;
    row(row: number): Row;
    column(column: number | string): Column;
    range(startRow: number, startColumn: number, endRow: number, endColumn: number): Range;
    usedRange(): Range | undefined;
    hidden(): boolean | 'very';
    hidden(hidden: boolean | 'very'): Sheet;
    autoFilter(range?: Range): Sheet;
    freezePanes(xSplit: number, ySplit: number): Sheet;
    definedName(name: string, refersTo: string): Sheet;
    forEachExistingRow(callback: (row: Row, rowNumber: number) => void): Sheet;
    tabSelected(selected: boolean): Sheet;
  }

  export interface Workbook {
    sheets(): Sheet[];
    sheet(nameOrIndex: string | number): Sheet | undefined;
    addSheet(name: string, indexOrBeforeSheet?: number | string | Sheet): Sheet;
    deleteSheet(sheet: Sheet | string | number): Workbook;
    activeSheet(sheet: Sheet | string | number): Workbook;
    styleSheet(): StyleSheet;
    outputAsync(opts?: { type?: 'nodebuffer'; password?: string }): Promise<Buffer>;
  }

  const XlsxPopulate: {
    fromBlankAsync(): Promise<Workbook>;
    fromDataAsync(data: Buffer | Uint8Array, opts?: { password?: string }): Promise<Workbook>;
  };
  export default XlsxPopulate;
}
