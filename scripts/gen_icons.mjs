#!/usr/bin/env node
// Draws the app icons of the web app manifest from site/favicon.svg with
// headless Chromium and writes them to site/public/ (committed; re-run after
// changing the favicon):
//
//   node scripts/gen_icons.mjs
//
// icon-192.png, icon-512.png: the emblem on a transparent background;
// icon-maskable-512.png: full-bleed background with the emblem inside the
// central 80 % safe zone, so launchers may crop it to any shape.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const svg = readFileSync(join(root, 'site/favicon.svg'), 'utf8');
const out = join(root, 'site/public');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const icons = [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
];
for (const [name, size, maskable] of icons) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const inner = maskable ? Math.round(size * 0.7) : size;
  await page.setContent(
    `<html><body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;` +
      `background:${maskable ? '#f4d9a6' : 'transparent'}">` +
      `<div style="width:${inner}px;height:${inner}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div>` +
      `</body></html>`,
  );
  await page.screenshot({ path: join(out, name), omitBackground: !maskable });
  await page.close();
  console.log(`wrote site/public/${name}`);
}
await browser.close();
