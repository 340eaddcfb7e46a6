/**
 * Entry point of `npm start`: load the configuration, build the container and the app, listen on `PORT`; SIGTERM
 * and SIGINT drain in-flight requests and exit (see `shutdown.ts`).
 */
import 'reflect-metadata';
import { dirname, resolve } from 'node:path';
import { loadConfig } from '../config/load.js';
import { createGatewayContainer } from './composition-root.js';
import { buildApp } from './app.js';
import { closeOnSignals } from './shutdown.js';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const pluginBaseDir = process.env.GATEWAY_CONFIG ? dirname(resolve(process.env.GATEWAY_CONFIG)) : process.cwd();
  const container = await createGatewayContainer(config, { pluginBaseDir });
  const app = await buildApp({ container, pluginBaseDir });
  closeOnSignals(app, { graceSeconds: config.shutdownGraceSeconds });
  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: Error) => {
  console.error(`ava-gateway did not start: ${err.message}`);
  process.exit(1);
});
