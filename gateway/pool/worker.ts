/**
 * The conversion pool's worker thread (a piscina task module: the default export runs one task).
 * Each thread builds its own conversion container once, from the `workerData` the pool passes
 * (`{ config, pluginBaseDir }`), so built-in and customer format plugins load here exactly as on the main thread.
 * The output's ArrayBuffer goes back with `Piscina.move` (transferred, not copied).
 * https://github.com/piscinajs/piscina#method-runtask-options
 */
import 'reflect-metadata';
import { parentPort, workerData } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import type { DependencyContainer } from 'tsyringe';
import type { GatewayConfig } from '../../config/defaults.js';
import { GatewayError } from '../../core/errors.js';
import { createConversionContainer } from '../composition-root.js';
import { serializeGatewayError, type ConversionTask, type StartedMessage, type TaskOutcome } from './protocol.js';
import { runConversion } from './run-conversion.js';

/** What the pool passes to every worker. */
export interface WorkerData {
  config: GatewayConfig;
  pluginBaseDir?: string;
}

let container: Promise<DependencyContainer> | undefined;

/** Runs one conversion; a container that cannot be built (a broken plugin) fails every task with its error. */
export default async function convertInWorker(task: ConversionTask): Promise<unknown> {
  parentPort?.postMessage({ avaPoolStarted: task.id } satisfies StartedMessage);
  const { config, pluginBaseDir } = workerData as WorkerData;
  container ??= createConversionContainer(config, { pluginBaseDir });
  let outcome: TaskOutcome;
  try {
    outcome = await runConversion(await container, task);
  } catch (err) {
    const error = err instanceof GatewayError ? err : new GatewayError('GW_ERR_PLUGIN_LOAD', `The conversion worker could not start: ${(err as Error).message}`, 'plugins');
    return { ok: false, error: serializeGatewayError(error), faults: [] } satisfies TaskOutcome;
  }
  if (!outcome.ok) return outcome;
  const buffer = outcome.data.buffer as ArrayBuffer;
  return move({ [transferableSymbol]: [buffer], [valueSymbol]: outcome } as never);
}
