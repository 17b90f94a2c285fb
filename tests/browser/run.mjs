#!/usr/bin/env node
// Browser tests of the built site.
//
//   node tests/browser/run.mjs [NAME_FILTER...]
//
// Serves dist/ (build it first: `trunk build index.html --release --offline`)
// with a tiny static server on a free loopback port, launches Debian's
// Chromium through playwright-core, and runs every tests/browser/*.test.mjs
// (or those whose file name contains one of the filters).
//
// A test file default-exports `async function (t)`, where t has:
//   page, context   a fresh Playwright page and browser context per test
//   url             the site's URL (index.html of dist/)
//   artifact(name)  a path in tests/browser/artifacts/ for screenshots etc.
//   metric(name, value, unit)  records a measurement (printed, and written
//                   to artifacts/metrics.json)
//   log(...)        prints a line under the test's name
// It may export `timeoutMs` (default 60000). A test fails if it throws, times
// out, the page throws an uncaught exception, or a request to the site gets an
// HTTP error (a missing asset). On failure a screenshot is saved as
// artifacts/<test>.failure.png.
//
// Environment: CHROMIUM (default /usr/bin/chromium), DIST (default dist).

import { createServer } from 'node:http';
import { createReadStream, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, normalize, resolve, sep, dirname, basename } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumArgs } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const dist = resolve(root, process.env.DIST ?? 'dist');
const artifacts = join(here, 'artifacts');
const executablePath = process.env.CHROMIUM ?? '/usr/bin/chromium';

function fail(message) {
  console.error(`browser tests: ${message}`);
  process.exit(1);
}

if (!existsSync(join(dist, 'index.html'))) {
  fail(`${dist}/index.html not found; build the site first: trunk build index.html --release --offline`);
}
if (!existsSync(executablePath)) {
  fail(`${executablePath} not found; run scripts/bootstrap.sh (installs Debian's chromium)`);
}

// --- static server for dist/ ------------------------------------------------
const mime = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm', // required by WebAssembly.instantiateStreaming
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

const server = createServer((req, res) => {
  let path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  if (path.endsWith('/')) path += 'index.html';
  const file = normalize(join(dist, path));
  if (!(file === dist || file.startsWith(dist + sep)) || !existsSync(file) || !statSync(file).isFile()) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    return;
  }
  res.writeHead(200, {
    'content-type': mime[extname(file)] ?? 'application/octet-stream',
    'cache-control': 'no-store',
  });
  createReadStream(file).pipe(res);
});
await new Promise((ok, err) => server.once('error', err).listen(0, '127.0.0.1', ok));
const url = `http://127.0.0.1:${server.address().port}/`;

// --- tests --------------------------------------------------------------------
const filters = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.test.mjs'))
  .filter((f) => filters.length === 0 || filters.some((w) => f.includes(w)))
  .sort();
if (files.length === 0) {
  server.close();
  fail(`no tests matched in ${here}${filters.length ? ` (filters: ${filters.join(' ')})` : ''}`);
}

mkdirSync(artifacts, { recursive: true });
// playwright-core's launch() gives every run a fresh temporary --user-data-dir.
const browser = await chromium.launch({ executablePath, headless: true, args: chromiumArgs });
console.log(`browser tests: ${browser.version()} via playwright-core, site ${url} from ${dist}`);

const metrics = {};
const results = [];
for (const file of files) {
  const name = basename(file, '.test.mjs');
  const started = performance.now();
  const log = (...args) => console.log(`  [${name}]`, ...args);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e));
  const httpErrors = [];
  page.on('response', (r) => {
    if (r.status() >= 400 && r.url().startsWith(url)) httpErrors.push(`HTTP ${r.status()} ${r.url()}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') log(`console.${m.type()}: ${m.text()}`);
  });
  let error = null;
  let timer;
  try {
    const mod = await import(pathToFileURL(join(here, file)).href);
    if (typeof mod.default !== 'function') throw new Error(`${file} has no default-exported test function`);
    const timeoutMs = mod.timeoutMs ?? 60_000;
    const t = {
      page,
      context,
      url,
      log,
      artifact: (fileName) => join(artifacts, fileName),
      metric: (metric, value, unit = '') => {
        (metrics[name] ??= {})[metric] = { value, unit };
        log(`metric ${metric} = ${value}${unit ? ' ' + unit : ''}`);
      },
    };
    await Promise.race([
      mod.default(t),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    if (pageErrors.length) throw new Error(`uncaught exception in page: ${pageErrors.map(String).join('; ')}`);
    if (httpErrors.length) throw new Error(`failed requests: ${httpErrors.join('; ')}`);
  } catch (e) {
    error = e;
    await page
      .screenshot({ path: join(artifacts, `${name}.failure.png`), fullPage: true })
      .catch(() => {});
  } finally {
    clearTimeout(timer);
    await context.close().catch(() => {});
  }
  const ms = Math.round(performance.now() - started);
  results.push({ name, ok: !error, ms });
  if (error) console.log(`FAIL ${name} (${ms} ms)\n${String(error.stack ?? error).replace(/^/gm, '    ')}`);
  else console.log(`ok   ${name} (${ms} ms)`);
}

await browser.close();
server.close();
writeFileSync(join(artifacts, 'metrics.json'), JSON.stringify(metrics, null, 2) + '\n');

const failed = results.filter((r) => !r.ok);
if (failed.length) console.log(`failed: ${failed.map((r) => r.name).join(', ')} (artifacts in ${artifacts})`);
console.log(`browser: ${results.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
