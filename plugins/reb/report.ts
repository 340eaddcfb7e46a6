/**
 * Aggregated conversion messages of the REB reader and writer: at most one message per code and item number (or
 * per code for the whole file), and where a field is named one per code, item number and field (a position's
 * explanation and its comment, the 00 header's heading and its order number each say so once); codes from the
 * plugin's catalogue (core `OncePerItemReporter`).
 */
import { type MessageSink, OncePerItemReporter } from '../../core/pipeline/messages.js';
import type { RebMessageCode } from './messages.js';

export const REB_SOURCE = 'reb';

export class RebReport extends OncePerItemReporter<RebMessageCode> {
  constructor(sink: MessageSink) {
    super(sink, REB_SOURCE);
  }
}
