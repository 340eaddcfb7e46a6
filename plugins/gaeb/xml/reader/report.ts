/**
 * Aggregated conversion messages of the GAEB DA XML reader: at most one message per code and item number (or per
 * code for the whole file when no item is concerned), so a file with 10,000 catalogue assignments says it once
 * per item instead of flooding the response.
 */
import { type MessageSink, OncePerItemReporter, type Severity } from '../../../../core/pipeline/messages.js';
import type { GaebMessageCode } from '../../messages.js';
import { lookupTable } from '../../../../core/lookup.js';

export const READER_SOURCE = 'gaeb';

/** An element the model has no place for: its message code, severity and what to call it in the message. */
export interface DroppedElement {
  code: GaebMessageCode;
  severity: Severity;
  what: string;
}

/** Children of an item (award `Item`, trade `OrderItem`) that are read past with a message of their own. */
export const DROPPED_ITEM_CHILDREN: Readonly<Record<string, DroppedElement>> = lookupTable({
  CtlgAssign: { code: 'GAEB_CATALOG_ASSIGNMENT_DROPPED', severity: 'info', what: 'A catalogue assignment (CtlgAssign)' },
  QtySplit: { code: 'GAEB_QUANTITY_SPLIT_DROPPED', severity: 'info', what: 'A quantity split (QtySplit)' },
  BidComm: { code: 'GAEB_BIDDER_COMMENT_DROPPED', severity: 'warning', what: 'A bidder comment (BidComm)' },
  Product: { code: 'GAEB_PRODUCT_DROPPED', severity: 'info', what: 'Product data (Product)' },
});

/** Reports once per (code, itemNumber) (core `OncePerItemReporter`), codes from the plugin's catalogue. */
export class ReaderReport extends OncePerItemReporter<GaebMessageCode> {
  constructor(sink: MessageSink) {
    super(sink, READER_SOURCE);
  }

  /** Reports an element that was read past: "<what> has no equivalent in the model and was dropped." */
  dropped(element: DroppedElement, itemNumber?: string): void {
    this.report(element.code, element.severity, `${element.what} has no equivalent in the model and was dropped.`, itemNumber);
  }
}
