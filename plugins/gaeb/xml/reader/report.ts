/**
 * Aggregated conversion messages of the GAEB DA XML reader: at most one message per code and item number (or per
 * code for the whole file when no item is concerned), so a file with 10,000 catalogue assignments says it once
 * per item instead of flooding the response.
 */
import type { MessageSink, Severity } from '../../../../core/pipeline/messages.js';

export const READER_SOURCE = 'gaeb';

/** An element the model has no place for: its message code, severity and what to call it in the message. */
export interface DroppedElement {
  code: string;
  severity: Severity;
  what: string;
}

/** Children of an item (award `Item`, trade `OrderItem`) that are read past with a message of their own. */
export const DROPPED_ITEM_CHILDREN: Readonly<Record<string, DroppedElement>> = {
  CtlgAssign: { code: 'GAEB_CATALOG_ASSIGNMENT_DROPPED', severity: 'info', what: 'A catalogue assignment (CtlgAssign)' },
  QtySplit: { code: 'GAEB_QUANTITY_SPLIT_DROPPED', severity: 'info', what: 'A quantity split (QtySplit)' },
  BidComm: { code: 'GAEB_BIDDER_COMMENT_DROPPED', severity: 'warning', what: 'A bidder comment (BidComm)' },
  Product: { code: 'GAEB_PRODUCT_DROPPED', severity: 'info', what: 'Product data (Product)' },
};

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

  /** Reports an element that was read past: "<what> has no equivalent in the model and was dropped." */
  dropped(element: DroppedElement, itemNumber?: string): void {
    this.report(element.code, element.severity, `${element.what} has no equivalent in the model and was dropped.`, itemNumber);
  }
}
