// Game records on the analysis board, under the site's CSP: a real Big5 PGN
// through the file input, a real XQF dropped on the page, DhtmlXQ text
// pasted; a file with a bad game lists the error and keeps the good games;
// the repetition cycles of a real game are listed and jump the board; tags
// and comments with HTML payloads show as text; and once the service worker
// is active, records still open offline. The reader (records.js and its
// worker) must not load before a record is opened.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { currentPly, drop, waitForLine } from './lib.mjs';
import { serveDist } from './serve.mjs';

export const timeoutMs = 120_000;

const CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'";
const corpus = resolve(import.meta.dirname, '..', '..', '..', 'shared', 'corpus');
const expected = (f) => JSON.parse(readFileSync(join(corpus, 'records', f), 'utf8'));
const IMG = '<img src=x onerror="window.__pwned=(window.__pwned||0)+1">';
const JS = 'javascript:window.__pwned=(window.__pwned||0)+1';

/** The board's line from the page address: start FEN, ICCS moves, ply. */
async function line(page) {
  return page.evaluate(() => {
    const q = new URLSearchParams(location.hash.split('?')[1] ?? '');
    const moves = (q.get('moves') ?? '').split(/\s+/).filter(Boolean);
    return { fen: q.get('fen'), moves, ply: q.has('ply') ? Number(q.get('ply')) : moves.length };
  });
}

async function paste(page, text) {
  await page.fill('section.record .record-text', text);
  await page.click('section.record .read-record');
}

const readerRequests = (requests) => requests.filter((p) => /records-|qili-records-worker/.test(p));

export default async function records({ page, context, log, artifact }) {
  const site = await serveDist({ 'content-security-policy': CSP });
  const violations = [];
  // What the page fetches (not the service worker's precache, which takes every file).
  const fetched = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  page.on('console', (m) => {
    if (/Content.Security.Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  try {
    await page.goto(`${site.url}#/analysis`);
    await page.locator('#qili-app [data-piece]').first().waitFor({ timeout: 20_000 });
    await page.locator('section.record .record-file').waitFor();
    assert.deepEqual(readerRequests(fetched), [], 'the record reader is not part of the first load');

    // --- a real Big5 PGN through the file input --------------------------------
    const pgn = join(corpus, 'pgn-sample', '005.pgn');
    await page.setInputFiles('section.record .record-file', pgn);
    await waitForLine(page, 103);
    let l = await line(page);
    assert.deepEqual(l.moves.slice(0, 4), ['h2e2', 'b9c7', 'h0g2', 'h9g7']);
    assert.equal(l.ply, 0, 'a loaded game is shown from its start');
    assert.equal(await currentPly(page), 0);
    const tags = await page.textContent('section.record .record-tags');
    assert.ok(tags.includes('浦東徐健秒') && tags.includes('山東周長林'), `Big5 tags decoded: ${tags}`);
    assert.ok(readerRequests(fetched).some((p) => p.includes('qili-records-worker_bg.wasm')), 'the worker loaded');
    log(`Big5 PGN: ${l.moves.length} moves; tags ${tags.slice(0, 60)}…`);

    // --- its repetition cycles, and jumping between them -----------------------
    const runs = page.locator('section.record .cycle-runs button[data-ply]');
    await runs.first().waitFor({ timeout: 20_000 });
    assert.deepEqual(await runs.evaluateAll((bs) => bs.map((b) => Number(b.dataset.ply))), [47, 53, 61]);
    assert.deepEqual(
      await runs.evaluateAll((bs) => bs.map((b) => b.dataset.ruling)),
      ['black_loses', 'black_loses', 'black_loses'],
    );
    log(`cycles: ${(await runs.allTextContents()).join(' | ')}`);
    await runs.nth(1).click();
    await page.waitForFunction(() => document.querySelector('.moves [aria-current="step"]')?.closest('li')?.dataset.ply === '53');
    assert.equal(await page.getAttribute('.verdict[data-ruling]', 'data-ruling'), 'black_loses');
    await page.click('section.record .cycle-next');
    await page.waitForFunction(() => document.querySelector('.moves [aria-current="step"]')?.closest('li')?.dataset.ply === '61');
    // Keyboard: the buttons take the focus and Enter.
    await page.focus('section.record .cycle-prev');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('.moves [aria-current="step"]')?.closest('li')?.dataset.ply === '53');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('.moves [aria-current="step"]')?.closest('li')?.dataset.ply === '47');
    assert.equal(await page.evaluate(() => document.activeElement?.className), 'cycle-prev', 'the focus stays');
    await page.screenshot({ path: artifact('records-cycles.png'), fullPage: true });

    // --- a real XQF (1.8, encrypted) dropped on the page -----------------------
    const xqf = expected('xqf/ee_XQFEXAMA.expected.json');
    await drop(page, 'ee_XQFEXAMA.xqf', readFileSync(join(corpus, 'records', 'xqf', 'ee_XQFEXAMA.xqf')));
    await waitForLine(page, xqf.moves.length);
    l = await line(page);
    assert.deepEqual(l.moves, xqf.moves);
    log(`dropped XQF: ${l.moves.length} moves`);

    // --- DhtmlXQ text pasted ----------------------------------------------------
    const ubb = expected('dhtmlxq/dx_ccbridge_39.expected.json');
    await paste(page, readFileSync(join(corpus, 'records', 'dhtmlxq', 'dx_ccbridge_39.ubb'), 'utf8'));
    await waitForLine(page, ubb.moves.length);
    assert.deepEqual((await line(page)).moves, ubb.moves);
    log(`pasted DhtmlXQ: ${ubb.moves.length} moves`);

    // --- several games, one bad -------------------------------------------------
    const three = [
      '[Event "一"]\n[Red "甲"]\n[Black "乙"]\n1. 炮二平五 马8进7 2. 马二进三 1-0',
      '[Event "二"]\n1. 炮二平五 马8进5 *',
      '[Event "三"]\n1. 相三进五 {飞相局} 卒7进1 1/2-1/2',
    ].join('\n\n');
    await paste(page, three);
    const list = page.locator('section.record .record-list > li');
    await list.nth(2).waitFor({ timeout: 20_000 });
    assert.equal(await page.locator('section.record .record-list button[data-game]').count(), 2);
    const error = await page.textContent('section.record .record-error');
    assert.ok(error.includes('马8进5'), `the error names the bad move: ${error}`);
    log(`bad game: ${error}`);
    const items = await list.allTextContents();
    assert.ok(items[0].includes('甲') && items[0].includes('乙') && items[0].includes('1-0'), items[0]);
    await page.click('section.record .record-list button[data-game="2"]');
    await waitForLine(page, 2);
    assert.deepEqual((await line(page)).moves, ['g0e2', 'g6g5']);
    assert.equal(await page.getAttribute('section.record button[data-game="2"]', 'aria-current'), 'true');
    await page.click('.moves li[data-ply="1"] button');
    await page.locator('section.record .record-comment').waitFor();
    assert.ok((await page.textContent('section.record .record-comment')).includes('飞相局'));

    // --- payloads in tags and comments are text ---------------------------------
    const hostile = `[Event "${IMG}"]\n[Red "${JS}"]\n[Black "<script>window.__pwned=1</script>"]\n{${IMG}} 1. 炮二平五 {<a href="${JS}">x</a>} 马8进7 *`;
    await paste(page, hostile);
    // (The game before also had two moves: wait for this one's tags.)
    await page.waitForFunction(() => document.querySelector('section.record .record-tags')?.textContent.includes('<img'), null, {
      timeout: 20_000,
    });
    await waitForLine(page, 2);
    const shown = await page.textContent('section.record .record-tags');
    assert.ok(shown.includes('<img src=x') && shown.includes('javascript:') && shown.includes('<script>'), shown);
    assert.ok((await page.textContent('section.record .record-comment')).includes('<img'), 'the comment before move 1 as text');
    await page.click('.moves li[data-ply="1"] button');
    await page.waitForFunction(() => document.querySelector('section.record .record-comment')?.textContent.includes('<a href'));
    assert.equal(await page.locator('#qili-app img, #qili-app script, section.record a').count(), 0, 'no element from the file');
    assert.equal(await page.evaluate(() => window.__pwned), undefined, 'a payload ran');
    assert.deepEqual(violations, [], 'CSP violations');

    // --- offline, once the service worker is active -----------------------------
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.locator('#qili-app [data-piece]').first().waitFor();
    assert.ok(await page.evaluate(() => !!navigator.serviceWorker.controller), 'the page is controlled');
    await context.setOffline(true);
    try {
      await page.goto('about:blank');
      await page.goto(`${site.url}#/analysis`);
      await page.locator('section.record .record-file').waitFor({ timeout: 20_000 });
      await drop(page, 'ee_XQFEXAMA.xqf', readFileSync(join(corpus, 'records', 'xqf', 'ee_XQFEXAMA.xqf')));
      await waitForLine(page, xqf.moves.length);
      assert.deepEqual((await line(page)).moves, xqf.moves);
      log('offline: record import works from the service worker cache');
    } finally {
      await context.setOffline(false);
    }
    assert.deepEqual(violations, [], 'CSP violations');
  } finally {
    await site.close();
  }
}
