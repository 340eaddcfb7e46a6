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
  EXCEL_CHANGE_REFUSED: { severity: 'warning', meaning: "A row of a bidder's round (ReadNewElements is false) changes what a bidder may not: an item number, a unit, the quantity of a position that does not ask the bidder for it (amountToBeEnteredByBidder), or a text other than by adding to it; or an element's row was deleted. The tender's value (or element) was kept." },
  EXCEL_ROW_REPEATED: { severity: 'warning', meaning: "A row identifies an element another row already stands for (a row copied with its hidden id, or an item number repeated); it was read as a new element (ReadNewElements) or ignored, never merged into the other row's element." },
  EXCEL_ELEMENT_REMOVED: { severity: 'warning', meaning: "An element's row was deleted from its sheet (ReadNewElements): the element was removed — a group with the elements it held; a group whose elements still have rows was kept." },
  EXCEL_HEADER_NOT_RECOGNISED: { severity: 'warning', meaning: 'Header cells of a sheet name no column the reader knows (or a column named before); their columns were not read.' },
  EXCEL_DUPLICATE_ITEM_NUMBER: { severity: 'warning', meaning: 'An item number stands in more than one row of a sheet (numbers typed as numbers lose trailing zeros unless their number format keeps them: 1.10 reads as 1.1).' },
  EXCEL_TOTAL_MISMATCH: { severity: 'warning', meaning: "A row's stated total (GP) differs from quantity × unit price as recalculated (rounded to the price accuracy); the recalculated total was taken." },
  EXCEL_NEW_ELEMENT: { severity: 'info', meaning: 'A row without an element id was read as a new element where it stands (ReadNewElements).' },
  EXCEL_QUANTITY_FORMULA_VALUE: { severity: 'info', meaning: 'A quantity cell holds a formula that is more than arithmetic on numbers; its cached value was read as the quantity.' },
  EXCEL_INVALID_NUMBER: { severity: 'warning', meaning: 'A cell that must hold a number holds text that is not one (see the Excel section for the notation read) or an error value (#DIV/0!, #N/A …); it was ignored.' },
  EXCEL_SHEET_SKIPPED: { severity: 'info', meaning: 'A sheet without a recognisable header row was skipped.' },
  EXCEL_PROJECT_NOT_EMBEDDED: { severity: 'info', meaning: 'The workbook holds no project written by the gateway; the sheets alone were read, every row as an element.' },
  EXCEL_ITEM_NUMBER_SCHEMA_REBUILT: { severity: 'info', meaning: 'After new elements (RebuildItemNumberSchema), the element was numbered or renumbered to fit the item number schema; without an item number, the schema was made, or a tier added or widened.' },
});

export type ExcelMessageCode = MessageCode<typeof EXCEL_MESSAGES>;
