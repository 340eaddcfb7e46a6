/**
 * The README's list of conversion messages, generated from the plugins' message catalogues (one table per plugin:
 * code, severity, meaning), and the code that rewrites the README section between the markers. A test fails when
 * the README is stale (`npm run docs:messages`).
 */
import { type MessageCatalog, severitiesOf } from '../../core/pipeline/messages.js';
import { GAEB_MESSAGES } from '../../plugins/gaeb/messages.js';
import { OENORM_MESSAGES } from '../../plugins/oenorm/messages.js';
import { markdownCell, replaceReadmeSection } from './readme-section.js';

/** The message catalogue of each built-in plugin that reports conversion messages (`ava` reports none). */
export const MESSAGE_CATALOGUES: readonly { plugin: string; name: string; messages: MessageCatalog }[] = [
  { plugin: 'gaeb', name: 'GAEB (DA XML, GAEB 2000, GAEB 90)', messages: GAEB_MESSAGES },
  { plugin: 'oenorm', name: 'ÖNORM A 2063 (ONLV, ONLB)', messages: OENORM_MESSAGES },
];


/** Markdown: for each plugin, a table of code, severity and meaning, sorted by code. */
export function renderMessageTables(): string {
  const out: string[] = [];
  for (const c of MESSAGE_CATALOGUES) {
    out.push(`**Plugin \`${c.plugin}\`** — ${c.name}`, '', '| Code | Severity | Meaning |', '|---|---|---|');
    for (const code of Object.keys(c.messages).sort()) {
      const spec = c.messages[code];
      out.push(`| \`${code}\` | ${severitiesOf(spec).join(' or ')} | ${markdownCell(spec.meaning)} |`);
    }
    out.push('');
  }
  return out.join('\n');
}

/** Replaces the generated section of a README text. */
export function withMessageTables(readme: string): string {
  return replaceReadmeSection(readme, 'message-tables', renderMessageTables());
}
