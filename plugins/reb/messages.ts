/**
 * The conversion messages of the `reb` plugin (REB DA11 and GAEB DA XML X31 reader and writer): every code the
 * plugin reports, its severity and what it means for the user. The README's "Conversion messages" section is
 * generated from this object (`npm run docs:messages`).
 */
import { defineMessages, type MessageCode } from '../../core/pipeline/messages.js';

export const REB_MESSAGES = defineMessages({
  REB_SKELETON_PROJECT: { severity: 'info', meaning: 'A take-off holds no texts, units or prices: the project has numbered positions with quantity components only (merge it onto the bill of quantities by item number).' },
  REB_FORMULA_NOT_EVALUATED: { severity: 'warning', meaning: 'A formula number this gateway does not evaluate (only 00–05, 20, 30–32 and 91 are public), or an expression that cannot be read (unbalanced parentheses, unknown function, an address with no stored result): the line keeps its text, is marked invalid and is not summed.' },
  REB_FORMULA_UNTERMINATED: { severity: 'warning', meaning: "A free formula's last line does not end with '=': the file may be truncated; the lines read were evaluated." },
  REB_FORMULA_TOO_LONG: { severity: 'info', meaning: 'A free formula has more lines than its edition allows (20 in 2009, 6 in 1979); it was read whole.' },
  REB_QUANTITY_FROM_TAKEOFF: { severity: 'info', meaning: "The position's quantity is the REB sum of its take-off (helper, subtotal, total and comment lines not summed; REB functions evaluated), kept as quantityOverride because the components' plain sum differs." },
  REB_END_RECORD_MISSING: { severity: 'warning', meaning: 'A DA11 2009 file has no 99 end record: it may be truncated.' },
  REB_LINE_IGNORED: { severity: 'warning', meaning: 'A line that is no take-off record (not 00, 11 or 99, or after the end record) was not read.' },
  REB_CODE_PAGE: { severity: 'warning', meaning: 'The DA11 file is not CP850 but UTF-8 or Windows-1252 (ANSI), or the X31 document declared as UTF-8 (or declaring nothing) is Windows-1252 (its first byte beyond ASCII is not UTF-8); it was read in that code page.' },
  REB_TEXT_TRUNCATED: { severity: 'warning', meaning: 'An explanation longer than 9 characters, or a heading longer than 51 or an order number longer than 8 characters of the DA11 00 header (X31: a project name over 80, an order number over 40), was cut to fit (comments are wrapped onto more lines); reported once per field and item.' },
  REB_CHARACTER_REPLACED: { severity: 'warning', meaning: "Characters CP850 cannot hold (in an explanation, comment, formula, or the heading or order number of the 00 header) were replaced by their nearest spelling or '?'; reported once per field and item." },
  REB_FORMULA_NOT_EXPRESSIBLE: { severity: 'warning', meaning: "A formula REB's free formula (91) cannot hold as it is: a project formula REB would read to another value was written as its value; an expression naming a row address that no row written before it has (its row is written later, e.g. in another position, or nowhere) was written as the line's value read (unchanged, and then not evaluated, when it had none)." },
  REB_QUANTITY_WITHOUT_COMPONENTS: { severity: 'info', meaning: 'A position with a quantity but no quantity components was written as one free-formula line holding its quantity.' },
  REB_QUANTITY_DIFFERS: { severity: 'warning', meaning: "A position's quantity differs from the REB sum of its quantity components (a quantity override); the components were written, so the take-off gives their sum." },
  REB_ADDRESS_REALLOCATED: { severity: 'info', meaning: 'Row addresses of components did not ascend (or collided with LastRowAddress) and were allocated anew; the later expressions naming them were rewritten to the new addresses.' },
  REB_ELEMENT_DROPPED: { severity: 'info', meaning: 'A take-off has no place for texts, units, prices or groups; only item numbers and quantity components were written.' },
});

export type RebMessageCode = MessageCode<typeof REB_MESSAGES>;
