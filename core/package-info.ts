/** The gateway's own package.json, found by walking up from this module (works from sources and from `dist/`). */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageJson(): { name: string; version: string } {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) return JSON.parse(readFileSync(candidate, 'utf8'));
    const parent = dirname(dir);
    if (parent === dir) return { name: 'ava-gateway', version: '0.0.0' };
    dir = parent;
  }
}

export const PACKAGE = findPackageJson();
