/**
 * State shared by the parts of the GAEB DA XML writer: the output builder, the phase rules, the text policy for
 * characters XML forbids (option `RemoveUnprintableCharactersFromTexts`), length facets, decimal formatting and
 * conversion messages (aggregated per kind so a 40k-item project does not produce 40k messages).
 */
import type { LongTextCache } from '../../../../core/text/long-text-cache.js';
import { targetError } from '../../../../core/errors.js';
import { dec, formatFixed } from '../../../../core/model/decimal.js';
import type { ResolvedOptions } from '../../../../core/options/catalog.js';
import type { MessageSink, Severity } from '../../../../core/pipeline/messages.js';
import { XmlBuilder } from '../../../../core/xml/builder.js';
import { findInvalidXmlChar, removeInvalidXmlChars } from '../../../../core/xml/escape.js';
import type { GaebMessageCode } from '../../messages.js';
import type { PhaseRules } from './phase.js';

export const MESSAGE_SOURCE = 'gaeb';

/** Where a text comes from, for error messages and keys: an element's item number or a project field. */
export interface TextOrigin {
  /** Item number of the element (preferred error key). */
  itemNumber?: string;
  /** Field name used as the key when there is no item number, e.g. `projectInformation.name`. */
  field: string;
  /** Human label of the text, e.g. `long text`, `short text`, `unit`. */
  label: string;
}

interface Tally {
  code: GaebMessageCode;
  severity: Severity;
  text: string;
  count: number;
  examples: string[];
}

export class WriterContext {
  readonly b: XmlBuilder;
  readonly removeUnprintable: boolean;
  /** The conversion's parsed long texts, when the pipeline runs the writer. */
  get longTexts(): LongTextCache | undefined {
    return this.sink.longTexts;
  }
  private readonly tallies = new Map<string, Tally>();

  constructor(
    readonly rules: PhaseRules,
    readonly options: ResolvedOptions,
    /** The conversion context (its `longTexts` when the pipeline runs the writer) or a bare message sink. */
    readonly sink: MessageSink & { readonly longTexts?: LongTextCache },
  ) {
    this.b = new XmlBuilder();
    this.removeUnprintable = options.RemoveUnprintableCharactersFromTexts === true;
  }

  /**
   * Applies the policy for characters XML 1.0 forbids to one text.
   * @throws GatewayError GW_ERR_TARGET_CONSTRAINT (400) when the text holds one and the option is off; keyed by
   *   the item number, or the field name for project-level texts
   */
  clean(value: string, origin: TextOrigin): string {
    const bad = findInvalidXmlChar(value);
    if (!bad) return value;
    if (this.removeUnprintable) {
      this.tally('GAEB_XML_CHARACTERS_REMOVED', 'info', 'characters XML does not allow were removed from texts', origin.itemNumber ?? origin.field);
      return removeInvalidXmlChars(value);
    }
    const where = origin.itemNumber ? `Item ${origin.itemNumber}` : origin.field;
    throw targetError(
      `${where}: the ${origin.label} holds the character ${bad.label}, which XML does not allow; ` +
        'set RemoveUnprintableCharactersFromTexts=true to remove it',
      origin.itemNumber ?? origin.field,
    );
  }

  /**
   * Cleans a single-line value and shortens it to the schema's `maxLength` (counted in characters), reporting
   * a warning naming the element when it had to be cut.
   */
  fit(value: string | undefined, max: number, element: string, origin: TextOrigin): string {
    if (value === undefined) return '';
    const clean = this.clean(value, origin);
    const chars = Array.from(clean);
    if (chars.length <= max) return clean;
    const cut = chars.slice(0, max).join('');
    const where = origin.itemNumber ? `item ${origin.itemNumber}` : origin.field;
    this.report(
      'GAEB_XML_VALUE_SHORTENED',
      'warning',
      `${element} of ${where} was shortened to ${max} characters (the schema's limit): "${clean}" → "${cut}"`,
      origin.itemNumber,
    );
    return cut;
  }

  /**
   * Formats a decimal with a fixed scale ('.' separator, half away from zero), checking the XSD's totalDigits.
   * @throws GatewayError GW_ERR_TARGET_CONSTRAINT (400) when the value has more integer digits than the type allows
   */
  decimal(value: number, scale: number, totalDigits: number, element: string, key: string): string {
    const s = formatFixed(value, scale) ?? dec(value).toFixed(scale);
    const digits = s.replace(/^-/, '').split('.')[0].replace(/^0+(?=\d)/, '').length;
    if (digits > totalDigits - scale) {
      throw targetError(
        `${key}: ${element} ${s} has more than ${totalDigits - scale} integer digits, which GAEB DA XML does not allow`,
        key,
      );
    }
    return s.charCodeAt(0) === 45 && /^-0(\.0*)?$/.test(s) ? s.slice(1) : s;
  }

  /** Reports one message now. */
  report(code: GaebMessageCode, severity: Severity, message: string, itemNumber?: string): void {
    this.sink.report({ code, severity, message, itemNumber, source: MESSAGE_SOURCE });
  }

  /** Counts an occurrence of a repeated condition; {@link flush} reports one message per kind. */
  tally(code: GaebMessageCode, severity: Severity, text: string, example?: string): void {
    const key = `${code}\u0000${text}`;
    let t = this.tallies.get(key);
    if (!t) {
      t = { code, severity, text, count: 0, examples: [] };
      this.tallies.set(key, t);
    }
    t.count++;
    if (example !== undefined && t.examples.length < 5 && !t.examples.includes(example)) t.examples.push(example);
  }

  /** Reports the aggregated messages (call once at the end). */
  flush(): void {
    for (const t of this.tallies.values()) {
      const ex = t.examples.length ? ` (e.g. ${t.examples.join(', ')}${t.count > t.examples.length ? ', …' : ''})` : '';
      const itemNumber = t.count === 1 && t.examples.length === 1 ? t.examples[0] : undefined;
      this.report(t.code, t.severity, `${t.text}: ${t.count} occurrence${t.count === 1 ? '' : 's'}${ex}`, itemNumber);
    }
    this.tallies.clear();
  }
}

