// Extra HTTP servers for browser tests (not a test: no .test.mjs suffix):
// dist/ with chosen headers (CORS for widgets on other origins, a CSP), and
// plain host pages, each on its own loopback port — another origin.
import { createServer } from 'node:http';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
export const dist = resolve(here, '..', '..', process.env.DIST ?? 'dist');

const mime = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

async function listen(handler) {
  const server = createServer(handler);
  await new Promise((ok, err) => server.once('error', err).listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    requests: [],
    // The page may still hold keep-alive connections (a widget, an iframe):
    // close them too, or close() waits for them to go idle.
    close: () =>
      new Promise((ok) => {
        server.close(ok);
        server.closeAllConnections();
      }),
    server,
  };
}

/** Serves dist/ with `headers` added to every response, and extra `pages` ({ '/path': html }). */
export async function serveDist(headers = {}, pages = {}) {
  const s = await listen((req, res) => {
    let path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    s.requests.push(path);
    if (pages[path] !== undefined) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(pages[path]);
      return;
    }
    if (path.endsWith('/')) path += 'index.html';
    const file = normalize(join(dist, path));
    if (!file.startsWith(dist + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain', ...headers }).end('not found');
      return;
    }
    res.writeHead(200, {
      'content-type': mime[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
      ...headers,
    });
    createReadStream(file).pipe(res);
  });
  return s;
}

/** Serves fixed pages: { '/path': html }. */
export async function servePages(pages, headers = {}) {
  return listen((req, res) => {
    const body = pages[new URL(req.url, 'http://x').pathname];
    if (body === undefined) res.writeHead(404, headers).end('not found');
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body);
  });
}

/** What a widget host shows, read through its (open) shadow root. */
export function widgetState(page, selector) {
  return page.evaluate((sel) =>
    [...document.querySelectorAll(sel)].map((h) => {
      const root = h.shadowRoot;
      if (!root) return null;
      const all = (q) => [...root.querySelectorAll(q)];
      return {
        pieces: all('[data-piece][data-square]').length,
        board: all('[data-piece][data-square]')
          .map((g) => g.dataset.square + g.dataset.piece)
          .sort()
          .join(' '),
        labels: all('.moves li[data-label]').map((li) => li.dataset.label + (li.dataset.sub ?? '')),
        ply: Number(root.querySelector('.moves [aria-current="step"]')?.closest('li')?.dataset.ply ?? 0),
        ruling: root.querySelector('[data-ruling]')?.dataset.ruling ?? null,
        error: root.querySelector('[data-error]')?.textContent ?? null,
        text: root.textContent,
        imgs: all('img').length,
      };
    }),
  selector);
}
