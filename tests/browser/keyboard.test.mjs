// Everything works from the keyboard: replay with ←/→/Home/End/Space and
// with Tab + Enter on the controls and the move list; on the analysis board,
// Tab into the board, move with the arrow keys, Enter picks up and puts down.
import assert from 'node:assert/strict';
import { open, labels, currentPly, pieces } from './lib.mjs';

export const timeoutMs = 90_000;

async function waitPly(page, ply) {
  await page.waitForFunction(
    (p) => document.querySelector('.moves [aria-current="step"]')?.closest('li')?.dataset.ply === String(p),
    ply,
    { timeout: 10_000 },
  );
}

/** Presses Tab until `predicate(activeElement)` holds; returns the number of presses. */
async function tabTo(page, predicate, max = 80) {
  for (let i = 1; i <= max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(predicate)) return i;
  }
  throw new Error(`not reached with ${max} Tabs: ${predicate}`);
}

export default async function keyboard({ page, url, artifact, log }) {
  await open(page, url, '#/case/cxa1999-图一');
  await page.locator('body').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await waitPly(page, 2);
  await page.keyboard.press('End');
  await waitPly(page, 4);
  await page.keyboard.press('ArrowLeft');
  await waitPly(page, 3);
  await page.keyboard.press('Home');
  await waitPly(page, 0);
  // Space plays (one move a second) and pauses.
  await page.keyboard.press(' ');
  await waitPly(page, 2);
  await page.keyboard.press(' ');
  const paused = await currentPly(page);
  await page.waitForTimeout(1500);
  assert.equal(await currentPly(page), paused, 'Space pauses');

  // Tab to the "next" button and press Enter; the focus ring is visible.
  await page.keyboard.press('Home');
  const tabs = await tabTo(page, () => document.activeElement?.matches('.controls .step.next'));
  log(`"next" reached with ${tabs} Tabs`);
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
  assert.notEqual(outline, 'none', 'focus is visible');
  await page.keyboard.press('Enter');
  await waitPly(page, 1);
  await page.keyboard.press('Enter');
  await waitPly(page, 2);
  assert.ok(await page.evaluate(() => document.activeElement?.matches('.controls .step.next')), 'focus stays');
  await page.screenshot({ path: artifact('keyboard-focus.png') });
  // The move list: Tab to the last move, Enter goes there.
  await tabTo(page, () => document.activeElement?.closest('li')?.dataset.ply === '4');
  await page.keyboard.press('Enter');
  await waitPly(page, 4);
  // Every move and every square has an accessible name.
  const unnamed = await page.$$eval('.moves button, svg.board rect.sq', (els) =>
    els.filter((e) => !(e.getAttribute('aria-label') || e.textContent.trim())).length,
  );
  assert.equal(unnamed, 0, 'moves and squares have names');
  assert.equal(await page.locator('svg.board rect.sq[aria-label]').count(), 90);

  // Analysis board: Tab into the board, walk to h2, pick up, walk to e2, drop.
  await open(page, url, '#/analysis');
  await tabTo(page, () => document.activeElement?.matches('svg.board rect.sq'));
  const start = await page.evaluate(() => document.activeElement.dataset.sq);
  log(`board entered at ${start}`);
  assert.equal(start, 'e0');
  for (const k of ['ArrowUp', 'ArrowUp', 'ArrowRight', 'ArrowRight', 'ArrowRight']) await page.keyboard.press(k);
  assert.equal(await page.evaluate(() => document.activeElement.dataset.sq), 'h2');
  await page.keyboard.press('Enter');
  assert.match(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), /h2/);
  for (const k of ['ArrowLeft', 'ArrowLeft', 'ArrowLeft']) await page.keyboard.press(k);
  assert.match(
    await page.evaluate(() => document.activeElement.getAttribute('aria-label')),
    /可走到此处/,
    'e2 announces that the cannon can go there',
  );
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('.moves li[data-label]').length === 1);
  assert.equal((await pieces(page)).e2, 'C');
  assert.deepEqual((await labels(page)).length, 1);
  // ←/→ on the board move the focus, not the line; outside it they undo/redo.
  await page.keyboard.press('ArrowLeft');
  assert.equal(await currentPly(page), 1);
  await page.evaluate(() => document.activeElement.blur());
  await page.keyboard.press('ArrowLeft');
  await waitPly(page, 0);
  await page.keyboard.press('ArrowRight');
  await waitPly(page, 1);
  await page.screenshot({ path: artifact('keyboard-board.png') });
}
