#!/usr/bin/env node
// Runs the compiled CLI (built by `npm ci`/`npm run build` through the package's prepare script).
import('../dist/gateway/cli/main.js');
