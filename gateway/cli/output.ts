/**
 * Where outputs go and how they are written without losing data: file identity (device and inode, so symbolic
 * links, hard links and case-insensitive file systems are seen through), the claim of each output path in a run,
 * and atomic writes (a temporary file in the target folder, then `rename(2)`, which replaces the target in one
 * step on POSIX file systems: https://pubs.opengroup.org/onlinepubs/9699919799/functions/rename.html).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, realpathSync, statSync } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

/** A file as the file system knows it: device and inode numbers. */
export interface FileIdentity {
  dev: number;
  ino: number;
}

/** The identity of an existing path (following links), or undefined when nothing is there. */
export function identityOf(path: string): FileIdentity | undefined {
  try {
    const s = statSync(path);
    return { dev: s.dev, ino: s.ino };
  } catch {
    return undefined;
  }
}

const sameFile = (a: FileIdentity, b: FileIdentity) => a.dev === b.dev && a.ino === b.ino;

/** File names compare without case where the platform's default file system ignores it (Windows, macOS). */
const foldCase = process.platform === 'win32' || process.platform === 'darwin';

/**
 * A comparable key for a path that may not exist yet: the real path of its nearest existing ancestor joined with
 * the rest, case-folded on Windows and macOS.
 */
export function pathKey(path: string): string {
  let existing = resolve(path);
  const rest: string[] = [];
  while (!existsSync(existing)) {
    const parent = dirname(existing);
    if (parent === existing) break;
    rest.unshift(basename(existing));
    existing = parent;
  }
  let real = existing;
  try {
    real = realpathSync.native(existing);
  } catch {
    // unreadable ancestor: compare the resolved path
  }
  const key = join(real, ...rest);
  return foldCase ? key.toLowerCase() : key;
}

/** An input file of the run, as named on the command line and as the file system knows it. */
export interface InputFile {
  /** As given on the command line. */
  name: string;
  identity: FileIdentity;
}

/**
 * The outputs of one run: refuses a path that is an input file, and (without `force`) a path another input's
 * output already took. Claims are synchronous, so concurrent conversions cannot both take one path.
 */
export class OutputClaims {
  private readonly taken = new Map<string, string>();

  constructor(
    private readonly inputs: readonly InputFile[],
    private readonly force: boolean,
  ) {}

  /** The input whose file is at `path`, if any. */
  inputAt(path: string): InputFile | undefined {
    const id = identityOf(path);
    return id && this.inputs.find((i) => sameFile(i.identity, id));
  }

  /**
   * Takes `path` for the output of `input`.
   * @returns undefined when taken, else why not (the text names the input(s) concerned)
   */
  claim(path: string, input: string): string | undefined {
    const victim = this.inputAt(path);
    if (victim) {
      return `the output ${path} would overwrite the input ${victim.name}; give another name with -o`;
    }
    const key = pathKey(path);
    const previous = this.taken.get(key);
    if (previous !== undefined && !this.force) {
      return `the outputs of ${previous} and ${input} would both be ${path}; give -o or use --force`;
    }
    this.taken.set(key, input);
    return undefined;
  }
}

/**
 * Writes `data` to `path` atomically: into a new temporary file beside it (`.<name>.<random>.tmp`), flushed to
 * disk, then renamed over `path`. On any failure the temporary file is removed and `path` is left as it was.
 * Creates missing parent folders.
 */
export async function writeFileAtomic(path: string, data: Uint8Array): Promise<void> {
  const folder = dirname(path);
  await mkdir(folder, { recursive: true });
  const temp = join(folder, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'wx');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}
