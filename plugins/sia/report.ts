/**
 * Aggregated conversion messages of the SIA 451 reader and writer: at most one message per code and item number
 * (or per code for the whole file), codes from the plugin's catalogue (core `OncePerItemReporter`).
 */
import { type MessageSink, OncePerItemReporter } from '../../core/pipeline/messages.js';
import type { SiaMessageCode } from './messages.js';

export const SIA_SOURCE = 'sia';

export class SiaReport extends OncePerItemReporter<SiaMessageCode> {
  constructor(sink: MessageSink) {
    super(sink, SIA_SOURCE);
  }
}
