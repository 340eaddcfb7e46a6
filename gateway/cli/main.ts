/**
 * `ava-gateway` command entry (bin/ava-gateway.js runs the compiled copy). Builds the conversion-only container
 * (format plugins from the configuration in `GATEWAY_CONFIG`; no signing keys, no grant store, nothing written
 * besides the outputs) and runs the command; see `USAGE` in args.ts.
 */
import 'reflect-metadata';
import { dirname, resolve } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { loadConfig } from '../../config/load.js';
import { createConversionContainer } from '../composition-root.js';
import { FormatRegistry } from '../../core/registry/format-registry.js';
import { EXIT_FAILED, EXIT_USAGE, runCli, type CliServices } from './convert.js';
import { ConversionPool } from '../pool/conversion-pool.js';

async function services(): Promise<CliServices> {
  const config = loadConfig(process.env);
  const pluginBaseDir = process.env.GATEWAY_CONFIG ? dirname(resolve(process.env.GATEWAY_CONFIG)) : process.cwd();
  const container = await createConversionContainer(config, { pluginBaseDir });
  return {
    registry: container.resolve(FormatRegistry),
    // Several inputs convert in parallel on the worker pool (one thread per core, `pool.threads`); a single input
    // converts on this thread, which saves starting a worker.
    createConverter: (inputs) => ConversionPool.create(config, { pluginBaseDir, container, threads: inputs > 1 ? undefined : 0 }),
  };
}

// A reader that stops early (`ava-gateway - -t ava -o - | head`) is no error worth a stack trace.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code !== 'EPIPE') throw err;
  process.exit(EXIT_FAILED);
});

runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, readStdin: () => buffer(process.stdin) }, services).then(
  (code) => process.exit(code),
  (err: Error & { code?: string }) => {
    // Configuration and plugin loading errors (GW_ERR_CONFIG, GW_ERR_PLUGIN_LOAD) are the caller's to fix.
    const setup = err.code === 'GW_ERR_CONFIG' || err.code === 'GW_ERR_PLUGIN_LOAD';
    process.stderr.write(`ava-gateway: ${err.message}\n`);
    process.exit(setup ? EXIT_USAGE : EXIT_FAILED);
  },
);
