// "Embed in a web page", as a club webmaster finds it: in the Export menu of
// the replay page, of the analysis board and of a widget (its code is the
// menu's, site/export.js and crates/qili-export: not in the first load; the
// pages themselves have no Embed panel any more). The two snippets shown are
// the line shown — the example's own FEN and moves or the analysis board's
// whole line, the edition chosen, the page's language —, byte for byte as
// written below (attributes escaped, the iframe's address percent-encoded,
// the site's address in front); each copy button puts its snippet on the
// clipboard and says so, or says it could not; and the snippets work: pasted
// into a page on another origin, they show the same line and ruling.
import assert from 'node:assert/strict';
import { open } from './lib.mjs';
import { serveDist, servePages, widgetState } from './serve.mjs';

export const timeoutMs = 120_000;

const FIG1 = '2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1';
const FIG1_MOVES = 'f0e0 e8f8 e0f0 f8e8';

// The snippets as the site writes them (qili-web's markup::esc and
// url::encode, written again here so that a change to either shows).
const esc = (s) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
const encode = (s) =>
  [...new TextEncoder().encode(s)]
    .map((b) => {
      const c = String.fromCharCode(b);
      if (/[A-Za-z0-9\-_.~/]/.test(c)) return c;
      return c === ' ' ? '+' : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
function expected(base, fen, moves, rules, lang) {
  const script =
    `<script src="${base}embed.js" defer></script>\n` +
    `<div class="qili" data-fen="${esc(fen)}" data-moves="${esc(moves)}" data-rules="${rules}" data-lang="${lang}"></div>`;
  const hash = `fen=${encode(fen)}&moves=${encode(moves)}&rules=${rules}&lang=${lang}`;
  const iframe =
    `<iframe src="${esc(`${base}embed.html#${hash}`)}" title="Qili 棋例" width="420" height="760" ` +
    `style="border:0;max-width:100%" loading="lazy"></iframe>`;
  return [script, iframe];
}

/** Opens the Export menu of `scope` (a page or a widget) and its embed
 * section; returns the two snippets shown (written by the wasm when the
 * section opens) and the section. */
async function snippets(scope) {
  const button = scope.locator('[data-export-menu]').first();
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  const section = scope.locator('.export-menu details.export-embed');
  await section.locator('summary').click();
  const area = (kind) => section.locator(`textarea.embed-${kind}`);
  for (let i = 0; i < 200 && !(await area('iframe').inputValue()); i++) await new Promise((ok) => setTimeout(ok, 50));
  return { values: [await area('script').inputValue(), await area('iframe').inputValue()], section };
}

const clipboard = (page) => page.evaluate(() => navigator.clipboard.readText());

export default async function embedSnippets({ page, context, artifact, log }) {
  // The site with CORS headers, as a static host serves it, so that the
  // snippets work on another origin.
  const site = await serveDist({ 'access-control-allow-origin': '*' });
  const base = site.url;
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(base).origin });
  let host = null;
  try {
    // --- The replay page (Chinese): the example's line and edition.
    await open(page, base, '#/case/cxa1999-图一?ply=3');
    assert.equal(await page.locator('details.panel.embed, .embed-script').count(), 0, 'no Embed panel in the page');
    let { values, section } = await snippets(page);
    assert.equal(await section.locator('summary').textContent(), '嵌入到网页');
    assert.deepEqual(await section.locator('p:not([role])').allTextContents(), [
      '脚本加占位元素（可在一页中放多个）：',
      '或用 iframe：',
    ]);
    const zh = expected(base, FIG1, FIG1_MOVES, 'cxa1999', 'zh-Hans');
    assert.deepEqual(values, zh);
    log(`replay script snippet: ${values[0]}`);
    await page.screenshot({ path: artifact('embed-snippets-replay.png'), fullPage: true });

    // Copy: the snippet on the clipboard, and the status says so.
    const status = section.locator('.embed-status');
    await section.locator('button.copy-embed-script').click();
    await page.waitForFunction(() => document.querySelector('.embed-status').textContent === '已复制。');
    assert.equal(await clipboard(page), zh[0]);
    assert.equal(await section.locator('button.copy-embed-script').textContent(), '复制');

    // Another edition: the address follows, and so does what is copied (the
    // section open as it was), and what is shown.
    await page.click('button.edition[data-edition="axf"]');
    await page.waitForFunction(() => location.hash.includes('rules=axf'));
    await section.locator('button.copy-embed-iframe').click();
    const axf = expected(base, FIG1, FIG1_MOVES, 'axf', 'zh-Hans');
    await page.waitForFunction((want) => navigator.clipboard.readText().then((t) => t === want), axf[1]);
    assert.equal(await section.locator('textarea.embed-iframe').inputValue(), axf[1]);
    assert.equal(await status.textContent(), '已复制。');

    // In English (the menu is drawn again when opened again).
    await page.click('.switch-lang');
    await page.waitForFunction(() => document.querySelector('#qili-app .qili').lang === 'en');
    await page.locator('#qili-app [data-export-menu]').click(); // closes
    ({ values, section } = await snippets(page));
    assert.equal(await section.locator('summary').textContent(), 'Embed in a web page');
    assert.equal(await section.locator('button.copy-embed-iframe').textContent(), 'Copy');
    assert.deepEqual(values, expected(base, FIG1, FIG1_MOVES, 'axf', 'en'));

    // Without a clipboard: the status says so, and the snippet is selected.
    await page.evaluate(() => Object.defineProperty(navigator, 'clipboard', { value: undefined }));
    await section.locator('button.copy-embed-script').click();
    await page.waitForFunction(() => document.querySelector('.embed-status').textContent !== '');
    assert.equal(await section.locator('.embed-status').textContent(), 'Could not copy; please select the text.');
    const selected = await section
      .locator('textarea.embed-script')
      .evaluate((t) => [t.selectionStart, t.selectionEnd, t.value.length, document.activeElement === t]);
    assert.deepEqual(selected, [0, selected[2], selected[2], true], 'the whole snippet selected');

    // --- The analysis board (in English, the language chosen is kept): its
    // whole line, not the moves up to the one shown.
    await open(page, base, `#/analysis?fen=${encodeURIComponent(FIG1)}&moves=f0e0+e8f8+e0f0&rules=cxa2020&ply=1`);
    ({ values } = await snippets(page));
    assert.deepEqual(values, expected(base, FIG1, 'f0e0 e8f8 e0f0', 'cxa2020', 'en'));
    // A move played on the board (after the last one): the snippets, opened
    // again, have it.
    await page.locator('#qili-app [data-export-menu]').click(); // closes
    await page.click('.controls .step.last');
    await page.click('svg.board rect[data-sq="f8"]');
    await page.click('svg.board rect[data-sq="e8"]');
    await page.waitForFunction(() => location.hash.includes('moves=f0e0+e8f8+e0f0+f8e8'));
    ({ values } = await snippets(page));
    assert.deepEqual(values, expected(base, FIG1, FIG1_MOVES, 'cxa2020', 'en'));

    // --- The snippets work: pasted into a page on another origin, the
    // script's widget and the iframe show 1999 图一, red losing.
    host = await servePages({
      '/club.html': `<!doctype html><html><head><meta charset="utf-8"><title>Club</title></head><body>
${zh[0]}
${zh[1]}
</body></html>`,
    });
    assert.notEqual(new URL(host.url).origin, new URL(base).origin);
    await page.goto(`${host.url}club.html`);
    const w = page.locator('div.qili');
    await w.locator('[data-piece]').first().waitFor({ timeout: 20_000 });
    const [state] = await widgetState(page, 'div.qili');
    log(`widget from the snippet: ${state.labels.join(' ')} -> ${state.ruling}`);
    assert.deepEqual(state.labels, ['将', '闲', '将', '闲']);
    assert.equal(state.ruling, 'red_loses');
    const frame = page.frameLocator('iframe');
    await frame.locator('.qili [data-ruling]').first().waitFor({ timeout: 20_000 });
    assert.equal(await frame.locator('[data-ruling]').first().getAttribute('data-ruling'), 'red_loses');
    assert.equal(await frame.locator('.qili.widget').getAttribute('lang'), 'zh-Hans');

    // --- The widget's own Export menu offers the same snippets: the site's
    // address (where embed.js is), not the host page's.
    ({ values } = await snippets(w));
    assert.deepEqual(values, zh);
    await page.screenshot({ path: artifact('embed-snippets-widget.png'), fullPage: true });
  } finally {
    await host?.close();
    await site.close();
  }
}
