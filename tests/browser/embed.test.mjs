// Embedding, as a club webmaster does it: a plain page on ANOTHER origin
// (another port) includes embed.js from the site's origin and places two
// widgets (a <div class="qili" data-…> and a <qili-board>) plus an iframe of
// embed.html. Both widgets render in shadow roots, step, and show the
// verdict; the host page's own styles do not reach them. They are drawn by
// a wasm of their own (crates/qili-widget), which the site never fetches
// (smoke.test.mjs).
import assert from 'node:assert/strict';
import { serveDist, servePages, widgetState } from './serve.mjs';

export const timeoutMs = 90_000;

const FIG1 = '2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1';
const FIG2 = '1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w - - 0 1';

export default async function embed({ page, artifact, log, metric }) {
  // The site's server sends CORS headers, as GitHub Pages and most static hosts do.
  const site = await serveDist({ 'access-control-allow-origin': '*' });
  const frameHash = `fen=${encodeURIComponent(FIG1)}&moves=${encodeURIComponent('f0e0 e8f8 e0f0 f8e8')}&rules=axf&lang=en`;
  const host = await servePages({
    '/club/news.html': `<!doctype html>
<html><head><meta charset="utf-8"><title>Club news</title>
<style>
  button { display: none !important; }
  li, p, svg { color: lime; background: black; font-size: 40px; }
  .moves, .verdict { display: none; }
</style>
<script src="${site.url}embed.js" defer></script>
</head><body>
<h1>Our club</h1>
<div class="qili" id="w1" data-fen="${FIG1}" data-moves="f0e0 e8f8 e0f0 f8e8" data-rules="cxa1999" data-lang="zh"></div>
<p>Between the widgets.</p>
<qili-board id="w2" fen="${FIG2}" moves="h6i4 i9h9 i4h6 h9i9" rules="cxa2020" lang="en"></qili-board>
<iframe id="f" src="${site.url}embed.html#${frameHash}" width="420" height="760"></iframe>
</body></html>`,
  });
  try {
    assert.notEqual(new URL(host.url).origin, new URL(site.url).origin);
    await page.goto(`${host.url}club/news.html`);
    await page.waitForFunction(
      () => ['#w1', '#w2'].every((s) => document.querySelector(s)?.shadowRoot?.querySelector('[data-piece]')),
      null,
      { timeout: 20_000 },
    );
    let [w1, w2] = await widgetState(page, '#w1, #w2');
    log(`w1: ${w1.labels.join(' ')} -> ${w1.ruling}; w2: ${w2.labels.join(' ')} -> ${w2.ruling}`);
    assert.deepEqual(w1.labels, ['将', '闲', '将', '闲']);
    assert.equal(w1.ruling, 'red_loses');
    assert.equal(w1.pieces, 7);
    assert.deepEqual(w2.labels, ['捉', '闲兑', '捉', '捉']);
    assert.equal(w2.ruling, 'red_loses');
    assert.equal(w1.ply, 0);
    assert.ok(w2.text.includes('Verdict') || /[A-Za-z]/.test(w2.text), 'w2 speaks English');

    // Step widget 1 forward twice and widget 2 once: they move independently.
    const next = (id) => page.$eval(id, (h) => h.shadowRoot.querySelector('.controls .step.next').click());
    const start1 = w1.board;
    await next('#w1');
    await next('#w1');
    await next('#w2');
    await page.waitForFunction(() =>
      document.querySelector('#w1').shadowRoot.querySelector('.moves [aria-current="step"]')?.closest('li')?.dataset.ply === '2',
    );
    [w1, w2] = await widgetState(page, '#w1, #w2');
    assert.equal(w1.ply, 2);
    assert.equal(w2.ply, 1);
    assert.notEqual(w1.board, start1, 'the board moved');
    const badge = await page.$eval('#w1', (h) => h.shadowRoot.querySelector('svg .badge text')?.textContent);
    assert.equal(badge, '闲', 'the badge of ply 2');

    // Isolation: the host page hides buttons and move lists; not inside the widgets.
    const visible = await page.$eval('#w1', (h) => {
      const b = h.shadowRoot.querySelector('.controls .step.next');
      const m = h.shadowRoot.querySelector('.moves');
      return [getComputedStyle(b).display, getComputedStyle(m).display];
    });
    assert.notEqual(visible[0], 'none', 'host styles leaked into the widget');
    assert.notEqual(visible[1], 'none', 'host styles leaked into the widget');
    // The widget is compact: it fits its column.
    const box = await page.locator('#w1').boundingBox();
    log(`widget box ${Math.round(box.width)}×${Math.round(box.height)}`);
    assert.ok(box.width <= 500, `widget ${box.width}px wide`);

    // The iframe (embed.html#…) reads the hash and judges under AXF.
    const frame = page.frameLocator('#f');
    await frame.locator('.qili [data-ruling]').first().waitFor({ timeout: 20_000 });
    const frameRuling = await frame.locator('[data-ruling]').first().getAttribute('data-ruling');
    const frameLabels = await frame.locator('.moves li[data-label]').evaluateAll((lis) => lis.map((l) => l.dataset.label));
    log(`iframe: ${frameLabels.join(' ')} -> ${frameRuling}`);
    assert.equal(frameRuling, 'red_loses');
    assert.equal(frameLabels.length, 4);

    // Only the site's files were fetched from the site, each once (one wasm for all widgets):
    // the widgets' own module (crates/qili-widget), not the site's app.
    const wasm = site.requests.filter((r) => r.endsWith('.wasm'));
    log(`requests to the site: ${site.requests.join(' ')}`);
    assert.equal(wasm.length, 2, 'one wasm download per document (page and iframe)');
    for (const w of wasm) assert.match(w, /qili-widget-[0-9a-f]+_bg\.wasm$/, 'widgets load their own wasm');
    metric('embed_requests', site.requests.length);
    await page.screenshot({ path: artifact('embed-host-page.png'), fullPage: true });
  } finally {
    await host.close();
    await site.close();
  }
}
