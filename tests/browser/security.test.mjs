// Security: the site and the widget work under the strict Content Security
// Policy of the issue with no violation, and everything from outside (the
// URL hash, widget attributes, the iframe's hash) is shown as text: HTML and
// javascript: payloads execute nothing and create no elements.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dist, serveDist, widgetState } from './serve.mjs';

export const timeoutMs = 90_000;

const CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'";
const FIG1 = '2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1';
const IMG = '<img src=x onerror="window.__pwned=(window.__pwned||0)+1">';
const JS = 'javascript:window.__pwned=(window.__pwned||0)+1';
const attr = (s) => s.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

export default async function security({ page, log, artifact }) {
  // No eval in what we ship.
  for (const f of readdirSync(dist).filter((f) => f.endsWith('.js'))) {
    const src = readFileSync(join(dist, f), 'utf8');
    assert.ok(!/\beval\s*\(|new\s+Function\s*\(/.test(src), `${f} uses eval or new Function`);
  }

  const host = `<!doctype html><html><head><meta charset="utf-8"><title>host</title>
<script src="embed.js" defer></script></head><body>
<div class="qili" id="good" data-fen="${FIG1}" data-moves="f0e0 e8f8 e0f0 f8e8" data-rules="cxa1999"></div>
<div class="qili" id="bad-moves" data-moves="${attr(IMG)}" data-rules="${attr(JS)}" data-lang="${attr(IMG)}"></div>
<qili-board id="bad-fen" fen="${attr(IMG)}" moves="${attr(JS)}"></qili-board>
<qili-board id="bad-js" moves="${attr(JS)}"></qili-board>
</body></html>`;
  const site = await serveDist({ 'content-security-policy': CSP }, { '/host.html': host });
  const violations = [];
  page.on('console', (m) => {
    if (/Content.Security.Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const check = async (what) => {
    const seen = await page.evaluate(() => [window.__violations, window.__pwned]);
    assert.deepEqual(seen[0], [], `${what}: CSP violations`);
    assert.deepEqual(violations, [], `${what}: CSP console messages`);
    assert.equal(seen[1], undefined, `${what}: a payload ran`);
  };
  try {
    // The site, under the CSP.
    await page.goto(`${site.url}#/case/cxa1999-图一`);
    await page.locator('#qili-app .moves li[data-label]').first().waitFor({ timeout: 20_000 });
    assert.equal(await page.getAttribute('[data-ruling]', 'data-ruling'), 'red_loses');
    await page.click('.controls .step.next');
    await check('replay');

    // Payloads in the hash: the analysis board's fen and moves, a case id.
    const hash = `#/analysis?fen=${encodeURIComponent(IMG)}&moves=${encodeURIComponent(JS)}&rules=${encodeURIComponent(IMG)}`;
    await page.goto('about:blank');
    await page.goto(site.url + hash);
    await page.locator('#qili-app [data-piece]').first().waitFor({ timeout: 20_000 });
    await page.waitForTimeout(300);
    assert.equal(await page.locator('#qili-app img').count(), 0, 'no element from the hash');
    log(`analysis with payloads: ${(await page.textContent('#qili-app main')).slice(0, 160)}…`);
    await check('analysis hash');
    await page.goto('about:blank');
    await page.goto(`${site.url}#/case/${encodeURIComponent(IMG)}`);
    await page.locator('#qili-app .replay.missing').waitFor({ timeout: 20_000 });
    assert.ok((await page.textContent('#qili-app .replay.missing h2')).includes('<img'), 'the id is shown as text');
    assert.equal(await page.locator('#qili-app img').count(), 0);
    await check('case id');

    // Widgets under the CSP, with payloads in their attributes.
    await page.goto(`${site.url}host.html`);
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('#good, #bad-moves, #bad-fen, #bad-js')].every((h) =>
          h.shadowRoot?.querySelector('[data-piece], [data-error]'),
        ),
      null,
      { timeout: 20_000 },
    );
    const states = await widgetState(page, '#good, #bad-moves, #bad-fen, #bad-js');
    const [good, badMoves, badFen, badJs] = states;
    assert.equal(good.ruling, 'red_loses');
    for (const [name, w] of Object.entries({ badMoves, badFen, badJs })) {
      log(`${name}: ${w.error}`);
      assert.ok(w.error, `${name} reports the error`);
      assert.equal(w.imgs, 0, `${name}: no element from the attributes`);
      assert.equal(w.pieces, 0, `${name}: no board for an unreadable line`);
    }
    assert.ok(badMoves.error.includes('<img'), 'the bad move is quoted as text');
    await page.$eval('#good', (h) => h.shadowRoot.querySelector('.controls .step.next').click());
    await check('widgets');

    // The iframe page, payloads in its hash.
    await page.goto(`${site.url}embed.html#moves=${encodeURIComponent(IMG)}&fen=${encodeURIComponent(JS)}`);
    await page.locator('.qili [data-error]').waitFor({ timeout: 20_000 });
    assert.equal(await page.locator('img').count(), 0);
    await check('embed.html');
    await page.screenshot({ path: artifact('security-embed.png') });
  } finally {
    await site.close();
  }
}
