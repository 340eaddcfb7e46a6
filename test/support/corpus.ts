/**
 * Access to the shared sample corpus (`../shared/corpus` beside the repository). The files are public test data
 * and never copied into this repository; suites that need them skip, saying so, when the folder is absent.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Absolute path of the corpus folder, from `AVA_CORPUS_DIR` or `../shared/corpus`. */
export const CORPUS_DIR = process.env.AVA_CORPUS_DIR ?? resolve(repoRoot, '..', 'shared', 'corpus');
export const SHARED_DIR = resolve(CORPUS_DIR, '..');
export const hasCorpus = existsSync(CORPUS_DIR);

if (!hasCorpus) {
  console.warn(`corpus suite skipped: ${CORPUS_DIR} does not exist`);
}

/** Path of a corpus file, e.g. `corpusPath('gaeb', 'LV_Los01.X83')`. */
export const corpusPath = (...parts: string[]) => join(CORPUS_DIR, ...parts);

/** Reads a corpus file as bytes. */
export const readCorpus = (...parts: string[]) => readFileSync(corpusPath(...parts));

/** Files of a corpus sub-folder whose name matches the pattern (sorted). */
export function corpusFiles(folder: string, pattern: RegExp): string[] {
  const dir = corpusPath(folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => pattern.test(f)).sort();
}
