/** `npm run docs:messages`: regenerates the conversion message tables in README.md. */
import { readFileSync, writeFileSync } from 'node:fs';
import { withMessageTables } from './message-tables.js';

const path = new URL('../../README.md', import.meta.url);
writeFileSync(path, withMessageTables(readFileSync(path, 'utf8')));
console.log('README.md conversion message tables regenerated');
