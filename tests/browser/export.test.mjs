// The Export menu, as a referee uses it on the replay page, the analysis
// board and an embedded widget: its code is not in the first load (it loads
// when the browser is idle after the page is shown, or on first use; see
// export-print.test.mjs for the browser's own Print); the SVG download is the board as shown (one data-piece and one
// data-square per piece, flipped when the board is); the PNG decodes in
// Chromium to the size chosen; the printed report (page.pdf) is one page on
// A4 and on Letter, in Chinese and English, and shows nothing of the page
// but the report; payloads in the address stay text.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { open, pieces } from './lib.mjs';
import { serveDist, servePages } from './serve.mjs';

export const timeoutMs = 120_000;

const FIG1 = '2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1';

/** The pieces of an SVG text as { square: letter }, and how many elements carry each hook. */
function svgPieces(svg) {
  const found = [...svg.matchAll(/<g [^>]*data-piece="([^"]+)" data-square="([a-i]\d)"/g)];
  return {
    map: Object.fromEntries(found.map((m) => [m[2], m[1]])),
    pieces: (svg.match(/data-piece=/g) ?? []).length,
    squares: (svg.match(/data-square=/g) ?? []).length,
  };
}

/** Clicks an entry of the open menu and returns the download's path and name. */
async function download(page, scope, entry) {
  const [d] = await Promise.all([page.waitForEvent('download'), scope.locator(`[data-export="${entry}"]`).click()]);
  return { path: await d.path(), name: d.suggestedFilename() };
}

/** Decodes PNG bytes in the page; returns their width and height. */
function decodeSize(page, bytes) {
  return page.evaluate(async (b64) => {
    const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([data], { type: 'image/png' }));
    return [bitmap.width, bitmap.height];
  }, bytes.toString('base64'));
}

/** Pages of a PDF (the page objects of its tree). */
const pdfPages = (pdf) => (pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g) ?? []).length;

export default async function exportMenu({ page, url, artifact, log, metric }) {
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  await open(page, url, '#/case/cxa1999-图一?ply=3');
  const button = page.locator('#qili-app [data-export-menu]');
  await button.waitFor({ timeout: 10_000 });
  // Not in the first load: index.html links none of it, and it is fetched
  // after the site's wasm (when idle, or on first use).
  const index = await (await fetch(url)).text();
  assert.ok(!/export/.test(index), 'index.html links no export code');
  const first = (re) => requests.findIndex((r) => re.test(r));
  assert.ok(first(/qili-site-[0-9a-f]+_bg\.wasm/) >= 0);

  // Flip the board, open the menu: the SVG is the board as shown.
  await page.click('.controls .step.flip');
  await button.click();
  await page.locator('[data-export="svg"]').waitFor({ timeout: 20_000 });
  assert.equal(await button.getAttribute('aria-expanded'), 'true');
  await page.screenshot({ path: artifact('export-menu-replay.png') });
  assert.ok(first(/export-[0-9a-f]+\.js/) > first(/qili-site-[0-9a-f]+_bg\.wasm/), 'loaded after the first load');
  const svgFile = await download(page, page, 'svg');
  const svg = readFileSync(svgFile.path, 'utf8');
  log(`${svgFile.name}: ${svg.length} B`);
  assert.match(svgFile.name, /\.svg$/);
  assert.ok(svg.startsWith('<?xml') && svg.includes('xmlns="http://www.w3.org/2000/svg"'));
  const shown = await pieces(page);
  const drawn = svgPieces(svg);
  assert.deepEqual(drawn.map, shown, 'the SVG has the pieces of the board shown');
  assert.equal(drawn.pieces, Object.keys(shown).length);
  assert.equal(drawn.squares, Object.keys(shown).length);
  assert.ok(svg.includes('class="badge label-check"'), 'with the label of the move shown');
  assert.ok(svg.includes('>帥</text>') && svg.includes('>將</text>'), "in the board's glyphs (traditional)");
  assert.ok(svg.includes('漢 界') && !svg.includes('汉'), 'the river too');
  // Flipped: red's king on d0 is drawn at the top.
  assert.match(svg, /data-piece="K" data-square="d0" transform="translate\(550 100\)"/);
  // It parses as XML in the browser too.
  assert.equal(
    await page.evaluate((t) => new DOMParser().parseFromString(t, 'image/svg+xml').querySelector('parsererror'), svg),
    null,
  );

  // PNG at 1× and at 2× (print): decoded by Chromium to the size asked.
  for (const width of ['900', '1800']) {
    await page.selectOption('[data-export-size]', width);
    const t0 = Date.now();
    const pngFile = await download(page, page, 'png');
    metric(`export_png_${width}`, Date.now() - t0, 'ms');
    const bytes = readFileSync(pngFile.path);
    const size = await decodeSize(page, bytes);
    log(`${pngFile.name}: ${bytes.length} B, ${size.join('×')}`);
    assert.deepEqual(size, [Number(width), (Number(width) * 1100) / 900]);
    if (width === '1800') {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(artifact('export-diagram-2x.png'), bytes);
    }
  }

  // The report: printed alone, one page on A4 and on Letter, in both languages.
  await page.evaluate(() => (window.print = () => (window.__printed = (window.__printed ?? 0) + 1)));
  for (const lang of ['zh', 'en']) {
    if (lang === 'en') {
      await page.click('.switch-lang');
      await page.waitForFunction(() => document.querySelector('#qili-app .qili').lang === 'en');
      // The menu is redrawn in the page's language when opened again.
      await button.click();
      await button.click();
      assert.equal(await page.locator('[data-export="print"]').textContent(), 'Print report');
    }
    await page.click('[data-export="print"]');
    const report = page.locator('body > .qili-print .qili-report');
    await report.waitFor({ state: 'attached' });
    const text = await report.textContent();
    assert.ok(lang === 'zh' ? text.includes('红方判负') : text.includes('Red loses'), text);
    assert.ok(text.includes(lang === 'zh' ? '长将' : 'perpetual check'));
    assert.ok(text.includes('R4=5') && text.includes('车四平五'));
    await page.emulateMedia({ media: 'print' });
    const visible = await page.evaluate(() =>
      [...document.body.children].filter((e) => getComputedStyle(e).display !== 'none').map((e) => e.className),
    );
    assert.deepEqual(visible, ['qili-print'], 'only the report prints: no navigation or buttons');
    await page.screenshot({ path: artifact(`export-report-${lang}.png`), fullPage: true });
    for (const format of ['A4', 'Letter']) {
      const pdf = await page.pdf({ format, printBackground: true });
      assert.equal(pdfPages(pdf), 1, `${lang} ${format}: one page`);
      if (format === 'A4') (await import('node:fs')).writeFileSync(artifact(`export-report-${lang}.pdf`), pdf);
    }
    await page.emulateMedia({ media: 'screen' });
  }
  assert.equal(await page.evaluate(() => window.__printed), 2);

  // The browser's own Print (once the menu has loaded) prints the same report.
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  await page.locator('body > .qili-print .qili-report').waitFor({ state: 'attached' });
  await page.emulateMedia({ media: 'print' });
  assert.equal(pdfPages(await page.pdf({ format: 'A4' })), 1, 'browser print: one page');
  await page.emulateMedia({ media: 'screen' });
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  assert.equal(await page.locator('body > .qili-print').count(), 0, 'taken away after printing');

  // Payloads in the analysis board's address stay text.
  const payload = '<img src=x onerror="window.__pwned=1">';
  await open(page, url, `#/analysis?fen=${encodeURIComponent(payload)}&moves=h2e2`);
  await page.locator('#qili-app [data-export-menu]').click();
  const analysisSvg = readFileSync((await download(page, page, 'svg')).path, 'utf8');
  assert.ok(!analysisSvg.includes('<img'), 'no markup from the address');
  assert.equal(svgPieces(analysisSvg).pieces, 32);
  await page.click('[data-export="print"]').catch(() => {});
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.equal(await page.locator('body img').count(), 0);

  // A record's event and players become the title, as text.
  const pgn = `[Event "<script>window.__pwned=3</script>"]
[Red "<img src=x onerror=window.__pwned=4>"]
[Black "onload=alert(5)"]
[FEN "${FIG1}"]

1. 车四平五 将5平6 2. 车五平四 将6平5 *
`;
  await open(page, url, '#/analysis');
  await page.setInputFiles('section.record .record-file', {
    name: 'payload.pgn',
    mimeType: 'text/plain',
    buffer: Buffer.from(pgn),
  });
  await page.locator('section.record .record-tags').waitFor({ timeout: 20_000 });
  await page.locator('#qili-app [data-export-menu]').click();
  const titled = readFileSync((await download(page, page, 'svg')).path, 'utf8');
  log(`tags: ${await page.textContent('section.record .record-tags')}; svg title: ${/<title>[^<]*/.exec(titled)}`);
  assert.ok(titled.includes('&lt;script&gt;window.__pwned=3&lt;/script&gt;'), 'the event, escaped');
  assert.ok(!titled.includes('<img') && !titled.includes('<script'));
  await page.click('[data-export="print"]');
  const h1 = page.locator('body > .qili-print h1');
  await h1.waitFor({ state: 'attached' });
  const title = await h1.textContent();
  log(`record title: ${title}`);
  assert.ok(title.includes('<script>window.__pwned=3</script>') && title.includes('onload=alert(5)'), title);
  assert.ok(title.includes('<img src=x onerror=window.__pwned=4>'), title);
  assert.equal(await page.locator('.qili-print img, .qili-print script').count(), 0, 'payloads stay text');
  assert.equal(await page.evaluate(() => window.__pwned), undefined);

  // An embedded widget has its own Export button, in its shadow root.
  const site = await serveDist({ 'access-control-allow-origin': '*' });
  const host = await servePages({
    '/club.html': `<!doctype html><html><head><meta charset="utf-8"><title>Club</title>
<script src="${site.url}embed.js" defer></script></head><body>
<div class="qili" id="w" data-fen="${FIG1}" data-moves="f0e0 e8f8 e0f0 f8e8" data-rules="cxa1999" data-lang="en"></div>
</body></html>`,
  });
  try {
    await page.goto(`${host.url}club.html`);
    const w = page.locator('#w');
    await w.locator('[data-piece]').first().waitFor({ timeout: 20_000 });
    await w.locator('.controls .step.next').click();
    await w.locator('[data-export-menu]').click();
    await w.locator('[data-export="svg"]').waitFor({ timeout: 20_000 });
    const wsvg = readFileSync((await download(page, w, 'svg')).path, 'utf8');
    assert.equal(svgPieces(wsvg).pieces, 7);
    assert.ok(wsvg.includes('class="last to"') && wsvg.includes('data-square="e0"'), 'after the first move');
    await page.screenshot({ path: artifact('export-widget-menu.png') });
  } finally {
    await host.close?.();
    await site.close?.();
  }
}
