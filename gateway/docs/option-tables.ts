/**
 * The README's option tables, generated from the option catalogue (one table per group) and from the options the
 * built-in plugins declare themselves (one table per plugin and side; contract 1.1), and the code that rewrites
 * the README section between the markers. Customer plugins are not listed: the README shows what ships. A test
 * fails when the README is stale.
 */
import { OPTION_GROUPS, OPTION_GROUP_IDS, OPTIONS, type OptionSpec } from '../../core/options/catalog.js';
import type { FormatPlugin } from '../../core/plugin/contract.js';
import { builtinFormatPlugins } from '../../plugins/index.js';
import { markdownCell, replaceReadmeSection } from './readme-section.js';

const allowed = (o: OptionSpec) =>
  o.enum ? o.enum.map((v) => `\`${v}\``).join(', ') : o.type === 'boolean' ? '`true`, `false` (any case)' : 'text';

/** One titled table of name, type, default, allowed values and meaning. */
function optionTable(title: string, options: readonly OptionSpec[]): string[] {
  const rows = options.map((o) => `| \`${o.name}\` | ${o.type} | \`${String(o.default)}\` | ${allowed(o)} | ${markdownCell(o.description)} |`);
  return [title, '', '| Option | Type | Default | Allowed values | Meaning |', '|---|---|---|---|---|', ...rows, ''];
}

/**
 * Markdown: for each group, its table; then for each plugin whose reader or writer declares options, a table per
 * side (`as source`: routes starting at the plugin, `as target`: routes ending there).
 * @param plugins the plugins whose own options are listed (default: the built-in ones)
 */
export function renderOptionTables(plugins: readonly FormatPlugin[] = builtinFormatPlugins): string {
  const out = OPTION_GROUP_IDS.flatMap((g) => optionTable(`**Group ${g}**`, OPTION_GROUPS[g].map((name) => OPTIONS[name])));
  for (const p of plugins) {
    if (p.reader?.options?.length) out.push(...optionTable(`**Plugin \`${p.id}\` as source** (${p.name})`, p.reader.options));
    if (p.writer?.options?.length) out.push(...optionTable(`**Plugin \`${p.id}\` as target** (${p.name})`, p.writer.options));
  }
  return out.join('\n');
}

/** Replaces the generated section of a README text. */
export function withOptionTables(readme: string): string {
  return replaceReadmeSection(readme, 'option-tables', renderOptionTables());
}
