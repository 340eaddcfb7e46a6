/**
 * The long-text lines of GAEB 90 records 26 (and T1 of remarks): paragraphs of the model's long text (HTML through the
 * conversion's long-text cache, else the plain text) as lines of at most the record's width, a line that fits kept
 * with its spaces (columns aligned with blanks), longer ones word-wrapped; text complements as lines of their own with
 * kind and label. And the whole short text, when record 25 had to cut it, as the first lines.
 * Record widths: `records.ts` (record 25 short text 70 characters, record 26 long text 55).
 */
import type { PositionDto } from '../../../core/model/types.js';
import type { Severity } from '../../../core/pipeline/messages.js';
import { longTextFormOf, type LongTextCache } from '../../../core/text/long-text-cache.js';
import { beginsWith } from '../../../core/text/long-text-start.js';
import { plainLongText } from '../../../core/text/long-text.js';
import { wrapWords } from '../../../core/text/records.js';
import type { GaebMessageCode } from '../messages.js';
import { longTextParagraphs } from './long-text.js';
import { type Run, width } from './records.js';

/** What the lines need of the writer: text made writable in CP850, reporting, the conversion's long-text cache. */
export interface TextLineContext {
  clean(text: string, itemNumber?: string): string;
  report(code: GaebMessageCode, severity: Severity, message: string, itemNumber?: string): void;
  readonly longTexts?: LongTextCache;
}

/**
 * A short text cut to the 70 characters of record 25 is also written whole as the first lines of the long text,
 * unless that begins with it (`GAEB90_TEXT_KEPT_WHOLE`): no word of it is lost, as the ÖNORM writer does.
 */
export function wholeShortTextLines(ctx: TextLineContext, p: PositionDto, shortText: string, fitted: string, itemNumber: string | undefined): Run[] {
  const whole = ctx.clean(shortText, itemNumber).trim();
  if (whole === fitted) return [];
  const html = p.htmlLongText ?? '';
  if (beginsWith(html.trim() !== '' ? longTextFormOf(ctx.longTexts, html) : plainLongText(p.longText ?? ''), whole)) return [];
  ctx.report('GAEB90_TEXT_KEPT_WHOLE', 'info', 'The short text was cut to the 70 characters of record 25; it was also written whole as the first line(s) of the long text.', itemNumber);
  return wrapWords(whole, width('longText')).lines.map((text) => ({ text }));
}

/** Long text → lines of at most `w` characters (complement lines carry their kind and label). */
export function longTextLines(ctx: TextLineContext, d: { htmlLongText?: string; longText?: string }, w: number, itemNumber: string | undefined): Run[] {
  const html = d.htmlLongText ?? '';
  const paragraphs: Run[][] = html.trim() !== ''
    ? longTextParagraphs(longTextFormOf(ctx.longTexts, html))
    : (d.longText ?? '').split(/\r\n|\n|\r/).map((t) => [{ text: t }]);
  const out: Run[] = [];
  for (const runs of paragraphs) {
    const pieces: Run[] = [];
    for (const run of runs) {
      const last = pieces[pieces.length - 1];
      if (!run.kind && last && !last.kind) last.text += run.text;
      else pieces.push({ ...run });
    }
    if (pieces.every((x) => x.text.trim() === '')) {
      out.push({ text: '' });
      continue;
    }
    for (const piece of pieces) {
      // A line that fits keeps its spaces (GAEB 90 texts align columns with them); longer ones are re-wrapped.
      const asIs = piece.text.replace(/\t/g, ' ').trimEnd();
      if (!piece.kind && asIs.trim() !== '' && !/[\r\n]/.test(asIs) && (asIs.length <= w || Array.from(asIs).length <= w)) {
        out.push({ ...piece, text: ctx.clean(asIs, itemNumber) });
        continue;
      }
      const text = ctx.clean(piece.text.replace(/\s+/g, ' ').trim(), itemNumber);
      if (text === '' && !piece.kind) continue;
      if (piece.kind && Array.from(piece.label ?? '').length > 2) {
        ctx.report('GAEB90_COMPLEMENT_LABEL_TRUNCATED', 'warning', `Text complement label '${piece.label}' has more than 2 digits and was shortened.`, itemNumber);
      }
      const wrapped = wrapWords(text, w);
      if (wrapped.split) ctx.report('GAEB90_LONG_TEXT_WORD_SPLIT', 'warning', `A word longer than ${w} characters was split across long text lines.`, itemNumber);
      for (const line of wrapped.lines.length > 0 ? wrapped.lines : ['']) out.push({ ...piece, text: line });
    }
  }
  while (out.length > 0 && out[0].text === '' && !out[0].kind) out.shift();
  while (out.length > 0 && out[out.length - 1].text === '' && !out[out.length - 1].kind) out.pop();
  return out;
}
