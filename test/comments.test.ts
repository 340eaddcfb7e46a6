/**
 * Comments name the public source of a rule (standard and section, URL, or repository and path), never a
 * research note outside the repository: a `.ts` file under core/, plugins/, gateway/ or config/ that cites
 * `reference/<name>.md` or `seeds/<file>` fails here, with the file and line of each citation.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const FOLDERS = ['core', 'plugins', 'gateway', 'config'];

/** A pointer to a note that is not part of the repository. */
export const NOTE_POINTER = /\breference\/[\w-]+\.md\b|\bseeds\/[\w.-]*/;

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** `file:line: text` for every line of `text` that points to a note. */
export function notePointers(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => (NOTE_POINTER.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

describe('comments cite public sources', () => {
  it('recognises a pointer to a research note and leaves public sources alone', () => {
    expect(notePointers('a.ts', ' * Source: reference/avacloud-api.md §1.1.')).toHaveLength(1);
    expect(notePointers('a.ts', ' * (seeds/001 "Option groups")')).toHaveLength(1);
    expect(notePointers('a.ts', ' * RFC 6749 §5.2; https://avacloud-api.dangl-it.com/swagger; ddrews-de/gaeb-converter')).toEqual([]);
  });

  it('no .ts file under core/, plugins/, gateway/ or config/ points to reference/*.md or seeds/*', () => {
    const files = FOLDERS.flatMap((folder) => tsFiles(join(ROOT, folder)));
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) => notePointers(relative(ROOT, file), readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });
});
