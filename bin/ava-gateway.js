#!/usr/bin/env node
// Runs the compiled CLI (gateway/cli/main.ts, built into dist/ by `npm ci` / `npm run build` through the package's
// prepare script). Exit codes: 0 converted, 1 a conversion failed, 2 usage error (see `ava-gateway --help`).
import('../dist/gateway/cli/main.js').catch((err) => {
  const missing = err?.code === 'ERR_MODULE_NOT_FOUND' && String(err.message).includes('dist/gateway/cli/main.js');
  process.stderr.write(missing ? 'ava-gateway is not built: run `npm run build` in its folder first\n' : `ava-gateway: ${err?.stack ?? err}\n`);
  process.exit(1);
});
