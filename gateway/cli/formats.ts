/** `ava-gateway --list-formats`: the installed formats, their conversions and each conversion's options. */
import type { OptionSpec } from '../../core/options/catalog.js';
import { distinctOptions } from '../../core/options/declared.js';
import type { FormatRegistry } from '../../core/registry/format-registry.js';

const pad = (s: string, width: number) => s.padEnd(width);

/**
 * The listing, one block per format plugin:
 * `<id>  <name>  reads, writes` followed by one line per target (`-t <id>  --option names`), then every option
 * that a route takes (catalogue options and plugins' own) with its default and allowed values.
 */
export function formatListing(registry: FormatRegistry): string {
  const plugins = registry.plugins;
  const idWidth = Math.max(...plugins.map((p) => p.id.length)) + 2;
  const nameWidth = Math.max(...plugins.map((p) => p.name.length)) + 2;
  const lines = ['Formats (id, name, what it does) and their conversions with the options each takes:', ''];
  for (const p of plugins) {
    const does = [p.reader && 'reads', p.writer && 'writes'].filter(Boolean).join(', ');
    lines.push(`${pad(p.id, idWidth)}${pad(p.name, nameWidth)}${does}`);
    for (const route of registry.routes.filter((r) => r.source.id === p.id)) {
      const names = route.options.map((o) => o.name);
      lines.push(`    -f ${pad(p.id, idWidth)}-t ${pad(route.target.id, idWidth)}${names.length ? `options: ${names.join(', ')}` : 'no options'}`);
    }
  }
  const used: OptionSpec[] = distinctOptions(registry.routes.flatMap((r) => r.options));
  if (used.length) {
    const width = Math.max(...used.map((o) => o.name.length)) + 2;
    lines.push('', 'Options (--option Name=value; names and values ignore case):', '');
    for (const o of used) {
      const values = o.enum ? `one of ${o.enum.join(', ')}` : o.type === 'boolean' ? 'true or false' : 'text';
      lines.push(`  ${pad(o.name, width)}${values}; default ${String(o.default)}`);
    }
  }
  return lines.join('\n');
}
