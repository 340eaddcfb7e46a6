/**
 * Layers point one way: `core/` (the model, pipeline, contracts, auth) imports nothing from `plugins/`, `gateway/`
 * or `config/`; `config/` may import `core/` (it builds the shapes core declares). The composition root that
 * wires plugins into core lives in `gateway/composition-root.ts`; format plugins do not import each other. Every static `import … from '…'`,
 * `export … from '…'`, bare `import '…'` and dynamic `import('…')` of every .ts file is checked.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Top-level folders a file under each layer must not import from. */
const FORBIDDEN: Record<string, readonly string[]> = {
  core: ['plugins', 'gateway', 'config'],
  config: ['plugins', 'gateway'],
};

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(['"])([^'"\n]+)\1/gm;

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : tsFiles(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

/** The relative specifiers of one source text (package imports are not layers). */
export function relativeSpecifiers(text: string): string[] {
  return [...text.matchAll(SPECIFIER)].map((m) => m[2]!).filter((s) => s.startsWith('.'));
}

/** `layer/file.ts imports other/file.js` for every import that crosses into a forbidden top-level folder. */
function violations(layer: string): string[] {
  const found: string[] = [];
  for (const file of tsFiles(join(ROOT, layer))) {
    for (const spec of relativeSpecifiers(readFileSync(file, 'utf8'))) {
      const target = relative(ROOT, resolve(dirname(file), spec)).split(sep);
      if (FORBIDDEN[layer]!.includes(target[0]!)) found.push(`${relative(ROOT, file)} imports ${target.join('/')}`);
    }
  }
  return found;
}

describe('architecture: layers point one way', () => {
  it('finds the specifiers of every import form', () => {
    const text = [
      "import type { A } from '../../config/auth.js';",
      "import {\n  b,\n  c,\n} from '../plugins/index.js';",
      "export { d } from './d.js';",
      "import './side-effect.js';",
      "const m = await import('../gateway/app.js');",
      "import { e } from 'tsyringe';",
    ].join('\n');
    expect(relativeSpecifiers(text)).toEqual(['../../config/auth.js', '../plugins/index.js', './d.js', './side-effect.js', '../gateway/app.js']);
  });

  it('core/ imports nothing from plugins/, gateway/ or config/', () => {
    expect(tsFiles(join(ROOT, 'core')).length).toBeGreaterThan(20);
    expect(violations('core')).toEqual([]);
  });

  it('config/ imports nothing from plugins/ or gateway/ (it may import core/)', () => {
    expect(tsFiles(join(ROOT, 'config')).length).toBeGreaterThan(3);
    expect(violations('config')).toEqual([]);
  });

  it('a format plugin imports nothing from another plugin (what two formats share belongs in core/)', () => {
    const found: string[] = [];
    const plugins = readdirSync(join(ROOT, 'plugins'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(plugins.length).toBeGreaterThan(2);
    for (const plugin of plugins) {
      for (const file of tsFiles(join(ROOT, 'plugins', plugin))) {
        for (const spec of relativeSpecifiers(readFileSync(file, 'utf8'))) {
          const target = relative(ROOT, resolve(dirname(file), spec)).split(sep);
          if (target[0] === 'plugins' && target.length > 2 && target[1] !== plugin) found.push(`${relative(ROOT, file)} imports ${target.join('/')}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
