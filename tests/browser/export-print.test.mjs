// What the browser's own Print, the glyph setting and the clipboard do with
// the Export menu's module, which is not part of the first load:
//
// - Ctrl+P (here page.pdf(), which fires beforeprint as the browser's Print
//   does) on a replay page whose menu was never opened prints the one-page
//   report: embed.js loads the module when the browser is idle after the page
//   is shown, and its beforeprint handler draws the report. Without the
//   module (blocked here), the page prints without its navigation and buttons;
// - the header's glyph switch (a button, keyboard reachable, remembered) sets
//   the pieces' glyphs of the board, the SVG download and the printed report;
// - data-export="copy" puts a PNG of the asked size on the clipboard where the
//   browser allows it, and says so where it does not.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { open } from './lib.mjs';

export const timeoutMs = 150_000;

const REPLAY = '#/case/cxa1999-图一?ply=3';
const FIG1 = '2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1';

/** Pages of a PDF (the page objects of its tree). */
const pdfPages = (pdf) => (pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g) ?? []).length;

/** The texts of the pieces drawn in an SVG text, joined. */
const glyphsOf = (svg) => [...svg.matchAll(/<text class="glyph"[^>]*>(.)<\/text>/g)].map((m) => m[1]).join('');

/** Prints (page.pdf) until the report is what prints: the export module
 * loads when the browser is idle, so the first prints may come before it. */
async function printReport(page) {
  await page.evaluate(() => {
    // What the module's beforeprint handler puts in the page, as it comes.
    window.__printed = [];
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.addedNodes) if (n.matches?.('.qili-print')) window.__printed.push(n.textContent);
    }).observe(document.body, { childList: true });
  });
  for (let i = 0; i < 40; i++) {
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    const text = await page.evaluate(() => window.__printed.at(-1));
    if (text) return { pdf, text };
    await page.waitForTimeout(500);
  }
  throw new Error('the report never printed');
}

/** Clicks an entry of the open menu and returns the download's text. */
async function downloadSvg(page) {
  const [d] = await Promise.all([page.waitForEvent('download'), page.click('[data-export="svg"]')]);
  return readFileSync(await d.path(), 'utf8');
}

export default async function exportPrint({ page, context, url, artifact, log, metric }) {
  // --- Ctrl+P before the menu was ever opened prints the report.
  const t0 = Date.now();
  await open(page, url, REPLAY);
  assert.equal(await page.locator('.export-menu').count(), 0, 'the menu was not opened');
  const { pdf, text } = await printReport(page);
  metric('print_report_ready', Date.now() - t0, 'ms');
  assert.equal(pdfPages(pdf), 1, 'one page');
  writeFileSync(artifact('export-ctrl-p-zh.pdf'), pdf);
  assert.ok(text.includes('红方判负') && text.includes('长将'), text);
  assert.ok(text.includes('车四平五') && text.includes('R4=5'), text);
  assert.equal(await page.locator('body > .qili-print').count(), 0, 'taken away after printing');
  // What the print shows: the report alone (the same handler, with print media).
  await page.evaluate(() => dispatchEvent(new Event('beforeprint')));
  await page.emulateMedia({ media: 'print' });
  const visible = await page.evaluate(() =>
    [...document.body.children].filter((e) => getComputedStyle(e).display !== 'none').map((e) => e.className),
  );
  assert.deepEqual(visible, ['qili-print'], 'no navigation or buttons');
  await page.screenshot({ path: artifact('export-ctrl-p-zh.png'), fullPage: true });
  await page.emulateMedia({ media: null });
  await page.evaluate(() => dispatchEvent(new Event('afterprint')));

  // --- The same on the analysis board (English) and at an arbiter's table
  // (titled with its event and table).
  await page.click('.switch-lang');
  await open(page, url, `#/analysis?fen=${encodeURIComponent(FIG1)}&moves=f0e0+e8f8+e0f0+f8e8&rules=cxa1999&ply=4`);
  const analysis = await printReport(page);
  assert.equal(pdfPages(analysis.pdf), 1);
  assert.ok(analysis.text.includes('Red loses') && analysis.text.includes('perpetual check'), analysis.text);
  await page.goto('about:blank');
  await page.goto(`${url}#/arbiter?rules=cxa1999&fen=${encodeURIComponent(FIG1)}`);
  await page.locator('[data-arbiter-input]').waitFor({ timeout: 30_000 });
  for (const [ply, move] of ['车四平五', '将5平6', '车五平四', '将6平5'].entries()) {
    await page.fill('[data-arbiter-input]', move);
    await page.press('[data-arbiter-input]', 'Enter');
    await page.locator(`[data-arbiter=page] [data-ply="${ply + 1}"]`).waitFor({ timeout: 20_000 });
  }
  const desk = await printReport(page);
  writeFileSync(artifact('export-ctrl-p-arbiter-en.pdf'), desk.pdf);
  assert.equal(pdfPages(desk.pdf), 1);
  assert.ok(desk.text.includes('Red loses') && desk.text.includes('R4=5'), desk.text);
  const title = await page.evaluate(() => {
    dispatchEvent(new Event('beforeprint'));
    return document.querySelector('body > .qili-print h1').textContent;
  });
  await page.evaluate(() => dispatchEvent(new Event('afterprint')));
  const event = await page.textContent('.arb-events [aria-current]');
  log(`arbiter report title: ${title}`);
  assert.equal(title, `${event} · Table 1`, 'titled with the event and the table');
  await page.click('.switch-lang');

  // --- Without the module (it failed to load, or not yet): the page itself,
  // without navigation and buttons.
  const bare = await context.newPage();
  await bare.route(/\/export-[0-9a-f]+\.js$/, (r) => r.abort());
  await open(bare, url, REPLAY);
  await bare.emulateMedia({ media: 'print' });
  const shown = await bare.evaluate(() =>
    Object.fromEntries(
      ['header.top', '.controls', '[data-export-menu]', 'svg.board', '.verdict'].map((s) => [
        s,
        getComputedStyle(document.querySelector(s)).display !== 'none',
      ]),
    ),
  );
  assert.deepEqual(shown, {
    'header.top': false,
    '.controls': false,
    '[data-export-menu]': false,
    'svg.board': true,
    '.verdict': true,
  });
  await bare.screenshot({ path: artifact('export-print-fallback.png'), fullPage: true });
  await bare.close();

  // --- The glyph setting: keyboard reachable, remembered, followed by the
  // board, the SVG and the report.
  await open(page, url, REPLAY);
  const toggle = page.locator('header .switch-glyphs');
  assert.equal(await toggle.getAttribute('aria-pressed'), 'true', 'traditional by default');
  assert.equal(await toggle.textContent(), '繁體棋子');
  await toggle.focus();
  await page.keyboard.press('Enter');
  assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
  await page.waitForFunction(() => document.querySelector('svg.board .under').textContent.includes('汉 界'));
  assert.equal(await page.evaluate(() => localStorage.getItem('qili.glyphs')), 'simplified');
  await open(page, url, REPLAY);
  const boardGlyphs = await page.$$eval('svg.board [data-piece] text.glyph', (ts) => ts.map((t) => t.textContent).join(''));
  log(`simplified board: ${boardGlyphs}`);
  assert.ok(['帅', '将', '车', '炮'].every((g) => boardGlyphs.includes(g)), `remembered: ${boardGlyphs}`);
  await page.locator('#qili-app [data-export-menu]').click();
  await page.locator('[data-export="svg"]').waitFor({ timeout: 20_000 });
  const simplified = await downloadSvg(page);
  const drawn = glyphsOf(simplified);
  log(`simplified SVG: ${drawn}`);
  assert.ok(['帅', '将', '车', '炮', '象', '相', '卒'].every((g) => drawn.includes(g)), drawn);
  assert.ok(!/[帥將俥砲]/.test(drawn) && simplified.includes('汉 界'), drawn);
  const report = await printReport(page);
  writeFileSync(artifact('export-ctrl-p-simplified.pdf'), report.pdf);
  assert.equal(pdfPages(report.pdf), 1);
  // The report's diagram, drawn again for a look (the print is taken away).
  await page.evaluate(() => dispatchEvent(new Event('beforeprint')));
  const reportGlyphs = await page.$$eval('body > .qili-print [data-piece] text.glyph', (ts) =>
    ts.map((t) => t.textContent).join(''),
  );
  assert.ok(reportGlyphs.includes('帅') && reportGlyphs.includes('车'), `report: ${reportGlyphs}`);
  await page.evaluate(() => dispatchEvent(new Event('afterprint')));
  // Back to traditional, with a click.
  await page.click('header .switch-glyphs');
  await page.waitForFunction(() => document.querySelector('svg.board .under').textContent.includes('漢 界'));
  const traditional = glyphsOf(await downloadSvg(page));
  log(`traditional SVG: ${traditional}`);
  assert.ok(['帥', '將', '俥', '砲', '象', '相', '卒'].every((g) => traditional.includes(g)), traditional);
  assert.ok(!/[帅将车]/.test(traditional), traditional);

  // --- Copy picture: a PNG of the asked size on the clipboard.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(url).origin });
  await page.selectOption('[data-export-size]', '1800');
  await page.click('[data-export="copy"]');
  await page.locator('.export-status', { hasText: '图片已复制' }).waitFor({ timeout: 20_000 });
  const size = await page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    const blob = await item.getType('image/png');
    const bitmap = await createImageBitmap(blob);
    return [item.types.join(' '), bitmap.width, bitmap.height];
  });
  log(`clipboard: ${size.join(' ')}`);
  assert.deepEqual(size, ['image/png', 1800, 2200]);
  // Where the browser does not allow it, the entry says so.
  await page.evaluate(() => Object.defineProperty(navigator, 'clipboard', { value: undefined }));
  await page.click('[data-export="copy"]');
  const status = await page.locator('.export-status').textContent();
  log(`without a clipboard: ${status}`);
  assert.ok(status.includes('不允许'), status);
}
