import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MESSAGE_CATALOGUES, messageCataloguesOf, renderMessageTables, withMessageTables } from '../../gateway/docs/message-tables.js';
import { builtinFormatPlugins } from '../../plugins/index.js';
import { gaebPlugin } from '../../plugins/gaeb/index.js';
import { GAEB_MESSAGES } from '../../plugins/gaeb/messages.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README conversion messages', () => {
  it('are generated from the catalogues and not stale (run `npm run docs:messages`)', () => {
    expect(withMessageTables(readme)).toBe(readme);
    for (const c of MESSAGE_CATALOGUES) for (const code of Object.keys(c.messages)) expect(readme).toContain(`| \`${code}\` |`);
  });

  it('come from the catalogues the registered plugins carry (FormatPlugin.messages)', () => {
    expect(gaebPlugin.messages).toBe(GAEB_MESSAGES);
    expect(MESSAGE_CATALOGUES.map((c) => c.plugin)).toEqual(['gaeb', 'excel', 'oenorm', 'sia', 'reb']);
    const customer = { ...gaebPlugin, id: 'lv-lines', name: 'LV lines', messages: { LVLINES_LINE_SKIPPED: { severity: 'warning' as const, meaning: 'A line was skipped.' } } };
    const tables = renderMessageTables(messageCataloguesOf([...builtinFormatPlugins, customer]));
    expect(tables).toContain('**Plugin `lv-lines`** — LV lines\n\n| Code | Severity | Meaning |\n|---|---|---|\n| `LVLINES_LINE_SKIPPED` | warning | A line was skipped. |');
  });
});
