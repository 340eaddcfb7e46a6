/**
 * A format plugin's message catalogue (contract 1.1, `FormatPlugin.messages`): its shape, and the check that a
 * conversion's messages carry only codes and severities their reporting plugin declares (used by the tests that
 * run real conversions; the README's message tables are generated from the same catalogues).
 */
import { severitiesOf, type ConversionMessage, type MessageSpec } from '../pipeline/messages.js';
import type { FormatPlugin } from './contract.js';

/** `UPPER_SNAKE_CASE` with at least one `_`, prefixed by the format (`GAEB90_…`). */
const CODE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;
const SEVERITIES: readonly string[] = ['error', 'warning', 'info'];

/** What is wrong with a plugin's `messages`, or undefined when it is a catalogue (code → { severity, meaning }). */
export function messageCatalogProblem(candidate: unknown): string | undefined {
  if (typeof candidate !== 'object' || candidate === null || Array.isArray(candidate)) return 'messages must be an object: code → { severity, meaning }';
  for (const [code, spec] of Object.entries(candidate)) {
    if (!CODE.test(code)) return `message code ${code} must be UPPER_SNAKE_CASE with a format prefix (e.g. CSV_ROW_SKIPPED)`;
    const s = spec as Partial<MessageSpec> | null;
    const severities = typeof s?.severity === 'string' ? [s.severity] : s?.severity;
    if (!Array.isArray(severities) || severities.length === 0 || !severities.every((v) => SEVERITIES.includes(v))) {
      return `message ${code}: severity must be error, warning or info (or a list of them)`;
    }
    if (typeof s?.meaning !== 'string' || s.meaning.trim() === '') return `message ${code}: meaning is missing`;
  }
  return undefined;
}

/**
 * The messages whose code the reporting plugin's catalogue does not declare, or whose severity it does not
 * allow, as `code (source): problem` texts. A message is checked against the catalogue of the plugin its
 * `source` names (a plugin without a catalogue declares nothing); a message without a known source against
 * the catalogues of all `plugins`.
 */
export function undeclaredMessages(messages: readonly ConversionMessage[], plugins: readonly FormatPlugin[]): string[] {
  const union = Object.assign({}, ...plugins.map((p) => p.messages ?? {})) as Record<string, MessageSpec>;
  const problems: string[] = [];
  for (const m of messages) {
    const reporter = plugins.find((p) => p.id === m.source);
    const catalog: Readonly<Record<string, MessageSpec>> = reporter ? reporter.messages ?? {} : union;
    const spec = Object.hasOwn(catalog, m.code) ? catalog[m.code] : undefined;
    const who = `${m.code} (${m.source || 'no source'})`;
    if (!spec) problems.push(`${who}: not declared in the catalogue`);
    else if (!severitiesOf(spec).includes(m.severity)) problems.push(`${who}: reported as ${m.severity}, declared ${severitiesOf(spec).join(' or ')}`);
  }
  return problems;
}
