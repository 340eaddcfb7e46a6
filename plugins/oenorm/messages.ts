/**
 * The conversion messages of the `oenorm` plugin (ÖNORM A 2063 ONLV/ONLB reader): every code the plugin reports,
 * its severity and what it means for the user. The report helper accepts only these codes
 * ({@link OenormMessageCode}), and the README's "Conversion messages" section is generated from this object
 * (`npm run docs:messages`).
 */
import { defineMessages, type MessageCode } from '../../core/pipeline/messages.js';

export const OENORM_MESSAGES = defineMessages({
  OENORM_ELEMENT_DROPPED: { severity: 'info', meaning: 'Content of the ÖNORM file the model has no place for (graphics, comments, parameter lists, variant tables …) was not read.' },
  OENORM_INVALID_NUMBER: { severity: 'warning', meaning: 'A value that must be a number (quantity, price, sum) is not one and was ignored.' },
  OENORM_INVALID_UTF8: { severity: 'warning', meaning: 'The file is declared as UTF-8 but holds other bytes; they were replaced by U+FFFD.' },
  OENORM_ITEM_NUMBER_NOT_IN_SCHEMA: { severity: 'warning', meaning: 'A position number with multiple use (mfv) does not fit the one-character index tier of the item number schema; it was kept as written.' },
  OENORM_PHASE_APPROXIMATED: { severity: 'info', meaning: 'The LV type has no exact exchange phase in the model; the nearest phase was used and the LV type kept in the ÖNORM properties.' },
  OENORM_TOTAL_MISMATCH: { severity: 'warning', meaning: 'A sum stated in the file (pospreis, ulg-summe, lg-summe, og-summe, hg-summe, lv-summe) differs from the recalculated one; the recalculated sum is used.' },
  OENORM_UNKNOWN_ENTITY: { severity: 'warning', meaning: 'An unknown character entity was kept as written.' },
});

export type OenormMessageCode = MessageCode<typeof OENORM_MESSAGES>;
