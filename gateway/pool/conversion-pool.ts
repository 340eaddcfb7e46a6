/**
 * The conversion pool: conversions run on worker threads (piscina), so a 20 MB conversion does not hold up the
 * event loop that answers `/status` and `/connect/token`. Used by the HTTP routes and the CLI.
 *
 * - Size: `pool.threads` (default `os.availableParallelism()`); `0` runs conversions on the calling thread with
 *   the same API and results (no queue bound, no time limit: synchronous code cannot be interrupted there).
 *   Workers start when the first conversions arrive and then stay (piscina `minThreads: 0`,
 *   `idleTimeout: Infinity`), so an app that never converts never starts one. They run at a lower scheduling
 *   priority than the event loop (see WORKER_NICE_INCREMENT).
 * - Queue: at most `pool.maxQueue` conversions wait for a thread; one more is refused at once with
 *   {@link PoolBusyError} (503, `Retry-After` = the mean conversion time so far, at least 1 s). They wait here,
 *   not in piscina: piscina is given one conversion per thread at a time, and the next when one ends. piscina 5
 *   replaces a worker terminated by an abort only up to `minThreads` (0 here) and starts queued tasks only when a
 *   worker becomes free or a task is submitted, so after a time limit its own queue waited for the next request.
 * - Time limit: a conversion running longer than `pool.timeoutSeconds` (counted from the moment a worker starts
 *   it, not while it waits in the queue) is aborted through piscina's AbortSignal, which terminates its worker;
 *   it fails with {@link ConversionTimeoutError} (504) and the next conversion gets a fresh worker.
 * - Errors: a GatewayError of the conversion arrives with its code, status and `errors`; a worker that dies while
 *   converting (out of memory, `process.exit` in a plugin) is a 400 naming the conversion.
 * - Data: input bytes that cover their whole ArrayBuffer are transferred to the worker (the caller's Buffer is
 *   detached afterwards, length 0); other inputs are copied. The output comes back transferred, never copied.
 * https://github.com/piscinajs/piscina#readme
 */
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import type { DependencyContainer } from 'tsyringe';
import type { GatewayConfig } from '../../config/defaults.js';
import { GatewayError, parseError } from '../../core/errors.js';
import { createConversionContainer } from '../composition-root.js';
import type { ResolvedOptions } from '../../core/options/catalog.js';
import type { ConversionMessage } from '../../core/pipeline/messages.js';
import { ConversionTimeoutError, PoolBusyError } from './errors.js';
import { isStartedMessage, ownsWholeBuffer, reviveFault, reviveGatewayError, type ConversionTask, type PoolInput, type TaskOutcome } from './protocol.js';
import { runConversion } from './run-conversion.js';
import type { WorkerData } from './worker.js';

export interface PoolConvertRequest {
  sourceId: string;
  targetId: string;
  input: PoolInput;
  options: ResolvedOptions;
  /** Called with each unexpected reader/writer exception that the conversion turned into a 400 (for logging). */
  onPluginError?: (err: Error, stage: 'read' | 'write') => void;
}

export interface PoolConvertResult {
  /** The whole output. */
  data: Buffer;
  contentType: string;
  /** File extension including the dot, e.g. `.X83`. */
  fileExtension: string;
  messages: ConversionMessage[];
}

/**
 * Workers lower their own scheduling priority by this much (piscina `niceIncrement`, per thread on Linux, through
 * the optional `@napi-rs/nice`; ignored where it is missing): when the cores are all busy, the event loop answering
 * `/status` and `/connect/token` goes first, and conversions take whatever CPU is left. On 2 cores with four 20 MB
 * conversions running this doubled the token requests per second and halved their p99 (test/bench/pool.ts).
 */
const WORKER_NICE_INCREMENT = 5;

/** Longest delay `setTimeout` accepts (ms). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The worker module next to this one: compiled `worker.js`, or `worker.ts` loaded through tsx from sources. */
function workerModule(): { filename: string; execArgv?: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (!here.endsWith('.ts')) return { filename: join(dirname(here), 'worker.js') };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { filename: join(dirname(here), 'worker.ts'), execArgv: ['--import', tsx] };
}

interface PendingTask {
  controller: AbortController;
  startedAt?: number;
  timer?: NodeJS.Timeout;
}

/** Reason of an abort at the time limit. */
const TIME_LIMIT = Symbol('time limit');

export class ConversionPool {
  readonly #threads: number;
  readonly #maxQueue: number;
  readonly #timeoutSeconds: number;
  readonly #piscina?: Piscina<ConversionTask, TaskOutcome>;
  readonly #container?: DependencyContainer;
  readonly #pending = new Map<number, PendingTask>();
  #nextId = 1;
  #inFlight = 0;
  #running = 0;
  #runs = 0;
  #meanRunMs = 0;
  #closed = false;
  /** Threads not given a conversion; the conversions waiting for one, first come first. */
  #freeThreads: number;
  readonly #waiting: (() => void)[] = [];
  /** Called once no conversion waits for a thread (`close` waits for that). */
  readonly #onQueueEmpty: (() => void)[] = [];

  private constructor(config: GatewayConfig, threads: number, engine: { piscina?: Piscina<ConversionTask, TaskOutcome>; container?: DependencyContainer }) {
    this.#threads = threads;
    this.#freeThreads = threads;
    this.#maxQueue = config.pool.maxQueue;
    this.#timeoutSeconds = config.pool.timeoutSeconds;
    this.#piscina = engine.piscina;
    this.#container = engine.container;
    this.#piscina?.on('message', (m: unknown) => {
      if (isStartedMessage(m)) this.#onStarted(m.avaPoolStarted);
    });
    // A worker that fails outside a task (its module does not load): fail the conversions waiting for it.
    this.#piscina?.on('error', (err: Error) => {
      for (const task of this.#pending.values()) if (task.startedAt === undefined) task.controller.abort(err);
    });
  }

  /**
   * @param opts.pluginBaseDir folder relative plugin specifiers in `config.plugins` are resolved against
   * @param opts.threads overrides `config.pool.threads`
   * @param opts.container the conversion container to run in when there are no threads (the caller's own, so its
   *   registrations apply and the plugins are not loaded twice); workers always build their own from `config`
   * @throws GatewayError GW_ERR_CONFIG for a thread count that is not a whole number ≥ 0 or a configuration that
   *   cannot be passed to a worker; GW_ERR_PLUGIN_LOAD (threads 0) for a broken plugin
   */
  static async create(config: GatewayConfig, opts: { pluginBaseDir?: string; threads?: number; container?: DependencyContainer } = {}): Promise<ConversionPool> {
    const threads = opts.threads ?? config.pool.threads ?? availableParallelism();
    if (!Number.isInteger(threads) || threads < 0) {
      throw new GatewayError('GW_ERR_CONFIG', `pool.threads must be a whole number of at least 0, not ${threads}`, 'config');
    }
    if (threads === 0) {
      return new ConversionPool(config, 0, { container: opts.container ?? (await createConversionContainer(config, { pluginBaseDir: opts.pluginBaseDir })) });
    }
    const workerData: WorkerData = { config, pluginBaseDir: opts.pluginBaseDir };
    try {
      structuredClone(workerData);
    } catch (err) {
      throw new GatewayError('GW_ERR_CONFIG', `The configuration cannot be passed to the conversion workers: ${(err as Error).message}`, 'config');
    }
    const piscina = new Piscina<ConversionTask, TaskOutcome>({
      ...workerModule(),
      workerData,
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: Infinity,
      niceIncrement: WORKER_NICE_INCREMENT,
      closeTimeout: Math.min(config.pool.timeoutSeconds * 1000, MAX_TIMER_MS),
    });
    return new ConversionPool(config, threads, { piscina });
  }

  /** Worker threads (0: conversions run on the calling thread). */
  get threads(): number {
    return this.#threads;
  }

  /** Conversions accepted and not yet started by a thread. */
  get queueSize(): number {
    return this.#inFlight - this.#running;
  }

  /** Conversions running now. */
  get running(): number {
    return this.#running;
  }

  /**
   * Converts one input.
   * @throws PoolBusyError (503) when `pool.maxQueue` conversions already wait, or the pool is closed
   * @throws ConversionTimeoutError (504) when the conversion ran past `pool.timeoutSeconds`
   * @throws GatewayError as the conversion raised it (400 unreadable input or unwritable project, 404 no such
   *   conversion …)
   */
  async convert(req: PoolConvertRequest): Promise<PoolConvertResult> {
    if (this.#closed) throw new PoolBusyError('The conversion pool is closed: the gateway is shutting down.', 1);
    if (this.#piscina && this.#inFlight >= this.#threads + this.#maxQueue) {
      throw new PoolBusyError(
        `All ${this.#threads} conversion threads are busy and ${this.queueSize} conversions are waiting (pool.maxQueue ${this.#maxQueue}); retry later.`,
        this.#retryAfterSeconds(),
      );
    }
    const { bytes, json, fileName } = req.input;
    const task: ConversionTask = { id: this.#nextId++, sourceId: req.sourceId, targetId: req.targetId, input: { json, fileName }, options: req.options };
    this.#inFlight++;
    let outcome: TaskOutcome;
    try {
      outcome = this.#piscina ? await this.#runInWorker(task, bytes) : await this.#runInline(task, bytes);
    } finally {
      this.#inFlight--;
    }
    for (const fault of outcome.faults) req.onPluginError?.(reviveFault(fault), fault.stage);
    if (!outcome.ok) throw reviveGatewayError(outcome.error);
    const { data, contentType, fileExtension, messages } = outcome;
    return { data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), contentType, fileExtension, messages };
  }

  /**
   * Refuses new conversions, lets the waiting ones start and the running ones finish (each up to
   * `pool.timeoutSeconds`), then stops the threads.
   */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#waiting.length > 0) await new Promise<void>((resolve) => this.#onQueueEmpty.push(resolve));
    await this.#piscina?.close();
  }

  async #runInline(task: ConversionTask, bytes: Uint8Array | undefined): Promise<TaskOutcome> {
    const startedAt = performance.now();
    this.#running++;
    try {
      return await runConversion(this.#container!, { ...task, input: { ...task.input, bytes } });
    } finally {
      this.#running--;
      this.#recordRun(performance.now() - startedAt);
    }
  }

  /** Runs `task` on a thread once one is free (see the module docstring, "Queue"). */
  async #runInWorker(task: ConversionTask, bytes: Uint8Array | undefined): Promise<TaskOutcome> {
    await this.#takeThread();
    try {
      return await this.#runOnThread(task, bytes);
    } finally {
      this.#releaseThread();
    }
  }

  #takeThread(): Promise<void> {
    if (this.#freeThreads > 0) {
      this.#freeThreads--;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Gives the thread to the first waiting conversion, else counts it free. */
  #releaseThread(): void {
    const next = this.#waiting.shift();
    if (next) next(); // its `piscina.run` is called before `close` (resolved below) closes piscina
    else this.#freeThreads++;
    if (this.#waiting.length === 0) for (const resolve of this.#onQueueEmpty.splice(0)) resolve();
  }

  async #runOnThread(task: ConversionTask, bytes: Uint8Array | undefined): Promise<TaskOutcome> {
    // Structured clone copies a view's whole ArrayBuffer: send exactly the bytes, moved, never a larger buffer.
    const own = bytes && (ownsWholeBuffer(bytes) ? bytes : new Uint8Array(bytes));
    const pending: PendingTask = { controller: new AbortController() };
    this.#pending.set(task.id, pending);
    try {
      return await this.#piscina!.run(
        { ...task, input: { ...task.input, bytes: own } },
        { signal: pending.controller.signal, transferList: own ? [own.buffer as ArrayBuffer] : undefined },
      );
    } catch (err) {
      const reason: unknown = pending.controller.signal.reason;
      if (reason === TIME_LIMIT) {
        throw new ConversionTimeoutError(
          `The conversion ${task.sourceId} → ${task.targetId} was stopped after ${this.#timeoutSeconds} s (pool.timeoutSeconds); the input takes too long to convert.`,
        );
      }
      if (this.#closed) throw new PoolBusyError('The conversion was stopped: the gateway is shutting down.', 1);
      if (pending.startedAt === undefined) {
        const cause = reason instanceof Error ? reason : err;
        throw new GatewayError('GW_ERR_INTERNAL', `The conversion worker could not start: ${(cause as Error).message}`, 'conversion', { cause });
      }
      throw parseError(`The ${task.sourceId} input could not be converted: the conversion thread ended unexpectedly (${(err as Error).message}).`, 'conversion', err);
    } finally {
      clearTimeout(pending.timer);
      if (pending.startedAt !== undefined) {
        this.#running--;
        this.#recordRun(performance.now() - pending.startedAt);
      }
      this.#pending.delete(task.id);
    }
  }

  #onStarted(id: number): void {
    const pending = this.#pending.get(id);
    if (!pending || pending.startedAt !== undefined) return;
    pending.startedAt = performance.now();
    this.#running++;
    pending.timer = setTimeout(() => pending.controller.abort(TIME_LIMIT), Math.min(this.#timeoutSeconds * 1000, MAX_TIMER_MS));
    pending.timer.unref();
  }

  #recordRun(ms: number): void {
    this.#runs++;
    this.#meanRunMs += (ms - this.#meanRunMs) / this.#runs;
  }

  #retryAfterSeconds(): number {
    return Math.min(Math.max(1, Math.ceil(this.#meanRunMs / 1000)), Math.ceil(this.#timeoutSeconds));
  }
}
