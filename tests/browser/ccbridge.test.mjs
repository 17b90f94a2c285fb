// A real 象棋桥 (CCBridge) library on the analysis board: opened through the
// file input and dropped on the page, its 35 games are listed under its two
// section headings (the headings and the deleted entry are not games), and a
// game loads onto the board with its tags. A real single record (CBR) with
// variations dropped on the page loads its main line.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { drop, waitForLine } from './lib.mjs';

export const timeoutMs = 120_000;

const dir = resolve(import.meta.dirname, '..', '..', '..', 'shared', 'corpus', 'records', 'ccbridge');
const LIBRARY = join(dir, 'cc_1989_longhua.cbl');
const expected = (name) => JSON.parse(readFileSync(join(dir, name), 'utf8'));

/** The board's moves from the page address. */
async function moves(page) {
  return page.evaluate(() => (new URLSearchParams(location.hash.split('?')[1] ?? '').get('moves') ?? '').split(/\s+/).filter(Boolean));
}

/** The listed sections: each heading and the numbers (from 0) of the games under it. */
async function sections(page) {
  await page.locator('section.record .record-section').nth(1).waitFor({ timeout: 20_000 });
  return page.$$eval('section.record .record-list > li.record-section', (items) =>
    items.map((li) => ({
      title: li.querySelector('h4').textContent,
      games: [...li.querySelectorAll('button[data-game]')].map((b) => Number(b.dataset.game)),
    })),
  );
}

function checkListing(listed, lib) {
  assert.deepEqual(
    listed.map((s) => s.title),
    lib.sections,
  );
  assert.deepEqual(
    listed.map((s) => s.games.length),
    [20, 15],
  );
  assert.deepEqual(
    listed.flatMap((s) => s.games),
    [...Array(35).keys()],
    'the games in file order',
  );
}

export default async function ccbridge({ page, url, log, artifact }) {
  const lib = expected('cc_1989_longhua.expected.json');
  await page.goto(`${url}#/analysis`);
  await page.locator('#qili-app [data-piece]').first().waitFor({ timeout: 20_000 });
  await page.locator('section.record .record-file').waitFor();

  // --- the library through the file input ------------------------------------
  await page.setInputFiles('section.record .record-file', LIBRARY);
  let listed = await sections(page);
  checkListing(listed, lib);
  const status = await page.textContent('section.record .record-status');
  assert.ok(status.includes('35'), `status counts 35 games: ${status}`);
  log(`file input: ${listed.map((s) => `${s.title}: ${s.games.length}`).join('; ')}`);

  // One game onto the board: the women's third-round draw (game 27).
  const i = 26;
  const game = lib.games[i];
  await page.click(`section.record button[data-game="${i}"]`);
  await waitForLine(page, game.moves.length);
  assert.deepEqual(await moves(page), game.moves);
  assert.equal(await page.getAttribute(`section.record button[data-game="${i}"]`, 'aria-current'), 'true');
  const tags = await page.textContent('section.record .record-tags');
  assert.ok(tags.includes(game.red.trim()) && tags.includes(game.black.trim()), `players shown: ${tags}`);
  assert.ok(tags.includes(lib.sections[1]), `its section shown: ${tags}`);
  await page.locator(`.moves li[data-ply="${game.moves.length}"]`).waitFor();
  await page.screenshot({ path: artifact('ccbridge-library.png'), fullPage: true });
  log(`loaded game ${i + 1}: ${game.title.trim()}, ${game.moves.length} moves`);

  // --- a single record with variations dropped --------------------------------
  const cbr = expected('cc_test.expected.json');
  await drop(page, 'cc_test.cbr', readFileSync(join(dir, 'cc_test.cbr')));
  await waitForLine(page, cbr.moves.length);
  assert.deepEqual(await moves(page), cbr.moves);
  log(`dropped CBR: ${cbr.moves.length} moves`);

  // --- the library dropped on the page ----------------------------------------
  await drop(page, 'cc_1989_longhua.cbl', readFileSync(LIBRARY));
  listed = await sections(page);
  checkListing(listed, lib);
  await page.click('section.record button[data-game="0"]');
  await waitForLine(page, lib.games[0].moves.length);
  assert.deepEqual(await moves(page), lib.games[0].moves);
  log('dropped library: listed again, game 1 loaded');
}
