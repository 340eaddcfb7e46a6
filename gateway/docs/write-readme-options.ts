/** `npm run docs:options`: regenerates the option tables in README.md. */
import { readFileSync, writeFileSync } from 'node:fs';
import { withOptionTables } from './option-tables.js';

const path = new URL('../../README.md', import.meta.url);
writeFileSync(path, withOptionTables(readFileSync(path, 'utf8')));
console.log('README.md option tables regenerated');
