// Helpers shared by the browser tests (not a test: no .test.mjs suffix).
import assert from 'node:assert/strict';

/** The flags every test's Chromium is started with (run.mjs, and tests that start their own). */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--js-flags=--expose-gc',
];

/** Opens `hash` and waits for the board's pieces. Returns ms to the first piece. */
export async function open(page, url, hash) {
  await page.addInitScript(() => {
    const seen = () => {
      if (document.querySelector('#qili-app [data-piece]')) {
        window.__qiliFirstBoardMs ??= performance.now();
        return true;
      }
      return false;
    };
    new MutationObserver((_, o) => seen() && o.disconnect()).observe(document, {
      childList: true,
      subtree: true,
    });
  });
  await page.goto('about:blank'); // a fresh document, not a hash change
  await page.goto(url + hash);
  await page.locator('#qili-app [data-piece]').first().waitFor({ timeout: 20_000 });
  return page.evaluate(() => window.__qiliFirstBoardMs);
}

/** The labels (and sub-labels) of the move list, in order. */
export async function labels(page) {
  return page.$$eval('.moves li[data-label]', (lis) =>
    lis.map((li) => li.dataset.label + (li.dataset.sub ?? '')),
  );
}

/** The ruling shown by the verdict panel. */
export async function ruling(page) {
  return page.getAttribute('.verdict[data-ruling]', 'data-ruling');
}

/** The pieces on the board as { square: FEN letter }. */
export async function pieces(page) {
  return page.$$eval('svg.board [data-piece][data-square]', (gs) =>
    Object.fromEntries(gs.map((g) => [g.dataset.square, g.dataset.piece])),
  );
}

/** The ply the replay shows (from the current move in the list). */
export async function currentPly(page) {
  return page.$eval('.moves [aria-current="step"]', (b) => Number(b.closest('li').dataset.ply));
}

/** Fails unless the page has no horizontal scrollbar. */
export async function noHorizontalScroll(page, what) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  assert.ok(scroll <= client, `${what}: the page is ${scroll}px wide in a ${client}px viewport`);
}

/** Waits until the board's line has `n` moves. */
export async function waitForLine(page, n) {
  await page.waitForFunction(
    (n) => (new URLSearchParams(location.hash.split('?')[1] ?? '').get('moves') ?? '').split(/\s+/).filter(Boolean).length === n,
    n,
    { timeout: 20_000 },
  );
  await page.locator(`.moves li[data-ply="${n}"]`).waitFor({ timeout: 20_000 });
}

/** Drops a file with `bytes` on the page, as a drag from the desktop does. */
export async function drop(page, name, bytes) {
  const dt = await page.evaluateHandle(
    ({ name, b64 }) => {
      const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([data], name));
      return dt;
    },
    { name, b64: Buffer.from(bytes).toString('base64') },
  );
  await page.dispatchEvent('#qili-app main', 'dragover', { dataTransfer: dt });
  await page.dispatchEvent('#qili-app main h2', 'drop', { dataTransfer: dt });
}
