/** Entry point of `npm start`: load the configuration, build the container and the app, listen on `PORT`. */
import 'reflect-metadata';
import { dirname, resolve } from 'node:path';
import { loadConfig } from '../config/load.js';
import { createGatewayContainer } from '../core/di/container.js';
import { buildApp } from './app.js';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const pluginBaseDir = process.env.GATEWAY_CONFIG ? dirname(resolve(process.env.GATEWAY_CONFIG)) : process.cwd();
  const container = await createGatewayContainer(config, { pluginBaseDir });
  const app = await buildApp({ container, pluginBaseDir });
  const close = () => void app.close().then(() => process.exit(0));
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: Error) => {
  console.error(`ava-gateway did not start: ${err.message}`);
  process.exit(1);
});
