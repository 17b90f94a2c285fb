// The engine's explanations on the replay page and the analysis board. The
// site's first load is built without them (qili's `explain` feature): the
// Export menu's module (crates/qili-export, site/line.js), which embed.js
// loads as soon as a page with a board is shown, fills in the move panel's
// and the ruling's. They must be the CLI's, word for word, for the move
// shown and the line the page judges; follow the steps and the language;
// and come with Save-Data too (they are content, not a convenience).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { open } from './lib.mjs';

export const timeoutMs = 120_000;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The CLI's report of `moves` from `fen` under `rules`. */
function report(fen, moves, rules) {
  execFileSync('cargo', ['build', '--release', '--quiet', '-p', 'qili-cli'], { cwd: root, stdio: 'inherit' });
  const out = execFileSync(join(root, 'target/release/qili'), ['adjudicate', '--rules', rules, '--fen', fen, '--moves', moves], {
    encoding: 'utf8',
  });
  return JSON.parse(out);
}

/** Waits until the move panel's explanation (its text before the clause) is `want`. */
const moveSays = (page, want) =>
  page.waitForFunction(
    (want) => {
      const p = document.querySelector('#qili-app .panel.detail .explanation');
      return p && p.textContent.slice(0, p.textContent.length - (p.querySelector('.clause')?.textContent.length ?? 0)).trim() === want;
    },
    want,
    { timeout: 20_000 },
  );

/** Waits until the ruling's explanation is `want`. */
const rulingSays = (page, want) =>
  page.waitForFunction(
    (want) => document.querySelector('#qili-app .panel.verdict .explanation')?.textContent === want,
    want,
    { timeout: 20_000 },
  );

const FIG1 = '2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w';
const FIG1_MOVES = 'f0e0 e8f8 e0f0 f8e8';

export default async function explanations({ page, url, log, metric }) {
  const fig1 = report(FIG1, FIG1_MOVES, 'cxa1999');
  assert.ok(fig1.explanation.zh && fig1.moves[0].explanation.zh, 'the CLI explains');

  // --- The replay (1999 图一, in Chinese): the ruling at once, each move as it is shown.
  await open(page, url, '#/case/cxa1999-图一');
  const t0 = Date.now();
  await rulingSays(page, fig1.explanation.zh);
  metric('explained_after_board', Date.now() - t0, 'ms');
  for (const ply of [1, 2]) {
    await page.click('.controls .step.next');
    await moveSays(page, fig1.moves[ply - 1].explanation.zh);
  }
  log(`ply 2: ${fig1.moves[1].explanation.zh}`);
  // The clause stays after the words.
  assert.ok(await page.locator('#qili-app .panel.detail .explanation .clause').count(), 'the clause is cited');

  // --- In English: both panels are drawn again, and filled again.
  await page.click('.switch-lang');
  await page.waitForFunction(() => document.querySelector('#qili-app .qili').lang === 'en');
  await moveSays(page, fig1.moves[1].explanation.en);
  await rulingSays(page, fig1.explanation.en);

  // --- The analysis board judges the moves up to the one shown: its ruling
  // at ply 2 is the CLI's for those two moves.
  const two = report(FIG1, 'f0e0 e8f8', 'cxa2020');
  const hash = `#/analysis?fen=${encodeURIComponent(FIG1)}&moves=f0e0,e8f8&rules=cxa2020&ply=2`;
  await open(page, url, hash);
  await moveSays(page, two.moves[1].explanation.en);
  await rulingSays(page, two.explanation.en);

  // --- With Save-Data the explanations still come (a fresh context: the
  // setting is read when the page starts).
  const context = page.context();
  const saver = await context.newPage();
  await saver.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'connection', { get: () => ({ saveData: true }) }),
  );
  await open(saver, url, '#/case/cxa1999-图一?ply=1');
  assert.equal(await saver.evaluate(() => navigator.connection.saveData), true);
  await moveSays(saver, fig1.moves[0].explanation.en);
  await saver.close();
}
