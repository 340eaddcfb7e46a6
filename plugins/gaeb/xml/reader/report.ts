/**
 * Aggregated conversion messages of the GAEB DA XML reader: at most one message per code and item number (or per
 * code for the whole file when no item is concerned), so a file with 10,000 catalogue assignments says it once
 * per item instead of flooding the response.
 */
import type { MessageSink, Severity } from '../../../../core/pipeline/messages.js';

export const READER_SOURCE = 'gaeb';

export class ReaderReport {
  private readonly seen = new Set<string>();

  constructor(private readonly sink: MessageSink) {}

  /**
   * Reports once per (code, itemNumber).
   * @param itemNumber the element's item number (`01.02.0010`), undefined for file-level messages
   */
  report(code: string, severity: Severity, message: string, itemNumber?: string): void {
    const key = itemNumber === undefined ? code : `${code}\u0000${itemNumber}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.sink.report(
      itemNumber === undefined
        ? { code, severity, message, source: READER_SOURCE }
        : { code, severity, message, itemNumber, source: READER_SOURCE },
    );
  }
}
