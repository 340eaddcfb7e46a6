/**
 * The web page's static files, read once at start-up and served from memory: the page's own files
 * (`gateway/web/assets/`, shipped in the package as they are: no build step) and the two libraries it uses,
 * taken from their installed packages (chart.js `dist/chart.umd.min.js`, fflate `esm/browser.js`), so the page
 * works on a closed network without any CDN.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Asset {
  body: Buffer;
  contentType: string;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

const here = dirname(fileURLToPath(import.meta.url));

/**
 * The folder of the page's files: beside this module when it runs from the source tree; from the compiled
 * `dist/gateway/web/` it is the package's `gateway/web/assets/` (tsc copies no .js/.css files).
 * @throws Error when neither exists (a package built without `gateway/web/assets` in its `files`)
 */
export function assetsDir(): string {
  for (const dir of [join(here, 'assets'), resolve(here, '..', '..', '..', 'gateway', 'web', 'assets')]) {
    if (existsSync(join(dir, 'index.html'))) return dir;
  }
  throw new Error(`the web page's files are missing (looked in ${join(here, 'assets')})`);
}

/** Paths of the bundled libraries' browser builds, resolved through the installed packages. */
function vendorFiles(): Record<string, string> {
  const require = createRequire(import.meta.url);
  // chart.js: the main entry is dist/chart.cjs; the UMD build (global `Chart`) lies beside it.
  const chart = join(dirname(require.resolve('chart.js')), 'chart.umd.min.js');
  // fflate: under node the entry is lib/node.cjs; the browser ES module is esm/browser.js.
  const fflate = resolve(dirname(require.resolve('fflate')), '..', 'esm', 'browser.js');
  return { 'vendor/chart.umd.min.js': chart, 'vendor/fflate.js': fflate };
}

/**
 * Every file the page may load, by its path below `/web/` (`app.js`, `vendor/fflate.js` …); `index.html` is the
 * page itself (served at `/`).
 */
export function loadAssets(): ReadonlyMap<string, Asset> {
  const dir = assetsDir();
  const files: Record<string, string> = { ...vendorFiles() };
  for (const name of readdirSync(dir)) {
    if (CONTENT_TYPES[extname(name)]) files[name] = join(dir, name);
  }
  const assets = new Map<string, Asset>();
  for (const [name, path] of Object.entries(files)) {
    assets.set(name, { body: readFileSync(path), contentType: CONTENT_TYPES[extname(path)]! });
  }
  return assets;
}
