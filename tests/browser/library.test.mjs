// The library: 1999 figures first in book order, then 2020, then AXF; the
// engine judges every example in the background; the pattern filter uses the
// engine's patterns; the search finds figures and moves.
import assert from 'node:assert/strict';

export const timeoutMs = 120_000;

export default async function library({ page, url, artifact, metric, log }) {
  await page.goto(url + '#/');
  await page.locator('.case-card').first().waitFor({ timeout: 20_000 });
  const titles = await page.$$eval('.case-card .title', (t) => t.map((x) => x.textContent));
  assert.equal(titles[0], '1999 图一');
  assert.equal(titles[13], '1999 图十四');
  assert.equal(titles[14], '2020 图2');
  assert.ok(titles.indexOf('AXF D1') > titles.indexOf('2020 参考图1'));
  log(`${titles.length} examples`);

  // Judging all of them in the background.
  const t0 = Date.now();
  await page.waitForFunction(() => !document.querySelector('.filters .progress'), null, { timeout: 90_000 });
  metric('library_judged', Date.now() - t0, 'ms');
  const judging = await page.locator('.case-card .result .muted').count();
  assert.equal(judging, 0, 'every card shows the engine result');

  // Filter by pattern: 长将 (perpetual check).
  const options = await page.$$eval('.filters select option', (o) => o.map((x) => x.value + ' ' + x.textContent));
  log(`patterns: ${options.slice(1).join(', ')}`);
  await page.selectOption('.filters select', '长将');
  const cards = await page.$$eval('.case-card', (c) => c.map((x) => x.textContent));
  assert.ok(cards.length > 0 && cards.length < titles.length);
  for (const c of cards) assert.match(c, /长将/);
  assert.ok(cards.some((c) => c.includes('1999 图一')));
  await page.screenshot({ path: artifact('library-filtered.png'), fullPage: false });

  // Search (with the filter cleared): by figure and by a move.
  await page.click('.filters button.link');
  await page.fill('.filters input[type="search"]', '图三');
  assert.deepEqual(await page.$$eval('.case-card .title', (t) => t.map((x) => x.textContent)), ['1999 图三']);
  await page.fill('.filters input[type="search"]', '车四平五');
  const found = await page.$$eval('.case-card .title', (t) => t.map((x) => x.textContent));
  assert.ok(found.includes('1999 图一') && found.includes('2020 图6'), found.join());
  // The edition filter.
  await page.fill('.filters input[type="search"]', '');
  await page.click('.filters .switch button:has-text("AXF")');
  const axf = await page.$$eval('.case-card .title', (t) => t.map((x) => x.textContent));
  assert.ok(axf.every((t) => t.startsWith('AXF') || t.startsWith('FSF')));
  // A card opens its replay.
  await page.click('.case-card a');
  await page.locator('svg.board [data-piece]').first().waitFor();
  assert.match(decodeURIComponent(await page.evaluate(() => location.hash)), /^#\/case\/axf-/);
  await page.screenshot({ path: artifact('library-to-replay.png') });

  // English, remembered across a reload (localStorage).
  await page.click('button.switch-lang');
  await page.reload();
  await page.locator('svg.board [data-piece]').first().waitFor();
  assert.equal(await page.getAttribute('.qili', 'lang'), 'en');
  assert.equal(await page.textContent('header nav a[href="#/"]'), 'Library');
  await page.goto(url + '#/');
  await page.locator('.case-card').first().waitFor();
  await page.screenshot({ path: artifact('library-en.png') });
  await page.goto(url + '#/about');
  await page.locator('.about section').first().waitFor();
  await page.screenshot({ path: artifact('about-en.png'), fullPage: true });
  assert.equal(await page.textContent('.about section h3'), "Each move's label");
  await page.click('button.switch-lang');
  assert.equal(await page.getAttribute('.qili', 'lang'), 'zh-Hans');
  // The text follows the language (fetched again).
  await page.waitForFunction(() => document.querySelector('.about section h3')?.textContent === '每一着的标签');
  await page.screenshot({ path: artifact('about-zh.png'), fullPage: true });
}
