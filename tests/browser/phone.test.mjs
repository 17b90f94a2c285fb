// A 360×740 phone: every page fits the width (no sideways scrolling) and the
// board stays usable. Screenshots are kept as artefacts.
import assert from 'node:assert/strict';
import { open, noHorizontalScroll } from './lib.mjs';

export const timeoutMs = 90_000;

export default async function phone({ page, url, artifact }) {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const [name, hash] of [
    ['library', '#/'],
    ['replay', '#/case/cxa-fig02?ply=4'],
    ['analysis', '#/analysis'],
    ['about', '#/about'],
  ]) {
    if (name === 'library' || name === 'about') {
      await page.goto('about:blank');
      await page.goto(url + hash);
      await page.locator('#qili-main h2').first().waitFor();
    } else {
      await open(page, url, hash);
    }
    await page.waitForTimeout(300);
    await noHorizontalScroll(page, name);
    await page.screenshot({ path: artifact(`phone-${name}.png`) });
    await page.screenshot({ path: artifact(`phone-${name}-full.png`), fullPage: true });
  }
  // The board fills the width.
  await open(page, url, '#/case/cxa1999-图一');
  const box = await page.locator('svg.board').boundingBox();
  assert.ok(box.width >= 320, `board is ${box.width}px wide`);
  // The step buttons are big enough to touch.
  const next = await page.locator('.controls .step.next').boundingBox();
  assert.ok(next.width >= 40 && next.height >= 40, `next button ${next.width}×${next.height}`);
}
