import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MESSAGE_CATALOGUES, withMessageTables } from '../../gateway/docs/message-tables.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README conversion messages', () => {
  it('are generated from the catalogues and not stale (run `npm run docs:messages`)', () => {
    expect(withMessageTables(readme)).toBe(readme);
    for (const c of MESSAGE_CATALOGUES) for (const code of Object.keys(c.messages)) expect(readme).toContain(`| \`${code}\` |`);
  });
});
