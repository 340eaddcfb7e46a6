/** `ava-gateway` command entry (bin/ava-gateway.js). */
import 'reflect-metadata';
import { loadConfig } from '../../config/load.js';
import { createGatewayContainer } from '../../core/di/container.js';
import { runConvert, USAGE } from './convert.js';

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'convert') {
    console.error(command ? `Unknown command "${command}".\n${USAGE}` : USAGE);
    return 1;
  }
  const container = await createGatewayContainer(loadConfig(process.env));
  return runConvert(rest, container, {
    out: (l) => console.log(l),
    err: (l) => console.error(l),
    progress: Boolean(process.stderr.isTTY),
  });
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(err.message);
    process.exit(1);
  },
);
