// The analysis board: load a FEN, paste moves in Chinese notation, get the
// labels and a ruling; the ruling follows the ply shown; the share link
// restores the exact view; moves can be played by clicking; the editor lists
// a setup's problems.
import assert from 'node:assert/strict';
import { open, labels, ruling, pieces, currentPly } from './lib.mjs';

export const timeoutMs = 90_000;

const FIG1 = '2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1';

export default async function analysis({ page, context, url, artifact, log }) {
  await open(page, url, '#/analysis');
  assert.equal(Object.keys(await pieces(page)).length, 32, 'starts from the initial position');

  // A FEN, then moves in Chinese notation.
  await page.fill('input[name="fen"]', FIG1);
  await page.click('button.load-fen');
  await page.waitForFunction(() => document.querySelectorAll('svg.board [data-piece]').length === 7);
  await page.fill('textarea[name="moves"]', '车四平五 将5平6 车五平四 将6平5');
  await page.click('button.play-moves');
  await page.waitForFunction(() => document.querySelectorAll('.moves li[data-label]').length === 4);
  assert.deepEqual(await labels(page), ['将', '闲', '将', '闲']);
  assert.equal(await ruling(page), 'red_loses', 'ruling once the cycle closes');
  assert.equal(await currentPly(page), 4);

  // The ruling is for the moves up to the ply shown: no cycle after two.
  await page.click('.moves li[data-ply="2"] button');
  await page.waitForFunction(() => document.querySelector('.verdict')?.dataset.ruling === 'none');
  await page.screenshot({ path: artifact('analysis-ply2.png'), fullPage: true });

  // A bad move is reported with its number.
  await page.fill('textarea[name="moves"]', '车四平五 将5平6 车五平九');
  await page.click('button.play-moves');
  const err = await page.locator('.moves-form .error').textContent();
  log(`error shown: ${err}`);
  assert.match(err, /3/);
  assert.equal((await labels(page)).length, 4, 'a bad list leaves the line alone');

  // The share link restores FEN, moves, edition and ply.
  await page.click('button.edition[data-edition="cxa2020"]');
  await page.click('.moves li[data-ply="3"] button');
  await page.waitForFunction(() => location.hash.includes('ply=3'));
  const link = await page.inputValue('input.share-link');
  log(`share link: ${link}`);
  const before = { pieces: await pieces(page), labels: await labels(page), ruling: await ruling(page) };
  const other = await context.newPage();
  await open(other, link, '');
  assert.deepEqual(await pieces(other), before.pieces, 'same position shown');
  assert.deepEqual(await labels(other), before.labels, 'same moves and labels');
  assert.equal(await ruling(other), before.ruling);
  assert.equal(await currentPly(other), 3);
  assert.equal(
    await other.getAttribute('button.edition[data-edition="cxa2020"]', 'aria-pressed'),
    'true',
    'same edition',
  );
  await other.close();

  // An address written by hand: moves in WXF with '+' (URL-encoded or not).
  await open(page, url, `#/analysis?fen=${encodeURIComponent(FIG1)}&moves=R4%3D5+K5%3D6&rules=axf`);
  assert.deepEqual(await labels(page), ['将', '闲']);

  // Playing by clicking: the board offers legal moves only.
  await open(page, url, '#/analysis');
  await page.click('svg.board rect[data-sq="h2"]');
  const dests = await page.locator('svg.board .dest').count();
  assert.ok(dests > 0, 'legal destinations are shown');
  await page.click('svg.board rect[data-sq="e2"]');
  await page.waitForFunction(() => document.querySelectorAll('.moves li[data-label]').length === 1);
  assert.equal(await page.textContent('.moves li[data-ply="1"] .text'), '炮二平五');
  assert.equal((await pieces(page)).e2, 'C');
  // Dragging works too: the horse from b9 to c7.
  const box = async (sq) => page.locator(`svg.board rect[data-sq="${sq}"]`).boundingBox();
  const a = await box('b9');
  const b = await box('c7');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
  await page.waitForFunction(() => document.querySelectorAll('.moves li[data-label]').length === 2);
  assert.equal((await pieces(page)).c7, 'n');
  // Undo and redo.
  await page.click('.controls .step.prev');
  assert.equal(await currentPly(page), 1);
  await page.click('.controls .step.next');
  assert.equal(await currentPly(page), 2);

  // The editor lists every problem of a setup.
  await page.click('button.edit-position');
  await page.click('.editor button:has-text("清空")');
  const problems = await page.locator('.editor .problems li').allTextContents();
  log(`problems of an empty board: ${problems.join(' | ')}`);
  assert.equal(problems.length, 2);
  assert.equal(await page.isDisabled('button.editor-done'), true);
  // Place the two kings facing: one problem, then move one aside.
  await page.click('.palette button[aria-label="红帅"]');
  await page.click('svg.board rect[data-sq="e0"]');
  await page.click('.palette button[aria-label="黑将"]');
  await page.click('svg.board rect[data-sq="e9"]');
  assert.equal(await page.locator('.editor .problems li').count(), 1);
  await page.screenshot({ path: artifact('analysis-editor.png'), fullPage: true });
  await page.click('svg.board rect[data-sq="e9"]'); // same piece again: removed
  await page.click('svg.board rect[data-sq="d9"]');
  await page.click('.palette button[aria-label="红车"]');
  await page.click('svg.board rect[data-sq="a0"]');
  assert.equal(await page.isDisabled('button.editor-done'), false);
  await page.click('button.editor-done');
  assert.deepEqual(await pieces(page), { e0: 'K', d9: 'k', a0: 'R' });
  assert.match(await page.inputValue('input[name="fen"]'), /^3k5\/9\/9\/9\/9\/9\/9\/9\/9\/R3K4 w/);
  await page.screenshot({ path: artifact('analysis.png'), fullPage: true });
}
