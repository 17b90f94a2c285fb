// Security: the site and the widget work under the strict Content Security
// Policy of the issue with no violation, and everything from outside (the
// URL hash, widget attributes, the iframe's hash, saved and imported
// studies' names, notes and positions) is shown as text: HTML and
// javascript: payloads execute nothing and create no elements. Study
// downloads (blob: links) work under the policy.
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

    // Saved studies with payloads in their name, notes and position.
    const studies = {
      format: 'qili-studies',
      version: 1,
      studies: [
        { id: IMG, name: IMG, notes: `${JS}\n${IMG}`, fen: FIG1, moves: 'f0e0' },
        { id: 'bad', name: IMG, notes: IMG, fen: IMG, moves: JS },
      ],
    };
    await page.evaluate((d) => localStorage.setItem('qili.studies', JSON.stringify(d)), studies);
    await page.goto('about:blank');
    await page.goto(`${site.url}#/studies`);
    await page.locator('#qili-app .study-list .study').first().waitFor({ timeout: 20_000 });
    assert.equal(await page.textContent('.study-list .study-name'), IMG, 'the name is shown as text');
    assert.ok((await page.textContent('.study-list .study-notes')).startsWith(JS));
    assert.ok((await page.textContent('.aside-notice')).includes(IMG), 'the set-aside entry is named as text');
    assert.equal(await page.locator('#qili-app img').count(), 0, 'no element from stored studies');
    await check('stored studies');

    // Downloads under the CSP: export, set-aside data.
    const [exported] = await Promise.all([page.waitForEvent('download'), page.click('.export-studies')]);
    const out = JSON.parse(readFileSync(await exported.path(), 'utf8'));
    assert.equal(out.studies[0].name, IMG);
    const [aside] = await Promise.all([page.waitForEvent('download'), page.click('.aside-notice .aside-get')]);
    assert.ok(readFileSync(await aside.path(), 'utf8').includes('onerror'));
    await check('study downloads');

    // An imported file with payloads everywhere.
    const payloads = {
      format: 'qili-studies',
      version: 1,
      studies: [
        { id: JS, name: JS, notes: IMG, fen: FIG1, rules: 'axf' },
        { name: IMG, fen: IMG },
        { name: IMG, fen: FIG1, moves: IMG },
        { name: IMG, fen: FIG1, rules: IMG },
      ],
    };
    await page.setInputFiles('.import-studies input[type=file]', {
      name: 'payloads.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(payloads)),
    });
    await page.locator('.studies-status ul.errors li').first().waitFor();
    const report = await page.textContent('.studies-status');
    assert.equal(await page.locator('.studies-status ul.errors li').count(), 3, report);
    assert.ok(report.includes(`「${IMG}」`), report);
    assert.ok((await page.textContent('.study-list')).includes(JS), 'the imported name as text');
    await page.setInputFiles('.import-studies input[type=file]', {
      name: 'not-json.json',
      mimeType: 'application/json',
      buffer: Buffer.from(IMG),
    });
    await page.locator('.studies-status p.error').waitFor();
    assert.equal(await page.locator('#qili-app img').count(), 0, 'no element from imported studies');
    await check('imported studies');

    // Opened on the analysis board: the name in the save panel is a value.
    await page.click(`.study-list .study:has(.study-name:text-is(${JSON.stringify(IMG)})) button.open`);
    await page.locator('.study-panel .study-name-input').waitFor({ timeout: 20_000 });
    assert.equal(await page.inputValue('.study-panel .study-name-input'), IMG);
    assert.ok((await page.inputValue('.study-panel .study-notes-input')).startsWith(JS));
    await page.fill('.study-panel .study-name-input', `${IMG}${JS}`);
    await page.click('.study-panel .save-study');
    await page.locator('.study-panel .study-status:not(:empty)').waitFor();
    assert.equal(await page.locator('#qili-app img').count(), 0);
    await check('study panel');
    log('studies with payloads: shown as text, downloads allowed by the CSP');

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
