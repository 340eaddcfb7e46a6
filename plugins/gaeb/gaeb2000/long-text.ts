/**
 * GAEB 2000 long and short texts (`[Langtext]`, `[TextRTF]`, `[Kurztext]`, `[Bez]`): value lines ↔ the model's HTML
 * long text and its plain text (GAEB 2000 samples such as systori/systori, scripts/gaeb2000_file.p83: a value holds plain multi-line text or RTF).
 *
 * Reading has one plain-text derivation for both forms: the HTML is built first (RTF: `rtfToHtml`; plain lines:
 * each line trimmed, `plainTextToHtml`), the plain text is `htmlToPlainText` of that HTML — the model's rule
 * (core/model/normalize.ts), so the same HTML always has the same `longText`, whichever form it came from.
 *
 * Writing chooses the form that reads back to the same text: plain value lines (what iTWO/NEVARIS write; every
 * reader understands them) when reading them would give the same paragraphs, runs, whitespace and plain text;
 * otherwise RTF, which carries what plain lines cannot: bold/italic/underline, line breaks inside a paragraph,
 * leading and trailing blanks (the tokenizer strips continuation-line indentation, the reader trims lines), and
 * literal whitespace that the plain text collapses next to entity whitespace that it keeps (long-text-runs.ts).
 */
import { parseLongText, type LongText as LongTextForm } from '../../../core/text/long-text.js';
import { longTextToPlain, plainTextOfLines, plainTextToHtml } from '../../../core/text/plain-text.js';
import { longTextRuns, runsKey } from './long-text-runs.js';
import { isRtf, rtfToHtml, runsToRtf } from './rtf.js';
import type { Gaeb2000Value } from './tokenizer.js';

/** An HTML long text and its plain text (`htmlToPlainText` of the HTML); both '' for none. */
export interface LongText {
  html: string;
  plain: string;
}

/** Plain value lines as paragraphs: trimmed, empty ones at the start and end dropped. */
function trimmedLines(lines: readonly string[]): string[] {
  const out = lines.map((l) => l.trim());
  while (out.length > 0 && out[0] === '') out.shift();
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out;
}

/** Plain value lines → HTML (`plainTextToHtml` of the trimmed lines). */
const plainLinesToHtml = (lines: readonly string[]): string => plainTextToHtml(trimmedLines(lines).join('\n'));

/**
 * Long text of a value: RTF (`{\rtf…`, lines joined by '\n', which RTF ignores) or plain lines.
 * @returns the HTML and its plain text; both '' when the value holds no text
 */
export function readLongText(v: Gaeb2000Value): LongText {
  const text = v.lines.join('\n'); // a line end ends a control word (RTF 1.9.1 §Conventions) and is otherwise ignored
  if (isRtf(text)) return rtfToHtml(text);
  const lines = trimmedLines(v.lines);
  if (lines.length === 0) return { html: '', plain: '' };
  return { html: plainTextToHtml(lines.join('\n')), plain: plainTextOfLines(lines, true) };
}

/** Short text of a value: RTF or plain, as one line (lines trimmed, empty ones dropped, joined by a blank). */
export function readShortText(v: Gaeb2000Value | undefined): string | undefined {
  if (!v) return undefined;
  const text = isRtf(v.lines.join('')) ? rtfToHtml(v.lines.join('\n')).plain : v.lines.join('\n');
  const t = text.split('\n').map((l) => l.trim()).filter((l) => l !== '').join(' ');
  return t === '' ? undefined : t;
}

/**
 * The value to write for a long text: plain lines ('\n'-separated) when {@link readLongText} gives them back as
 * the same text, else an RTF document (`runsToRtf`) of its paragraphs and runs.
 * @param form the intermediate form of the model's `htmlLongText`
 * @returns the value text, undefined when the long text shows no text at all
 */
export function writeLongText(form: LongTextForm): string | undefined {
  const plain = longTextToPlain(form);
  if (plain === '') return undefined;
  const { paragraphs } = longTextRuns(form);
  const back = parseLongText(plainLinesToHtml(plain.split('\n')));
  if (longTextToPlain(back) === plain && runsKey(longTextRuns(back).paragraphs) === runsKey(paragraphs)) return plain;
  return runsToRtf(paragraphs);
}
