/**
 * The long texts of one conversion, each parsed once: the normalisation (plain text of an HTML long text) and
 * the writer (its own output) take the same intermediate form of the same HTML. One instance per conversion, held
 * by the conversion context; nothing outlives the conversion.
 */
import { parseLongText, type LongText } from './long-text.js';
import { longTextToPlain } from './plain-text.js';

export class LongTextCache {
  private readonly forms = new Map<string, LongText>();

  /** The intermediate form of an HTML long text (parsed on first use). Callers must not change it. */
  form(html: string): LongText {
    let form = this.forms.get(html);
    if (form === undefined) {
      form = parseLongText(html);
      this.forms.set(html, form);
    }
    return form;
  }

  /** The plain text of an HTML long text (`longTextToPlain` of its form). */
  plain(html: string): string {
    return html === '' ? '' : longTextToPlain(this.form(html));
  }
}

/** The form of `html` from the conversion's cache when there is one (contexts of contract 1.0 have none). */
export const longTextFormOf = (cache: LongTextCache | undefined, html: string): LongText =>
  cache !== undefined ? cache.form(html) : parseLongText(html);
