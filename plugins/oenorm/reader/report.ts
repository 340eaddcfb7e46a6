/**
 * Aggregated conversion messages of the ÖNORM reader: at most one message per code and item number (or per code
 * for the whole file when no item is concerned), codes from the plugin's catalogue (core `OncePerItemReporter`).
 */
import { type MessageSink, OncePerItemReporter } from '../../../core/pipeline/messages.js';
import type { OenormMessageCode } from '../messages.js';

export const READER_SOURCE = 'oenorm';

export class OenormReport extends OncePerItemReporter<OenormMessageCode> {
  constructor(sink: MessageSink) {
    super(sink, READER_SOURCE);
  }
}
