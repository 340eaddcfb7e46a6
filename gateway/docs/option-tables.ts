/**
 * The README's option tables, generated from the option catalogue (one table per group), and the code that
 * rewrites the README section between the markers. A test fails when the README is stale.
 */
import { OPTION_GROUPS, OPTION_GROUP_IDS, OPTIONS } from '../../core/options/catalog.js';
import { markdownCell, replaceReadmeSection } from './readme-section.js';


/** Markdown: for each group, a table of name, type, default, allowed values and meaning. */
export function renderOptionTables(): string {
  const out: string[] = [];
  for (const g of OPTION_GROUP_IDS) {
    out.push(`**Group ${g}**`, '', '| Option | Type | Default | Allowed values | Meaning |', '|---|---|---|---|---|');
    for (const name of OPTION_GROUPS[g]) {
      const o = OPTIONS[name];
      out.push(`| \`${o.name}\` | ${o.type} | \`${String(o.default)}\` | ${o.enum ? o.enum.map((v) => `\`${v}\``).join(', ') : o.type === 'boolean' ? '`true`, `false` (any case)' : 'text'} | ${markdownCell(o.description)} |`);
    }
    out.push('');
  }
  return out.join('\n');
}

/** Replaces the generated section of a README text. */
export function withOptionTables(readme: string): string {
  return replaceReadmeSection(readme, 'option-tables', renderOptionTables());
}
