/**
 * The README's list of conversion messages, generated from the message catalogues the built-in plugins carry
 * (`FormatPlugin.messages`, contract 1.1; one table per plugin: code, severity, meaning), and the code that
 * rewrites the README section between the markers. A test fails when the README is stale (`npm run docs:messages`).
 */
import { type MessageCatalog, severitiesOf } from '../../core/pipeline/messages.js';
import type { FormatPlugin } from '../../core/plugin/contract.js';
import { builtinFormatPlugins } from '../../plugins/index.js';
import { markdownCell, replaceReadmeSection } from './readme-section.js';

export interface PluginMessages {
  plugin: string;
  name: string;
  messages: MessageCatalog;
}

/** The catalogue of each of the plugins that declares one, in plugin order. */
export const messageCataloguesOf = (plugins: readonly FormatPlugin[]): PluginMessages[] =>
  plugins.flatMap((p) => (p.messages ? [{ plugin: p.id, name: p.name, messages: p.messages }] : []));

/** The message catalogue of each built-in plugin that declares one (`ava` reports none). */
export const MESSAGE_CATALOGUES: readonly PluginMessages[] = messageCataloguesOf(builtinFormatPlugins);

/** Markdown: for each plugin, a table of code, severity and meaning, sorted by code. */
export function renderMessageTables(catalogues: readonly PluginMessages[] = MESSAGE_CATALOGUES): string {
  const out: string[] = [];
  for (const c of catalogues) {
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
