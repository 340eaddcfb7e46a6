/**
 * Conversion messages: what a reader or writer dropped, shortened or repaired (pandoc `LogMessage`, vfile message).
 * They never stop a conversion; the pipeline returns them with the result.
 */
export type Severity = 'error' | 'warning' | 'info';

export interface ConversionMessage {
  /** Stable machine code, e.g. `GAEB_TEXT_TRUNCATED`. */
  code: string;
  severity: Severity;
  message: string;
  /** Item number of the element concerned, when there is one. */
  itemNumber?: string;
  /** Plugin id that reported it. */
  source?: string;
}

export interface MessageSink {
  report(message: ConversionMessage): void;
}

/** Collects messages of one conversion in order. */
export class MessageCollector implements MessageSink {
  readonly messages: ConversionMessage[] = [];
  report(message: ConversionMessage): void {
    this.messages.push(message);
  }
}
