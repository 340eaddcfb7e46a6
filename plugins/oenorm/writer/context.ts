/**
 * State shared by the parts of the ÖNORM writer: the output builder, the options of group O, and the policies they
 * set — characters XML forbids (`RemoveUnprintableCharactersFromTexts`, as for GAEB), and the schema-compliance
 * repairs of `SkipTryEnforceSchemaCompliantXmlOutput=false` (default): texts shortened to the schema's maxLength,
 * amounts rounded to the two decimals of `betrag.type`/`lvmenge.type` (2009 `ontypdef.xsd`: totalDigits 12,
 * fractionDigits 2), defaults for required fields; every change reported. With the option true, values are written
 * as the model holds them.
 */
import type { LongTextCache } from '../../../core/text/long-text-cache.js';
import { targetError } from '../../../core/errors.js';
import type { ResolvedOptions } from '../../../core/options/catalog.js';
import type { MessageSink, Severity } from '../../../core/pipeline/messages.js';
import { XmlBuilder } from '../../../core/xml/builder.js';
import { findInvalidXmlChar, removeInvalidXmlChars } from '../../../core/xml/escape.js';
import { formatFixed } from '../../../core/model/decimal.js';
import type { OenormMessageCode } from '../messages.js';
import { OenormGraphicsTable } from './graphics.js';

export const WRITER_SOURCE = 'oenorm';

/** `betrag.type` / `lvmenge.type`: 12 digits, 2 of them decimals. */
const TOTAL_DIGITS = 12;
const FRACTION_DIGITS = 2;

export class OenormWriterContext {
  readonly b = new XmlBuilder();
  readonly removeUnprintable: boolean;
  /** `SkipTryEnforceSchemaCompliantXmlOutput` is false: repair what would break the schema, and report it. */
  readonly enforce: boolean;
  readonly repair: boolean;
  /** The pictures of the texts written, linked as ÖNORM graphics (filled before the header is written). */
  readonly graphics = new OenormGraphicsTable(this);
  private readonly tallies = new Map<string, { code: OenormMessageCode; severity: Severity; text: string; count: number; examples: string[] }>();

  constructor(
    readonly options: ResolvedOptions,
    readonly sink: MessageSink & { readonly longTexts?: LongTextCache },
    /** The document written: an LV (`onlv`) or an LB (`onlb`, LG/ULG only, no quantities or prices). */
    readonly document: 'onlv' | 'onlb' = 'onlv',
  ) {
    this.removeUnprintable = options.RemoveUnprintableCharactersFromTexts === true;
    this.enforce = options.SkipTryEnforceSchemaCompliantXmlOutput !== true;
    this.repair = options.TryRepairProjectStructure === true;
  }

  get longTexts(): LongTextCache | undefined {
    return this.sink.longTexts;
  }

  /**
   * Applies the policy for characters XML 1.0 forbids.
   * @throws GatewayError GW_ERR_TARGET_CONSTRAINT (400, key = item number or field) when the text holds one and
   *   `RemoveUnprintableCharactersFromTexts` is off
   */
  clean(value: string, where: string, label: string): string {
    const bad = findInvalidXmlChar(value);
    if (!bad) return value;
    if (this.removeUnprintable) {
      this.tally('OENORM_CHARACTERS_REMOVED', 'info', 'characters XML does not allow were removed from texts', where);
      return removeInvalidXmlChars(value);
    }
    throw targetError(
      `${where}: the ${label} holds the character ${bad.label}, which XML does not allow; set RemoveUnprintableCharactersFromTexts=true to remove it`,
      where,
    );
  }

  /**
   * A one-line text (`text.type`: line breaks are blanks) cleaned and, when enforcing, shortened to `max`
   * characters with a message naming the element and both values.
   */
  line(value: string | undefined, max: number, element: string, where: string): string {
    return this.lineParts(value, max, element, where).text;
  }

  /**
   * As {@link line}, with the whole cleaned one-line text beside the text to write (`whole` ≠ `text` when it was
   * shortened), for a writer that keeps the whole text elsewhere (a long text, a preliminary remark).
   */
  lineParts(value: string | undefined, max: number, element: string, where: string): { text: string; whole: string } {
    if (value === undefined) return { text: '', whole: '' };
    const clean = this.clean(value, where, element).replace(/\s*[\r\n]+\s*/g, ' ').trim();
    const chars = Array.from(clean);
    if (!this.enforce || chars.length <= max) return { text: clean, whole: clean };
    const cut = chars.slice(0, max).join('').trimEnd();
    this.report('OENORM_VALUE_SHORTENED', 'warning', `${element} of ${where} was shortened to ${max} characters (the schema's limit): "${clean}" → "${cut}"`, where);
    return { text: cut, whole: clean };
  }

  /**
   * A quantity or amount as written: two decimals when enforcing (a changed value is reported), else the
   * model's digits.
   * @throws GatewayError GW_ERR_TARGET_CONSTRAINT (400) when the value has more than 10 integer digits (enforcing)
   */
  amount(value: number, element: string, where: string): string {
    if (!this.enforce) return formatFixed(value, decimalsOf(value)) ?? String(value);
    const s = formatFixed(value, FRACTION_DIGITS) ?? value.toFixed(FRACTION_DIGITS);
    const digits = s.replace(/^-/, '').split('.')[0].replace(/^0+(?=\d)/, '').length;
    if (digits > TOTAL_DIGITS - FRACTION_DIGITS) {
      throw targetError(`${where}: ${element} ${s} has more than ${TOTAL_DIGITS - FRACTION_DIGITS} integer digits, which ÖNORM A 2063 does not allow`, where);
    }
    const out = /^-0(\.0*)?$/.test(s) ? s.slice(1) : s;
    if (Math.abs(Number(out) - value) > 1e-9) {
      this.report('OENORM_VALUE_ROUNDED', 'warning', `${element} of ${where} was rounded to the two decimals ÖNORM allows: ${value} → ${out}`, where);
    }
    return out;
  }

  /** Reports a required field filled with a default (enforcing only; collected into one message per field). */
  filled(field: string, value: string): void {
    this.tally('OENORM_DEFAULT_FILLED', 'info', `the required field ${field} had no data and was written as "${value}"`);
  }

  report(code: OenormMessageCode, severity: Severity, message: string, itemNumber?: string): void {
    this.sink.report({ code, severity, message, itemNumber, source: WRITER_SOURCE });
  }

  /** Counts a repeated condition; {@link flush} reports one message per kind. */
  tally(code: OenormMessageCode, severity: Severity, text: string, example?: string): void {
    const key = `${code}\u0000${text}`;
    let t = this.tallies.get(key);
    if (!t) this.tallies.set(key, (t = { code, severity, text, count: 0, examples: [] }));
    t.count++;
    if (example !== undefined && t.examples.length < 5 && !t.examples.includes(example)) t.examples.push(example);
  }

  flush(): void {
    for (const t of this.tallies.values()) {
      const single = t.count === 1 && t.examples.length === 1;
      const ex = t.examples.length && !single ? ` (e.g. ${t.examples.join(', ')}${t.count > t.examples.length ? ', …' : ''})` : '';
      this.report(t.code, t.severity, `${t.text}${t.count > 1 ? `: ${t.count} occurrences` : ''}${ex}`, single ? t.examples[0] : undefined);
    }
    this.tallies.clear();
  }
}

/** Decimals of a number's shortest representation (at least 2: ÖNORM receivers expect amounts with cents). */
function decimalsOf(value: number): number {
  const s = String(value);
  const dot = s.indexOf('.');
  return s.includes('e') ? 6 : Math.max(FRACTION_DIGITS, dot < 0 ? 0 : s.length - dot - 1);
}
