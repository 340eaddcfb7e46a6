import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withOptionTables } from '../../gateway/docs/option-tables.js';
import { OPTIONS } from '../../core/options/catalog.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it('opens with the two commands', () => {
    const firstCode = /```[a-z]*\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    expect(firstCode).toContain('npm ci && npm start');
    expect(firstCode).toContain('npm test');
  });

  it('option tables are generated from the catalogue and not stale (run `npm run docs:options`)', () => {
    expect(withOptionTables(readme)).toBe(readme);
    for (const name of Object.keys(OPTIONS)) expect(readme).toContain(`\`${name}\``);
  });
});
