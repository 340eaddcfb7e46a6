/**
 * The conversion messages of the `excel` plugin (xlsx reader and writer): every code it reports, its severity and
 * what it means for the user. The README's "Conversion messages" section is generated from this object
 * (`npm run docs:messages`).
 */
import { defineMessages, type MessageCode } from '../../core/pipeline/messages.js';

export const EXCEL_MESSAGES = defineMessages({
  // writer
  EXCEL_TEXT_SHORTENED: { severity: 'warning', meaning: 'A text longer than a cell can hold (32,767 characters) was shortened.' },
  EXCEL_QUANTITY_FORMULA_AS_VALUE: { severity: 'info', meaning: "A position's quantity components are not plain arithmetic (or have more than three decimals); the quantity was written as a number, not as a formula." },

  // reader
  EXCEL_ROWS_IGNORED: { severity: 'warning', meaning: 'Rows that no element id or item number of the workbook identifies were ignored (ReadNewElements is false).' },
  EXCEL_CHANGE_REFUSED: { severity: 'warning', meaning: "A row of a bidder's round (ReadNewElements is false) changes what a bidder may not: an item number, a unit, the quantity of a position that does not ask the bidder for it (amountToBeEnteredByBidder), or a text other than by adding to it; the tender's value was kept." },
  EXCEL_NEW_ELEMENT: { severity: 'info', meaning: 'A row without an element id was read as a new element where it stands (ReadNewElements).' },
  EXCEL_QUANTITY_FORMULA_VALUE: { severity: 'info', meaning: 'A quantity cell holds a formula that is more than arithmetic on numbers; its cached value was read as the quantity.' },
  EXCEL_INVALID_NUMBER: { severity: 'warning', meaning: 'A cell that must hold a number holds text that is not one; it was ignored.' },
  EXCEL_SHEET_SKIPPED: { severity: 'info', meaning: 'A sheet without a recognisable header row was skipped.' },
  EXCEL_PROJECT_NOT_EMBEDDED: { severity: 'info', meaning: 'The workbook holds no project written by the gateway; the sheets alone were read, every row as an element.' },
  EXCEL_ITEM_NUMBER_SCHEMA_REBUILT: { severity: 'info', meaning: 'After new elements (RebuildItemNumberSchema), the element was numbered or renumbered to fit the item number schema; without an item number, the schema was made, or a tier added or widened.' },
});

export type ExcelMessageCode = MessageCode<typeof EXCEL_MESSAGES>;
