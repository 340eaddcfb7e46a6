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

/**
 * One catalogue entry: the severity a code is reported with (two where the same condition is reported as a warning
 * or only a note, depending on an option or on the data) and one sentence saying what it means for the user.
 */
export interface MessageSpec {
  severity: Severity | readonly Severity[];
  meaning: string;
}

/** A plugin's message catalogue: code → spec. Codes are `UPPER_SNAKE_CASE`, prefixed by the format (`GAEB90_…`). */
export type MessageCatalog = Readonly<Record<string, MessageSpec>>;

/** Declares a catalogue, keeping its codes as literal types (so {@link MessageCode} is a union of them). */
export function defineMessages<const C extends MessageCatalog>(catalog: C): C {
  return catalog;
}

/** The union of the codes a catalogue declares: a report helper typed with it refuses an undeclared code. */
export type MessageCode<C extends MessageCatalog> = keyof C & string;

/** The severities a catalogue entry allows, as a list. */
export function severitiesOf(spec: MessageSpec): readonly Severity[] {
  return typeof spec.severity === 'string' ? [spec.severity] : spec.severity;
}

/**
 * Reports at most once per (code, item number[, field]) — per code alone for file-level messages without an item
 * number — so a file with 10,000 identical conditions says it once per item instead of flooding the response. One
 * instance per conversion; `source` is the reporting plugin's id. The message carries no `itemNumber` key when none is given.
 */
export class OncePerItemReporter<Code extends string = string> {
  private readonly seen = new Set<string>();

  constructor(
    private readonly sink: MessageSink,
    private readonly source: string,
  ) {}

  /**
   * @param itemNumber the element's item number (`01.02.0010`), undefined for file-level messages
   * @param field      a field of the element or file (`heading`, `comment`, …): then one message per code, item
   *   number and field, so that each field concerned says so once
   */
  report(code: Code, severity: Severity, message: string, itemNumber?: string, field?: string): void {
    const base = itemNumber === undefined ? code : `${code}\u0000${itemNumber}`;
    const key = field === undefined ? base : `${base}\u0001${field}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.sink.report(
      itemNumber === undefined
        ? { code, severity, message, source: this.source }
        : { code, severity, message, itemNumber, source: this.source },
    );
  }
}
