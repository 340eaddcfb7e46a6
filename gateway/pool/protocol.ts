/**
 * What crosses the thread boundary between the conversion pool and its workers: the task, the outcome, and
 * errors in a form the structured clone algorithm keeps (it drops an Error's own properties such as `code` and
 * `errors`, so a {@link GatewayError} travels as plain data and is rebuilt on the other side).
 * https://nodejs.org/api/worker_threads.html#portpostmessagevalue-transferlist
 */
import { ERROR_CODES, GatewayError, type ErrorCode } from '../../core/errors.js';
import type { ResolvedOptions } from '../../core/options/catalog.js';
import type { ConversionMessage } from '../../core/pipeline/messages.js';

/** The input of one conversion: file bytes (multipart sources) or the raw JSON text (JSON sources such as `ava`). */
export interface PoolInput {
  bytes?: Uint8Array;
  /** JSON request body as text; parsed where the conversion runs (never on the event loop). */
  json?: string;
  fileName?: string;
}

/** One conversion as the pool hands it to a worker. */
export interface ConversionTask {
  /** Pool-wide task number; the worker reports it when the conversion starts (see {@link StartedMessage}). */
  id: number;
  sourceId: string;
  targetId: string;
  input: PoolInput;
  options: ResolvedOptions;
}

/** Posted by a worker on its `parentPort` when it begins a task: the pool starts the task's time limit then. */
export interface StartedMessage {
  avaPoolStarted: number;
}

export const isStartedMessage = (m: unknown): m is StartedMessage =>
  typeof m === 'object' && m !== null && typeof (m as StartedMessage).avaPoolStarted === 'number';

/** A GatewayError as plain data. */
export interface SerializedGatewayError {
  code: ErrorCode;
  message: string;
  errors: Record<string, string[]>;
}

/** An unexpected exception of a reader or writer that the service turned into a 400 (logged by the caller). */
export interface PluginFault {
  stage: 'read' | 'write';
  name: string;
  message: string;
  stack?: string;
}

export type TaskOutcome =
  | {
      ok: true;
      /** The whole output; its ArrayBuffer is transferred to the pool's thread, not copied. */
      data: Uint8Array;
      contentType: string;
      fileExtension: string;
      messages: ConversionMessage[];
      faults: PluginFault[];
    }
  | { ok: false; error: SerializedGatewayError; faults: PluginFault[] };

export function serializeGatewayError(err: GatewayError): SerializedGatewayError {
  return { code: err.code, message: err.message, errors: err.errors };
}

/** Rebuilds a GatewayError with the same code, status, message and `errors` dictionary. */
export function reviveGatewayError(s: SerializedGatewayError): GatewayError {
  const code: ErrorCode = s.code in ERROR_CODES ? s.code : 'GW_ERR_INTERNAL';
  const err = new GatewayError(code, s.message);
  (err as { errors: Record<string, string[]> }).errors = s.errors;
  return err;
}

export function serializeFault(err: unknown, stage: PluginFault['stage']): PluginFault {
  const e = err instanceof Error ? err : new Error(String(err));
  return { stage, name: e.name, message: e.message, stack: e.stack };
}

export function reviveFault(f: PluginFault): Error {
  const err = new Error(f.message);
  err.name = f.name;
  if (f.stack) err.stack = f.stack;
  return err;
}

/**
 * True when `view` covers its whole ArrayBuffer, so transferring the ArrayBuffer hands over exactly these bytes
 * (a small Buffer usually is a slice of Node's shared 8 KiB allocation pool and must be copied instead).
 */
export function ownsWholeBuffer(view: Uint8Array): boolean {
  return view.buffer instanceof ArrayBuffer && view.byteOffset === 0 && view.byteLength === view.buffer.byteLength;
}
