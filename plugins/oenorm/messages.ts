/**
 * The conversion messages of the `oenorm` plugin (ÖNORM A 2063 ONLV/ONLB reader and ONLV writer): every code the plugin reports,
 * its severity and what it means for the user. The report helper accepts only these codes
 * ({@link OenormMessageCode}), and the README's "Conversion messages" section is generated from this object
 * (`npm run docs:messages`).
 */
import { defineMessages, type MessageCode } from '../../core/pipeline/messages.js';

export const OENORM_MESSAGES = defineMessages({
  OENORM_DISCOUNT_AS_AMOUNT: { severity: ['info', 'warning'], meaning: 'A sum states its discount or surcharge per price share (pa1-prozent, pa2-prozent), which the model does not hold: it was read as the amount the file states (absoluteDeduction), or, without that amount, not read (warning).' },
  OENORM_DISCOUNT_SIGN: { severity: 'info', meaning: 'A sum states its discount percentage with the sign opposite to its amount (ÖNORM A 2063 writes a discount as a negative percentage); the sign of the amount was followed.' },
  OENORM_ELEMENT_DROPPED: { severity: 'info', meaning: 'Content of the ÖNORM file the model has no place for (2021 parameter lists that use a namespace prefix declared outside them, say), or an element the reader does not know inside a position, Grundtext or group (of a later edition, say), was not read; the message names the elements.' },
  OENORM_GRAPHIC_DROPPED: { severity: 'warning', meaning: 'A graphic of the grafiktabelle has no id, a format other than image/jpeg, image/gif or image/png, or no base64 data; it was not read, and links to it are passed over.' },
  OENORM_GRAPHIC_MISSING: { severity: 'warning', meaning: 'A grafiklink names no readable graphic of the grafiktabelle; the link was passed over.' },
  OENORM_INVALID_NUMBER: { severity: 'warning', meaning: 'A value that must be a number (quantity, price, sum) is not one and was ignored.' },
  OENORM_INVALID_UTF8: { severity: 'warning', meaning: 'The file is declared as UTF-8 but holds other bytes; they were replaced by U+FFFD.' },
  OENORM_ITEM_NUMBER_NOT_IN_SCHEMA: { severity: 'warning', meaning: 'A position number with multiple use (mfv) does not fit the one-character index tier of the item number schema; it was kept as written.' },
  OENORM_PHASE_APPROXIMATED: { severity: 'info', meaning: 'The LV type has no exact exchange phase in the model; the nearest phase was used and the LV type kept in the ÖNORM properties.' },
  OENORM_TAKEOFF_AS_RESULT: { severity: 'info', meaning: 'Rows of a quantity take-off (berechnetemengen/mengenermittlung) state a formula the recalculation does not read — a free formula naming variables, or a catalogue formula whose rule is not evaluated here: their quantity component holds the result the file states, and the formula is kept for writing back.' },
  OENORM_TAKEOFF_NOT_WRITTEN: { severity: 'info', meaning: 'Quantity take-offs (quantity components of positions, written as berechnetemengen), evaluation marks (akztabelle) or global helper calculations (hilfsberechnungen) were not written: only an entwurfs-lv or kostenschaetzungs-lv holds them.' },
  OENORM_TOTAL_MISMATCH: { severity: 'warning', meaning: 'A sum stated in the file (pospreis, ulg-summe, lg-summe, og-summe, hg-summe, lv-summe, each before and after its discount, and the price with VAT) differs from the recalculated one; the recalculated sum is used.' },
  OENORM_AKZ_ADJUSTED: { severity: 'warning', meaning: 'An evaluation mark (AKZ) of a quantity take-off held characters ÖNORM does not allow (akz.type: capital letters, digits, point, hyphen; at most 30): it was written upper-cased without them (SkipTryEnforceSchemaCompliantXmlOutput=false).' },
  OENORM_CHARACTERS_REMOVED: { severity: 'info', meaning: 'Characters XML does not allow were removed from texts written to the ÖNORM file (RemoveUnprintableCharactersFromTexts=true).' },
  OENORM_MARKUP_ITEM_FIXED: { severity: 'info', meaning: 'A markup item (GAEB MarkupItem, Zuschlagsposition: a percentage of the positions it adds to) was written as an ordinary position with its calculated unit price: ÖNORM A 2063 holds no markup item (its positions are priced per unit; a percentage surcharge is a position like any other). Totals are unchanged; the price no longer follows its base. The message names the items, their unit price, percentage and base.' },
  OENORM_COUNTING_CHANGED: { severity: 'warning', meaning: 'Elements whose mark decides whether they count in the sums have no such mark in ÖNORM A 2063: an optional position with total (GAEB Bedarfsposition mit Gesamtbetrag) is written as eventualposition, which no sum counts, and an element marked not applicable (entfällt) without the mark, counted. The message names the elements and the LV total a receiver computes instead of the project\'s.' },
  OENORM_TOTAL_CHANGED: { severity: 'warning', meaning: 'The LV total written (lv-summe after its discount) differs from the project\'s by a cent or more; the message names both. The causes are reported apart: values rounded to the two decimals ÖNORM allows, discounts ÖNORM cannot state, elements ÖNORM counts otherwise.' },
  OENORM_DEFAULT_FILLED: { severity: 'info', meaning: 'A field the ÖNORM schema requires had no data in the project; a default was written (SkipTryEnforceSchemaCompliantXmlOutput=false).' },
  OENORM_ELEMENT_NOT_WRITTEN: { severity: 'warning', meaning: 'Content of the project the ÖNORM file has no place for (further service specifications, empty groups, notes outside any group of an LV without outline …) was not written.' },
  OENORM_LEISTUNGSTEIL_NAME_NOT_WRITTEN: { severity: 'info', meaning: 'The names (bezeichnung) of Leistungsteile, which the 2015 edition adds, were not written into a 2009 document, which has no place for them; the parts and their price conversion were written.' },
  OENORM_LOT_SUMS_NOT_WRITTEN: { severity: 'info', meaning: "The sums of partial offers (teilangebotssummen/teilangebot/summenormalausfuehrung) the source stated were not written: every lot is listed with its teilangebotskennzeichen, and a lot's sum follows from its positions." },
  OENORM_PARAMETER_LISTS_NOT_WRITTEN: { severity: 'info', meaning: 'The parameter lists (parameterlisten) an ÖNORM A 2063:2021 LB stated, kept as read, were not written: only an LB of the 2021 edition (Lb2021) has them; an LV of 2021 may too, but where they stand in it is not public.' },
  OENORM_ZZTABELLE_NOT_WRITTEN: { severity: 'info', meaning: 'The names of the variants of variant groups (zztabelle), which the 2015 edition adds, were not written into a 2009 document, which has no place for them.' },
  OENORM_MEMO_NOT_WRITTEN: { severity: 'info', meaning: 'Comments (kommentar) of LB elements or notes (notiz) of a draft LV were not written: the document written has no place for them (an LV holds no comments; an LB, and LV types other than entwurfs-lv and kostenschaetzungs-lv, hold no notes).' },
  OENORM_NOTES_MERGED: { severity: 'info', meaning: 'Note texts of a group were joined into its one preliminary remark (vorbemerkung), the only place ÖNORM has for them.' },
  OENORM_STRUCTURE_REPAIRED: { severity: 'warning', meaning: 'The project structure did not fit the ÖNORM outline (two-character LG/ULG numbers, LG.ULG.GT positions); a group level was added or merged, or an element renumbered (old and new numbers are named) (TryRepairProjectStructure=true).' },
  OENORM_TEXT_CONTENT_CHANGED: { severity: 'info', meaning: 'Long-text content ÖNORM formatted text cannot hold (images ÖNORM cannot link as graphics — not a data URI of a PNG, JPEG or GIF picture, or over 64 KiB —, table header cells, formatting inside text gaps) was written in a simpler form or left out.' },
  OENORM_VAT_SHARE_MISSING: { severity: 'warning', meaning: "A position's ustkennzeichen names no VAT share (ustanteil) of summenormalausfuehrung; the position counts at the LV's rate." },
  OENORM_UNIT_MAPPED: { severity: 'info', meaning: 'A unit was written as its equivalent on the closed ÖNORM unit list (m2 → m², St → Stk, psch → PA …).' },
  OENORM_UNIT_UNKNOWN: { severity: 'warning', meaning: 'A unit has no equivalent on the closed ÖNORM unit list; it was written as the fallback unit (or as written with SkipTryEnforceSchemaCompliantXmlOutput=true).' },
  OENORM_VALUE_ROUNDED: { severity: 'warning', meaning: 'A quantity or amount had more than the two decimals ÖNORM allows and was rounded; old and new values are named.' },
  OENORM_VALUE_SHORTENED: { severity: 'warning', meaning: 'A text was longer than the ÖNORM schema allows (stichwort 60, ueberschrift 60 characters …) and was shortened.' },
  OENORM_UNKNOWN_ENTITY: { severity: 'warning', meaning: 'An unknown character entity was kept as written.' },
});

export type OenormMessageCode = MessageCode<typeof OENORM_MESSAGES>;
