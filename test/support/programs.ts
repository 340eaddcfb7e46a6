/** Whether a program the tests drive (LibreOffice, pdftotext …) is installed here. */
import { execFileSync } from 'node:child_process';

/**
 * True when `command` runs with `args` (e.g. `--version`) and exits with 0 within a minute; tests that need it skip,
 * saying so, when it does not.
 */
export function hasProgram(command: string, args: readonly string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore', timeout: 60_000 });
    return true;
  } catch {
    return false;
  }
}
