/**
 * The conversion messages of the `sia` plugin (SIA 451 reader and writer): every code the plugin reports, its
 * severity and what it means for the user. The report helper accepts only these codes ({@link SiaMessageCode}),
 * and the README's "Conversion messages" section is generated from this object (`npm run docs:messages`).
 */
import { defineMessages, type MessageCode } from '../../core/pipeline/messages.js';

export const SIA_MESSAGES = defineMessages({
  SIA_RECORD_COUNT_MISMATCH: { severity: 'warning', meaning: 'The record count of the Z trailer differs from the records in the file: the file may be incomplete or edited.' },
  SIA_RECORD_DROPPED: { severity: ['info', 'warning'], meaning: 'Records the model has no place for (reserve records, BKP outlines, conditions, unknown G record types) were not read.' },
  SIA_INVALID_NUMBER: { severity: 'warning', meaning: 'A quantity, price or percentage field holds something else than digits and was ignored.' },
  SIA_ITEM_NUMBER_CHANGED: { severity: 'info', meaning: 'An item number does not map onto an NPK chapter and 6-digit position number; the written chapter or position number differs.' },
  SIA_CHARACTER_REPLACED: { severity: 'warning', meaning: 'Characters CP850 cannot hold were replaced by their nearest spelling or \'?\'.' },
  SIA_TEXT_TRUNCATED: { severity: 'warning', meaning: 'A text does not fit the 30-character text records (a word longer than 30 characters was split, or more than 99 lines) or a unit longer than 2 characters was shortened.' },
  SIA_ELEMENT_DROPPED: { severity: 'warning', meaning: 'An element SIA 451 has no record for (a note text not opening a group, a group nested deeper than chapter and heading, a second service specification) was not written.' },
  SIA_DISCOUNT_DROPPED: { severity: 'warning', meaning: 'Discounts of positions, groups or the BoQ (GAEB DiscountPcnt, DiscountAmt, TotalLSUM) have no field in a SIA 451 G record: they were not written, and a receiver computes the totals without them. The message names the discounted elements and both BoQ totals.' },
  SIA_ITEM_KIND_DROPPED: { severity: 'warning', meaning: 'Positions of an item kind a SIA 451 G record has no mark for — a lump sum (GAEB LumpSumItem) whose unit is not written as gl (global, which says it), hourly paid work (HourIt), a quantity to be entered by the bidder (QtyTBD), a position the bidder did not offer (NotOffered), an optional or an alternative position — were written as ordinary positions (their quantity, unit price and total unchanged). One message per file names the kinds and their first positions; what the sums count differently is reported apart (SIA_COUNTING_CHANGED).' },
  SIA_OENORM_MARKS_DROPPED: { severity: 'warning', meaning: 'Marks of positions read from an ÖNORM A 2063 file (ONLV, ONLB) that SIA 451 has no field for were not written: wesentliche Position (W), garantierte Angebotssumme (G), Herkunftskennzeichen Z or + (not from the standard LB), kommentar, notiz; nor the numbers of wählbare Vorbemerkungen (numbered note texts). One message per file names the marks and their first positions.' },
  SIA_MARKUP_ITEM_FIXED: { severity: 'info', meaning: 'A markup item (GAEB MarkupItem, Zuschlagsposition: a percentage of the positions it adds to) was written as an ordinary position with its calculated unit price: a SIA 451 G record holds no markup item. Totals are unchanged; the price no longer follows its base. The message names the items, their unit price, percentage and base.' },
  SIA_COUNTING_CHANGED: { severity: 'warning', meaning: 'Alternative positions and groups, positions without total (unit price only) and elements that are not applicable (entfällt), none of which the sums count, are written as ordinary positions that a receiver counts: the meaning of the G record\'s variant group and variant fields is not public, so the writer writes no mark. The message names the elements and the BoQ total a receiver computes instead of the project\'s.' },
  SIA_NOTE_TITLE_IN_TEXT: { severity: 'info', meaning: "The short text (title) of a note text that opens a heading's group — a GAEB remark's outline text, say — was written as the first line of the heading's long text, which has no title of its own. One message per file names the headings." },
  SIA_UNIT_MAPPED: { severity: 'info', meaning: "Units were written in the two-character ASCII spelling of NPK positions (St, m, m2, m3, kg, t, l, h, gl, LE): Stk → St, psch or PA → gl (global, a lump sum), m² → m2, lfm → m, Std → h, VE → LE …; one message per file lists each change and how many positions it concerns." },
  SIA_UNIT_PRICE_ROUNDED: { severity: 'warning', meaning: 'A unit price with more than the two decimals of a SIA 451 G record (12 digits, 2 implied decimals) was rounded half up; the message names both values.' },
  SIA_QUANTITY_COMPONENTS_SUMMED: { severity: 'info', meaning: 'Quantity components without an object outline were written as one quantity record holding their sum.' },
});

export type SiaMessageCode = MessageCode<typeof SIA_MESSAGES>;
