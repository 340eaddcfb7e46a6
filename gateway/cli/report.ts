/**
 * What the CLI tells the user on stderr: conversion messages and failures as `[LEVEL] <code> <item>: <text>`
 * (pandoc's `[WARNING] …` log lines), a progress bar (cli-progress, https://github.com/npkg/cli-progress) on a
 * terminal, and a summary line.
 */
import type { Writable } from 'node:stream';
import { MultiBar, type SingleBar } from 'cli-progress';
import { GatewayError } from '../../core/errors.js';
import type { ConversionMessage } from '../../core/pipeline/messages.js';

/** stderr as the reporter sees it: a stream, and whether it is a terminal. */
export type ErrorStream = Writable & { isTTY?: boolean };

/**
 * One conversion message: `[WARNING] GAEB_TEXT_TRUNCATED 01.0010: text`, the level from the severity, the item
 * number when there is one; ` (input)` is appended when several inputs run.
 */
export function messageLine(m: ConversionMessage, input?: string): string {
  const level = (m.severity ?? 'warning').toUpperCase();
  const item = m.itemNumber ? ` ${m.itemNumber}` : '';
  return `[${level}] ${m.code}${item}: ${m.message}${input ? ` (${input})` : ''}`;
}

/** A failed input: `[ERROR] <code> <input>: <text>`. */
export function failureLine(code: string, input: string, text: string): string {
  return `[ERROR] ${code} ${input}: ${text}`;
}

/**
 * The code and text of a conversion's exception: a GatewayError's catalogue code with each `errors` entry (its key
 * prefixed unless the text already names it); a file system error with its errno code (`ENOSPC` …); anything else
 * as GW_ERR_INTERNAL, each with its message.
 */
export function describeFailure(err: unknown): { code: string; text: string } {
  if (err instanceof GatewayError || (typeof err === 'object' && err !== null && 'code' in err && 'errors' in err)) {
    const e = err as GatewayError;
    const parts = Object.entries(e.errors ?? {}).flatMap(([key, texts]) =>
      texts.map((t) => (key === e.code || t.includes(key) ? t : `${key}: ${t}`)),
    );
    return { code: e.code, text: parts.join('; ') || e.message };
  }
  const errno = (err as NodeJS.ErrnoException)?.code;
  return { code: typeof errno === 'string' ? errno : 'GW_ERR_INTERNAL', text: (err as Error)?.message ?? String(err) };
}

export interface Tally {
  converted: number;
  failed: number;
  messages: number;
}

export const summaryLine = (t: Tally) => `converted ${t.converted}, failed ${t.failed}, messages ${t.messages}`;

/** The run's stderr: lines above a progress bar (on a terminal, several inputs) or plain lines. */
export class Reporter {
  private readonly bars?: MultiBar;
  private readonly bar?: SingleBar;

  constructor(
    private readonly stderr: ErrorStream,
    private readonly total: number,
  ) {
    if (stderr.isTTY && total > 1) {
      this.bars = new MultiBar({ stream: stderr, format: 'converting [{bar}] {value}/{total}' });
      this.bar = this.bars.create(total, 0);
    }
  }

  /** Whether a progress bar is drawn (then per-file success lines are left out). */
  get drawsBar(): boolean {
    return this.bar !== undefined;
  }

  line(text: string): void {
    if (this.bars) this.bars.log(`${text}\n`);
    else this.stderr.write(`${text}\n`);
  }

  /** One input is done, converted or not: the bar moves by exactly one. */
  done(): void {
    this.bar?.increment();
  }

  /** Stops the bar (showing the final count) and prints the summary when several inputs ran. */
  finish(tally: Tally): void {
    if (this.bars) {
      this.bars.update(); // flushes lines logged since the last redraw
      this.bars.stop();
    }
    if (this.total > 1) this.stderr.write(`${summaryLine(tally)}\n`);
  }
}
