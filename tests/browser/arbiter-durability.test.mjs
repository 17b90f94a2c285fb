// The arbiter page loses nothing when the browser dies (issue 16, "Nothing
// lost"): moves are recorded in a Chromium with a profile on disk, the
// browser's whole process group is killed with SIGKILL the moment the last
// move is shown (no graceful close: what a dead battery or a killed browser
// leaves), Chromium is started again on the same profile, and every move
// must be there. Chromium writes localStorage to disk lazily; the page's
// IndexedDB journal (committed with durability "strict" before a move is
// shown) is what keeps them.
//
// Also: while the journal's transaction is not complete, the move is shown
// as pending (no data-ply) and the table takes no other move; a second tab
// is refused by the journal itself when localStorage lags behind it; where
// IndexedDB is not available, the page says it keeps moves in localStorage
// only, and still records and reloads them. A table opened from its address
// (#/arbiter?…) keeps the address until the table is stored: a reload before
// then opens it again.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs as args } from './lib.mjs';

export const timeoutMs = 240_000;

const executablePath = process.env.CHROMIUM ?? '/usr/bin/chromium';

const launch = (profile) =>
  chromium.launchPersistentContext(profile, { executablePath, headless: true, args, viewport: { width: 1280, height: 800 } });

/**
 * The process group of the Chromium this test started on `profile`
 * (playwright-core starts the browser as the leader of its own group): the
 * group of a process whose command line names the profile.
 */
function browserGroup(profile) {
  const own = Number(readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')[2]);
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    let cmdline;
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue; // gone
    }
    if (!cmdline.includes(`--user-data-dir=${profile}`)) continue;
    const group = Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[2]);
    if (group > 1 && group !== own) return group;
  }
  throw new Error(`no Chromium process found for ${profile}`);
}

const recorded = (page) => page.$$eval('[data-arbiter=page] [data-ply][data-iccs]', (li) => li.map((l) => l.dataset.iccs));

/** Types a move and waits until it is shown as played; returns the ms from Enter to then. */
async function typeMove(page, text, ply) {
  await page.fill('[data-arbiter-input]', text);
  const t0 = performance.now();
  await page.press('[data-arbiter-input]', 'Enter');
  await page.locator(`[data-arbiter=page] [data-ply="${ply}"]`).waitFor({ timeout: 20_000 });
  return performance.now() - t0;
}

export default async function durability({ context, url, log, metric, artifact }) {
  const moves = ['h2e2', 'h9g7', 'b0c2', 'i9h9', 'a0b0'];
  const profile = mkdtempSync(join(tmpdir(), 'qili-arbiter-profile-'));
  try {
    // --- record, and kill the browser the moment the last move is shown -------------
    let browser = await launch(profile);
    let page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto(`${url}#/arbiter?rules=axf`);
    await page.locator('[data-arbiter-input]').waitFor({ timeout: 30_000 });
    const mode = await page.getAttribute('.arb-journal', 'data-journal').catch(() => null);
    log(`storage: ${mode ?? '(no journal status on the page)'}`);
    const took = [];
    for (const [k, mv] of moves.entries()) took.push(await typeMove(page, mv, k + 1));
    metric('arbiter-enter-to-shown-max', Math.round(Math.max(...took)), 'ms');
    const group = browserGroup(profile);
    const shown = performance.now();
    process.kill(-group, 'SIGKILL');
    metric('arbiter-kill-after-shown', Math.round(performance.now() - shown), 'ms');
    await browser.close().catch(() => {}); // already dead: only lets playwright-core let go
    log(`browser process group ${group} killed with SIGKILL right after ply ${moves.length} was shown`);

    // --- start again on the same profile: every move is there ------------------------
    browser = await launch(profile);
    page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto(`${url}#/arbiter`);
    // The page is there and has read its storage (code without the journal has no status for it).
    await page.waitForFunction(
      () => document.querySelector('.arb-persist') && document.querySelector('.arb-journal')?.dataset.journal !== 'opening',
      null,
      { timeout: 30_000 },
    );
    const back = await page
      .locator(`[data-arbiter=page] [data-ply="${moves.length}"]`)
      .waitFor({ timeout: 10_000 })
      .then(
        () => recorded(page),
        () => recorded(page).catch(() => []),
      );
    log(`after the restart: ${back.length} of ${moves.length} moves`);
    assert.deepEqual(back, moves, 'every move shown before the browser died is kept');
    assert.equal(await page.getAttribute('.arb-journal', 'data-journal'), 'indexeddb');
    await browser.close();
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }

  // --- a move is pending until the journal's transaction is complete ------------------
  {
    const held = await context.browser().newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    // Hold back the `complete` events of the journal's transactions until released.
    await held.addInitScript(() => {
      const add = IDBTransaction.prototype.addEventListener;
      window.__held = [];
      IDBTransaction.prototype.addEventListener = function (type, listener, ...rest) {
        const later = (ev) => (window.__hold ? window.__held.push(() => listener(ev)) : listener(ev));
        return add.call(this, type, type === 'complete' ? later : listener, ...rest);
      };
    });
    const page = await held.newPage();
    await page.goto(`${url}#/arbiter?rules=axf`);
    await page.locator('[data-arbiter=page] .arb-desk').waitFor({ timeout: 30_000 });
    await page.evaluate(() => (window.__hold = true));
    await page.fill('[data-arbiter-input]', 'h2e2');
    await page.press('[data-arbiter-input]', 'Enter');
    await page.locator('[data-arbiter=page] [data-pending-iccs="h2e2"]').waitFor({ timeout: 10_000 });
    assert.equal(await page.locator('[data-arbiter=page] [data-ply]').count(), 0, 'pending: not shown as played');
    await page.locator('[data-pending-iccs]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifact('arbiter-phone-pending-zh.png') });
    await page.fill('[data-arbiter-input]', 'h9g7');
    await page.press('[data-arbiter-input]', 'Enter');
    await page.locator('.arb-status', { hasText: /尚在存储|still being stored/ }).waitFor();
    assert.equal(await page.locator('[data-arbiter=page] [data-pending-iccs]').count(), 1, 'the next move is refused');
    await page.evaluate(() => {
      window.__hold = false;
      window.__held.splice(0).forEach((f) => f());
    });
    await page.locator('[data-arbiter=page] [data-ply="1"][data-iccs="h2e2"]').waitFor({ timeout: 10_000 });
    assert.equal(await page.locator('[data-arbiter=page] [data-pending-iccs]').count(), 0);
    await typeMove(page, 'h9g7', 2);
    await page.evaluate(() => scrollTo(0, 0));
    await page.screenshot({ path: artifact('arbiter-phone-storage-zh.png') });
    log('pending: shown as storing, no data-ply, the next move refused until the commit');
    await held.close();
  }

  // --- a table opened from its address and reloaded before it is stored -------------
  {
    const slow = await context.browser().newContext();
    // The first load's journal never answers (the page waits for it before
    // it stores anything); the reload's does.
    await slow.addInitScript(() => {
      if (sessionStorage.getItem('qili-test.slow-journal')) return;
      sessionStorage.setItem('qili-test.slow-journal', '1');
      IDBFactory.prototype.open = () => new EventTarget();
    });
    const page = await slow.newPage();
    await page.goto(`${url}#/arbiter?rules=axf`);
    await page.locator('.arb-journal[data-journal=opening]').waitFor({ timeout: 30_000 });
    assert.equal(await page.evaluate(() => location.hash), '#/arbiter?rules=axf', 'kept until the table is stored');
    await page.reload();
    await page.locator('[data-arbiter=page] svg.board [data-piece]').first().waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => location.hash === '#/arbiter', null, { timeout: 10_000 });
    assert.equal(await page.locator('[data-arbiter=page] [data-table]').count(), 1, 'one table, not lost, not doubled');
    log('a reload before the new table was stored: the table opened again, once');
    await slow.close();
  }

  // --- two tabs: the journal refuses a stale write even where localStorage lags ------
  {
    const two = await context.browser().newContext();
    const a = await two.newPage();
    await a.goto(`${url}#/arbiter?rules=axf`);
    await a.locator('[data-arbiter=page] .arb-desk').waitFor({ timeout: 30_000 });
    const b = await two.newPage();
    await b.goto(`${url}#/arbiter`);
    await b.locator('[data-arbiter=page] .arb-desk').waitFor({ timeout: 30_000 });
    // Tab a's mirror to localStorage is lost (as when the browser dies between
    // the journal's commit and the mirror): tab b hears nothing of its move.
    await a.evaluate(() => {
      const set = Storage.prototype.setItem;
      Storage.prototype.setItem = function (k, v) {
        if (!k.startsWith('qili.arbiter.table.')) set.call(this, k, v);
      };
    });
    await typeMove(a, 'h2e2', 1);
    await b.waitForTimeout(300);
    assert.deepEqual(await recorded(b), [], 'tab b has not seen it');
    await b.fill('[data-arbiter-input]', 'b0c2');
    await b.press('[data-arbiter-input]', 'Enter');
    await b.locator('.arb-status', { hasText: /另一个标签页|Another tab/ }).waitFor({ timeout: 10_000 });
    assert.deepEqual(await recorded(b), ['h2e2'], 'refused, and tab b takes the stored copy');
    await b.reload();
    await b.locator('[data-arbiter=page] [data-ply="1"]').waitFor({ timeout: 30_000 });
    assert.deepEqual(await recorded(b), ['h2e2'], 'nothing written over');
    log('two tabs: a stale write refused by the journal, the stored copy taken');
    await two.close();
  }

  // --- no IndexedDB (a private window of some browsers): localStorage, and said so ---
  await context.addInitScript(() => Object.defineProperty(window, 'indexedDB', { get: () => undefined }));
  const page = await context.newPage();
  await page.goto(`${url}#/arbiter?rules=cxa2020`);
  await page.locator('.arb-journal[data-journal=localstorage]').waitFor({ timeout: 30_000 });
  assert.match(await page.textContent('.arb-journal'), /localStorage/);
  await page.locator('[data-arbiter-input]').waitFor();
  await typeMove(page, '炮二平五', 1);
  await page.reload();
  await page.locator('[data-arbiter=page] [data-ply="1"]').waitFor({ timeout: 30_000 });
  assert.deepEqual(await recorded(page), ['h2e2'], 'recorded in localStorage');
  log('no IndexedDB: localStorage only, said on the page, moves kept across a reload');
  await page.close();
}
