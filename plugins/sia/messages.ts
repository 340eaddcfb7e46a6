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
  SIA_QUANTITY_COMPONENTS_SUMMED: { severity: 'info', meaning: 'Quantity components without an object outline were written as one quantity record holding their sum.' },
});

export type SiaMessageCode = MessageCode<typeof SIA_MESSAGES>;
