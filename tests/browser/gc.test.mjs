// The app survives forced garbage collections in the middle of use: the
// Leptos handles and the event listeners are kept on the Rust side.
import assert from 'node:assert/strict';
import { open, currentPly, labels } from './lib.mjs';

async function collect(page) {
  for (let i = 0; i < 3; i++) {
    await page.evaluate(async () => {
      globalThis.gc();
      await new Promise((r) => setTimeout(r, 50));
    });
  }
}

export default async function gc({ page, url, log }) {
  await open(page, url, '#/case/cxa1999-图一');
  assert.equal(await page.evaluate(() => typeof globalThis.gc), 'function', 'run with --expose-gc');
  await page.click('.controls .step.next');
  await collect(page);
  // Buttons, keys, the language switch and navigation still work.
  await page.click('.controls .step.next');
  assert.equal(await currentPly(page), 2);
  await page.keyboard.press('End');
  await page.waitForFunction(() => document.querySelector('.moves [aria-current="step"]')?.closest('li')?.dataset.ply === '4');
  await page.click('button.switch-lang');
  await page.waitForFunction(() => document.querySelector('.qili')?.getAttribute('lang') === 'en');
  await collect(page);
  await page.click('header nav a[href="#/analysis"]');
  await page.locator('textarea[name="moves"]').waitFor();
  await collect(page);
  await page.fill('textarea[name="moves"]', 'h2e2 h9g7');
  await page.click('button.play-moves');
  await page.waitForFunction(() => document.querySelectorAll('.moves li[data-label]').length === 2);
  log(`after GCs: ${(await labels(page)).join(' ')}`);
  await page.click('button.switch-lang'); // back to Chinese for the next tests' storage
}
