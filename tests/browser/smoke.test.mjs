// The built site loads, renders the placeholder without the embeddable
// widget's module, and stays mounted and reactive after forced garbage
// collections (the unmount handle must be kept on the Rust side: if JS owned
// it, a GC could unmount the app).
import assert from 'node:assert/strict';

const TITLE = 'Qili 棋例';
// Generous: CI shares 2 cores with nothing else, but a cold Chromium is slow.
const FIRST_RENDER_BUDGET_MS = Number(process.env.QILI_FIRST_RENDER_BUDGET_MS ?? 5000);

export default async function smoke({ page, url, artifact, metric, log }) {
  // Record, inside the page, when the title first appears in #qili-app.
  await page.addInitScript((title) => {
    const check = () => {
      const app = document.getElementById('qili-app');
      if (app && app.textContent.includes(title)) {
        window.__qiliFirstRenderMs = performance.now();
        return true;
      }
      return false;
    };
    new MutationObserver((_, observer) => check() && observer.disconnect()).observe(document, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  }, TITLE);

  // What the page fetches: the embeddable widget's module is not for the site.
  const fetched = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));

  await page.goto(url);
  const app = page.locator('#qili-app');
  await app.locator('h1', { hasText: TITLE }).waitFor({ timeout: 20_000 });

  const timing = await page.evaluate(() => {
    const wasm = performance.getEntriesByType('resource').find((e) => e.name.endsWith('.wasm'));
    return {
      firstRender: window.__qiliFirstRenderMs,
      domContentLoaded: performance.getEntriesByType('navigation')[0]?.domContentLoadedEventEnd,
      wasmFetch: wasm ? wasm.responseEnd - wasm.startTime : undefined,
      wasmBytes: wasm?.encodedBodySize,
    };
  });
  assert.ok(typeof timing.firstRender === 'number', 'first render was not observed');
  metric('first_render', Math.round(timing.firstRender), 'ms');
  metric('dom_content_loaded', Math.round(timing.domContentLoaded), 'ms');
  if (timing.wasmFetch !== undefined) metric('wasm_fetch', Math.round(timing.wasmFetch), 'ms');
  if (timing.wasmBytes !== undefined) metric('wasm_bytes', timing.wasmBytes, 'B');
  assert.ok(
    timing.firstRender < FIRST_RENDER_BUDGET_MS,
    `first render took ${Math.round(timing.firstRender)} ms (budget ${FIRST_RENDER_BUDGET_MS} ms)`,
  );
  await page.screenshot({ path: artifact('smoke.png'), fullPage: true });
  assert.deepEqual(
    fetched.filter((p) => /qili-widget/.test(p)),
    [],
    'a first visit does not fetch the widget module',
  );

  // Force several full GCs, letting finalizers run in between.
  const hasGc = await page.evaluate(() => typeof globalThis.gc === 'function');
  assert.ok(hasGc, 'gc() is not exposed: Chromium must be launched with --js-flags=--expose-gc');
  for (let i = 0; i < 3; i++) {
    await page.evaluate(async () => {
      globalThis.gc();
      await new Promise((r) => setTimeout(r, 50));
    });
  }
  log('forced 3 GCs');

  // Still mounted...
  await assert.doesNotReject(
    app.locator('h1', { hasText: TITLE }).waitFor({ timeout: 1000 }),
    'the app was unmounted after GC',
  );
  // ...and still reactive: the language switch updates the text.
  const tagline = app.locator('.tagline');
  const before = await tagline.textContent();
  await app.locator('button.switch-lang').click();
  await page.waitForFunction(
    (old) => document.querySelector('#qili-app .tagline')?.textContent !== old,
    before,
    { timeout: 2000 },
  );
  const after = await tagline.textContent();
  assert.notEqual(after, before);
  assert.equal(await app.locator('.qili').getAttribute('lang'), 'en');
  log(`language switch after GC: "${before}" -> "${after}"`);
  await page.screenshot({ path: artifact('smoke-after-gc.png'), fullPage: true });
}
