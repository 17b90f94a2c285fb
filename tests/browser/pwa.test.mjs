// Offline web app: the manifest parses and its icons load; the service
// worker precaches every file of the build (one cache named after the build);
// offline, a reload, a library example and an analysis link all work; a new
// deployment (a new sw.js) is offered as "reload to update" and, once
// accepted, the old build's cache is gone.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { open, labels, ruling } from './lib.mjs';
import { dist } from './serve.mjs';

export const timeoutMs = 90_000;

const FIG1 = '2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1';

const caches = (page) => page.evaluate(() => caches.keys());

export default async function pwa({ page, context, url, log, artifact }) {
  const built = readdirSync(dist).filter((f) => f !== 'sw.js' && !f.startsWith('.'));

  // --- installable: manifest and icons ---------------------------------------
  await open(page, url, '#/case/cxa1999-图一');
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector('link[rel="manifest"]');
    const res = await fetch(link.href);
    const json = await res.json();
    const icons = [];
    for (const icon of json.icons) {
      const r = await fetch(new URL(icon.src, res.url));
      const bitmap = await createImageBitmap(await r.blob());
      icons.push({ ...icon, status: r.status, width: bitmap.width, height: bitmap.height });
    }
    return { json, icons };
  });
  const m = manifest.json;
  assert.ok(m.name && m.short_name, 'name and short_name');
  assert.equal(m.display, 'standalone');
  assert.ok(!/^(\/|https?:)/.test(m.start_url), `start_url is relative: ${m.start_url}`);
  assert.ok(m.theme_color && m.background_color);
  for (const i of manifest.icons) {
    assert.equal(i.status, 200, i.src);
    assert.equal(`${i.width}x${i.height}`, i.sizes, `${i.src} has the size it claims`);
  }
  assert.ok(manifest.icons.some((i) => i.sizes === '192x192'));
  assert.ok(manifest.icons.some((i) => i.sizes === '512x512' && i.purpose === 'any'));
  assert.ok(manifest.icons.some((i) => i.purpose === 'maskable'));

  // --- the service worker precaches the whole build --------------------------
  await page.evaluate(() => navigator.serviceWorker.ready);
  const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
  const build = sw.match(/\bBUILD\s*=\s*["']([0-9a-f]+)["']/)[1];
  assert.deepEqual(await caches(page), [`qili-${build}`]);
  const cached = await page.evaluate(async (name) => {
    const c = await caches.open(name);
    return (await c.keys()).map((r) => new URL(r.url).pathname.replace(/^\//, ''));
  }, `qili-${build}`);
  for (const f of built) assert.ok(cached.includes(f), `${f} precached`);
  // The record reader and the saved studies are fetched on first use only,
  // but offline they must be there.
  for (const re of [/^records-[0-9a-f]+\.js$/, /^qili-records-worker_loader\.js$/, /^qili-records-worker\.js$/, /^qili-records-worker_bg\.wasm$/]) {
    assert.ok(cached.some((f) => re.test(f)), `the record reader (${re}) precached`);
  }
  for (const f of ['qili-studies.js', 'qili-studies_bg.wasm']) assert.ok(cached.includes(f), `the saved studies (${f}) precached`);
  for (const re of [/^qili-widget-[0-9a-f]+\.js$/, /^qili-widget-[0-9a-f]+_bg\.wasm$/]) {
    assert.ok(cached.some((f) => re.test(f)), `the widget module (${re}) precached`);
  }
  // The Export module writes the explanations: needed offline on every board page.
  for (const re of [/^export-[0-9a-f]+\.js$/, /^line-[0-9a-f]+\.js$/, /^qili-export-[0-9a-f]+_bg\.wasm$/]) {
    assert.ok(cached.some((f) => re.test(f)), `the Export module (${re}) precached`);
  }
  assert.ok(cached.includes(''), 'the start page precached');
  log(`build ${build}: ${cached.length} files precached`);
  await page.reload(); // now controlled by the worker
  await page.locator('#qili-app [data-piece]').first().waitFor();
  assert.ok(await page.evaluate(() => !!navigator.serviceWorker.controller), 'the page is controlled');

  // --- offline ------------------------------------------------------------------
  await context.setOffline(true);
  try {
    await page.reload();
    await page.locator('#qili-app [data-piece]').first().waitFor({ timeout: 20_000 });
    await page.goto(`${url}#/case/cxa1999-图一`);
    await page.locator('.moves li[data-label]').first().waitFor();
    assert.deepEqual(await labels(page), ['将', '闲', '将', '闲']);
    assert.equal(await ruling(page), 'red_loses');
    // The ruling's explanation comes from the Export module (not in the
    // first load): offline too, from the precache.
    await page.waitForFunction(
      () => document.querySelector('#qili-app .panel.verdict .explanation')?.textContent.includes('26.'),
      null,
      { timeout: 20_000 },
    );
    // A fresh navigation (not a hash change) to an analysis link.
    await page.goto('about:blank');
    await page.goto(`${url}#/analysis?fen=${encodeURIComponent(FIG1)}&moves=f0e0+e8f8+e0f0+f8e8&rules=cxa1999`);
    await page.locator('.moves li[data-label]').first().waitFor({ timeout: 20_000 });
    assert.equal(await ruling(page), 'red_loses');
    // The start page by its name, with a query string (ignored by the cache).
    await page.goto(`${url}index.html?from=home-screen#/about`);
    await page.locator('#qili-app main h2').first().waitFor({ timeout: 20_000 });
    // The about page's text is a file of its own, fetched from the precache.
    await page.locator('.about section h3').first().waitFor({ timeout: 20_000 });
    await page.screenshot({ path: artifact('pwa-offline.png') });
    log('offline: reload, library example and its explanation, analysis link, index.html?query, about text: ok');
  } finally {
    await context.setOffline(false);
  }

  // --- a new deployment -------------------------------------------------------
  const next = 'f'.repeat(16);
  await page.goto(`${url}#/`);
  await page.locator('#qili-app [data-piece], #qili-app .library').first().waitFor();
  writeFileSync(join(dist, 'sw.js'), sw.replace(build, next));
  try {
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    const banner = page.locator('.update-banner');
    await banner.waitFor({ timeout: 20_000 });
    log(`banner: ${await banner.textContent()}`);
    // Until the user accepts, the old build keeps serving the page.
    assert.ok((await caches(page)).includes(`qili-${build}`));
    await Promise.all([page.waitForEvent('load'), page.click('.update-reload')]);
    await page.locator('#qili-app [data-piece], #qili-app .library').first().waitFor();
    await page.waitForFunction((n) => caches.keys().then((k) => k.length === 1 && k[0] === n), `qili-${next}`);
    assert.deepEqual(await caches(page), [`qili-${next}`], 'old caches deleted on activate');
    assert.equal(await page.locator('.update-banner').count(), 0, 'no banner after the update');
  } finally {
    writeFileSync(join(dist, 'sw.js'), sw);
  }
}
