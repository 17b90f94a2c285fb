// "Show line" (issue 21): 2020 图10 ply 1 (a 捉: the line that wins the
// chased piece) and 1999 图九 ply 1 (a 杀: the mating line), on the replay
// page and the analysis board. The line view loads on first use (the
// Export menu's module, crates/qili-export + site/line.js). The moves it
// lists (data-line-ply, data-iccs) are the CLI's `line` / `mate_line` for
// the same case line; after each step the piece that moved stands on its
// destination on the ghost board; the status and the panel count the
// material; the page's keys step the line, not the game; leaving it
// (Escape, the back button) gives the game back untouched and the focus to
// the control. Moves slide (embed.js, the Web Animations API), not under
// reduced motion. A move's other claims (兑 …) get controls too.
// Screenshots: desktop and phone-sized, Chinese and English.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { open, labels, pieces, currentPly } from './lib.mjs';

export const timeoutMs = 240_000;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const qili = join(root, 'target/release/qili');

/** The CLI's report of the rulebook case `id` (its line in ../shared/cases). */
function report(file, id) {
  execFileSync('cargo', ['build', '--release', '--quiet', '-p', 'qili-cli'], { cwd: root, stdio: 'inherit' });
  const line = readFileSync(join(root, '..', 'shared', 'cases', file), 'utf8')
    .split('\n')
    .find((l) => l && JSON.parse(l).id === id);
  assert.ok(line, `${id} in ${file}`);
  return JSON.parse(execFileSync(qili, ['adjudicate', '--cases', '-'], { input: line + '\n', encoding: 'utf8' }));
}

/** The line shown: [ply, iccs] of each data-line-ply element. */
const shownLine = (page) =>
  page.$$eval('[data-line-ply]', (els) => els.map((e) => [Number(e.dataset.linePly), e.dataset.iccs]));

/** The pieces of the line's ghost board, square → FEN letter. */
const ghost = (page) =>
  page.$$eval('.line-view svg.board [data-piece][data-square]', (gs) =>
    Object.fromEntries(gs.map((g) => [g.dataset.square, g.dataset.piece])),
  );

/** What the game shows: the move list, its current move, the address. */
const game = async (page) => ({
  labels: await labels(page),
  ply: await currentPly(page),
  hash: await page.evaluate(() => location.hash),
});

/** Counts the slides (animations started on a board's pieces) from now on. */
const countSlides = (page) =>
  page.evaluate(() => {
    window.__slides = 0;
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (...args) {
      if (this.closest('svg.board')) window.__slides++;
      return animate.apply(this, args);
    };
  });
const slides = (page) => page.evaluate(() => window.__slides);

/** Steps through the line shown with `next` and checks the ghost board and
 * the status after each step. */
async function stepThrough(page, line, next) {
  let before = await ghost(page);
  for (let k = 1; k <= line.length; k++) {
    const mv = line[k - 1];
    const [from, to] = [mv.slice(0, 2), mv.slice(2)];
    await next();
    await page.waitForFunction((k) => document.querySelector(`[data-line-ply="${k}"][aria-current="step"]`), k);
    const after = await ghost(page);
    assert.equal(after[to], before[from], `step ${k} (${mv}): the piece stands on ${to}`);
    assert.equal(after[from], undefined, `step ${k} (${mv}): ${from} is empty`);
    assert.match(await page.textContent('.line-status'), new RegExp(`${k}`), 'the status names the step');
    before = after;
  }
}

const signed = (n) => (n > 0 ? `+${n}` : `${n}`);

export default async function lines({ page, url, artifact, log }) {
  await page.setViewportSize({ width: 1280, height: 900 });

  // --- 2020 图10, ply 1: the chased piece's line ---------------------------
  const fig10 = report('cxa2020.jsonl', 'cxa-fig10').moves[0];
  const chase = fig10.chases.find((c) => c.line.length > 0);
  assert.ok(chase, 'the CLI gives a chase line');
  log(`图10 ply 1: chase ${chase.square} line ${chase.line.join(' ')} balance ${chase.balance}`);
  await open(page, url, '#/case/cxa-fig10?ply=1');
  const game10 = await game(page);
  const board10 = await pieces(page);
  await countSlides(page);
  const control = `.detail [data-show-line][data-square="${chase.square}"]`;
  assert.match(await page.getAttribute(control, 'aria-label'), /演示得子着法：/, 'the control has a name');
  await page.click(control);
  await page.locator('.line-view [data-line-ply]').first().waitFor();
  assert.deepEqual(await shownLine(page), chase.line.map((m, i) => [i + 1, m]), "the line is the CLI's");
  assert.deepEqual(await ghost(page), board10, 'the line starts from the position after the move');
  assert.ok(await page.isHidden('.board-col > svg.board'), "the game's board makes way");
  assert.ok(await page.evaluate(() => document.activeElement?.closest('.line-view')), 'the focus follows');
  assert.match(await page.textContent('.line-status'), /起点/);
  await stepThrough(page, chase.line, () => page.keyboard.press('ArrowRight'));
  const status = await page.textContent('.line-status');
  assert.ok(status.includes(signed(chase.balance)), `the status gives the balance ${signed(chase.balance)}: ${status}`);
  assert.equal(await page.getAttribute('.line-balance', 'data-balance'), String(chase.balance), 'the panel counts it');
  await page.waitForTimeout(300);
  assert.ok((await slides(page)) >= chase.line.length, 'the moves slide');
  assert.ok(await page.isDisabled('.line-bar [data-line-act=next]'), 'at the end');
  await page.screenshot({ path: artifact('lines-chase-desktop.png'), fullPage: true });
  // A move of the list goes to its step, and keeps the focus there.
  await page.click('[data-line-ply="1"] button');
  await page.locator('[data-line-ply="1"][aria-current="step"]').waitFor();
  assert.ok(await page.evaluate(() => document.activeElement.closest('[data-line-ply="1"]')));
  // Home, and back to the end: the keys are the line's, not the game's.
  await page.keyboard.press('Home');
  await page.locator('[data-line-ply][aria-current]').waitFor({ state: 'detached' });
  assert.deepEqual(await ghost(page), board10);
  await page.keyboard.press('End');
  await page.locator(`[data-line-ply="${chase.line.length}"][aria-current="step"]`).waitFor();
  // Escape: back to the game as it was.
  await page.keyboard.press('Escape');
  await page.locator('.line-view').waitFor({ state: 'detached' });
  assert.deepEqual(await game(page), game10, 'the game is untouched');
  assert.deepEqual(await pieces(page), board10);
  assert.ok(await page.evaluate(() => document.activeElement.matches('[data-show-line]')), 'focus back on the control');
  assert.ok(await page.isVisible('.board-col > svg.board'));

  // Phone-sized, in English; the toolbar and play.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.click('button.switch-lang');
  await page.click(control);
  await page.locator('.line-view [data-line-ply]').first().waitFor();
  assert.match(await page.textContent('.line-view h3'), /The line that wins/);
  await page.click('.line-bar [data-line-act=play]');
  assert.equal(await page.getAttribute('.line-bar [data-line-act=play]', 'aria-pressed'), 'true');
  await page.locator(`[data-line-ply="${chase.line.length}"][aria-current="step"]`).waitFor({ timeout: 10_000 });
  await page.waitForFunction(() => document.querySelector('.line-bar [data-line-act=play]').ariaPressed === 'false');
  assert.match(await page.textContent('.line-status'), /Balance for (Red|Black)/);
  await page.locator('.line-view').scrollIntoViewIfNeeded();
  await page.waitForTimeout(300); // the last move has slid
  await page.screenshot({ path: artifact('lines-chase-phone.png'), fullPage: true });
  await page.click('.line-view [data-line-back]');
  assert.deepEqual(await game(page), game10);
  assert.ok(await page.evaluate(() => document.activeElement.matches('[data-show-line]')));
  await page.click('button.switch-lang');

  // --- 1999 图九, ply 1: the mating line, reduced motion ----------------------
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const fig9 = report('cxa1999.jsonl', 'cxa1999-图九').moves[0];
  assert.equal(fig9.label, '杀');
  assert.ok(fig9.mate_line?.length > 0, 'the CLI gives a mating line');
  log(`图九 ply 1: mate line ${fig9.mate_line.join(' ')}`);
  await open(page, url, '#/case/cxa1999-图九?ply=1');
  const game9 = await game(page);
  await countSlides(page);
  await page.click('.detail [data-show-line][data-line="mate"]');
  await page.locator('.line-view [data-line-ply]').first().waitFor();
  assert.deepEqual(await shownLine(page), fig9.mate_line.map((m, i) => [i + 1, m]), "the mating line is the CLI's");
  await stepThrough(page, fig9.mate_line, () => page.click('.line-bar [data-line-act=next]'));
  await page.screenshot({ path: artifact('lines-mate-desktop.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: artifact('lines-mate-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.waitForTimeout(300);
  assert.equal(await slides(page), 0, 'no move slides under reduced motion');
  await page.click('.line-view [data-line-back]');
  await page.locator('.line-view').waitFor({ state: 'detached' });
  assert.deepEqual(await game(page), game9, 'the game is untouched');
  // The game's own steps do not slide either; with motion they do.
  await page.click('.controls .step.next');
  await page.waitForTimeout(300);
  assert.equal(await slides(page), 0);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.click('.controls .step.next');
  await page.waitForTimeout(300);
  assert.equal(await slides(page), 1, 'a replay step slides');
  await page.click('.controls .step.prev');
  await page.waitForTimeout(300);
  assert.equal(await slides(page), 2, 'a step back slides');
  await page.click('.controls .step.last');
  await page.waitForTimeout(300);
  assert.equal(await slides(page), 2, 'a jump does not');

  // --- the analysis board: the same control; a move picked closes the line
  await page.click('a[href^="#/analysis?"]');
  await page.locator('.analysis [data-piece]').first().waitFor();
  await page.click('.controls .step.first');
  await page.click('.controls .step.next');
  await page.click('.detail [data-show-line][data-line="mate"]');
  await page.locator('.line-view [data-line-ply]').first().waitFor();
  assert.deepEqual(await shownLine(page), fig9.mate_line.map((m, i) => [i + 1, m]));
  await page.keyboard.press('End');
  await page.locator(`[data-line-ply="${fig9.mate_line.length}"][aria-current="step"]`).waitFor();
  await page.screenshot({ path: artifact('lines-analysis.png'), fullPage: true });
  await page.keyboard.press('Escape');
  await page.locator('.line-view').waitFor({ state: 'detached' });
  assert.match(await page.evaluate(() => location.hash), /ply=1/, 'the analysis board is where it was');
  await page.click('.detail [data-show-line][data-line="mate"]');
  await page.locator('.line-view').waitFor();
  await page.click('.moves [data-ply="0"] button');
  await page.locator('.line-view').waitFor({ state: 'detached' });
  assert.match(await page.evaluate(() => location.hash), /ply=0|^(?!.*ply=)/, 'the game moved, the line closed');

  // A move played by clicks slides; one dropped by drag is already there.
  const mv = fig9.iccs;
  const before = await slides(page);
  await page.click(`svg.board rect[data-sq="${mv.slice(0, 2)}"]`);
  await page.click(`svg.board rect[data-sq="${mv.slice(2)}"]`);
  await page.waitForFunction(() => location.hash.includes('ply=1'));
  await page.waitForTimeout(300);
  assert.equal(await slides(page), before + 1, 'a move played slides');
  await page.click('.moves [data-ply="0"] button');
  await page.waitForTimeout(300);
  const dragged = await slides(page);
  const box = async (sq) => page.locator(`svg.board rect[data-sq="${sq}"]`).boundingBox();
  const [a, b] = [await box(mv.slice(0, 2)), await box(mv.slice(2))];
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
  await page.waitForFunction(() => location.hash.includes('ply=1'));
  await page.waitForTimeout(300);
  assert.equal(await slides(page), dragged, 'a dragged move does not slide');

  // --- a move's other claims: 1999 图三 ply 2, a 兑 (its control comes with
  // the line view's module, which loads when the browser is idle)
  const fig3 = report('cxa1999.jsonl', 'cxa1999-图三').moves[1];
  const trade = fig3.claims.find((c) => c.claim === 'trade');
  assert.ok(trade?.line.length > 0, 'the CLI gives a trade line');
  log(`图三 ply 2: trade ${trade.square} line ${trade.line.join(' ')}`);
  await open(page, url, '#/case/cxa1999-图三?ply=2');
  const claim = `.detail [data-show-line][data-line="trade"][data-square="${trade.square}"]`;
  await page.locator(claim).waitFor({ timeout: 15_000 });
  assert.match(await page.getAttribute(claim, 'aria-label'), /兑子：/);
  await page.click(claim);
  await page.locator('.line-view [data-line-ply]').first().waitFor();
  assert.deepEqual(await shownLine(page), trade.line.map((m, i) => [i + 1, m]), "the trade is the CLI's");
  await page.keyboard.press('End');
  await page.locator(`[data-line-ply="${trade.line.length}"][aria-current="step"]`).waitFor();
  assert.equal(await page.getAttribute('.line-balance', 'data-balance'), String(trade.balance));
  await page.keyboard.press('Escape');
  // In English: the control's name, the line's words.
  await page.click('button.switch-lang');
  await page.locator(claim).waitFor();
  assert.match(await page.getAttribute(claim, 'aria-label'), /The trade of /);
  await page.click(claim);
  await page.keyboard.press('ArrowRight');
  await page.locator('[data-line-ply="1"][aria-current="step"]').waitFor();
  assert.match(await page.textContent('.line-status'), /^Step 1 of 2: .*takes/);
  await page.waitForTimeout(300);
  await page.screenshot({ path: artifact('lines-trade-desktop-en.png'), fullPage: true });
  await page.keyboard.press('Escape');
  await page.click('button.switch-lang');
  // A control whose line the move does not have says so, and nothing else changes.
  await page.evaluate(() =>
    document.querySelector('.detail > div').insertAdjacentHTML('beforeend', '<button data-show-line data-square="a0" id="bogus">?</button>'),
  );
  await page.click('#bogus');
  await page.locator('#bogus + .line-error').waitFor();
  assert.match(await page.textContent('#bogus + .line-error'), /no such line/);
  assert.equal(await page.locator('.line-view').count(), 0);
  // The next move's panel gets its own claims, not these.
  await page.click('.controls .step.next');
  await page.waitForTimeout(300);
  assert.equal(await page.locator(claim).count(), 0);
}
