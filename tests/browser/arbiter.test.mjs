// The arbiter page (#/arbiter, issue 16): a table set up from its address;
// a perpetual check and a perpetual chase recorded move by move under each
// edition, the warning shown before the ply at which `qili adjudicate`
// first gives a verdict (asked here, move by move, of the CLI) and binding
// exactly there; a drawn repetition likewise announced before it binds
// ([data-arbiter-draw]); every move kept across a reload, an offline reload
// and a second tab; corrupt storage (localStorage and the IndexedDB
// journal) set aside and reported; the PGN export read back by `qili
// annotate` and by the analysis board with the same moves; phone-sized
// screenshots. The module is not part of a first visit. (A browser killed
// right after a move: arbiter-durability.test.mjs.)
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drop, waitForLine } from './lib.mjs';

export const timeoutMs = 600_000;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const qili = join(root, 'target/release/qili');

// 1999 图一: the lone rook checks every move (长将).
const CHECK = { name: 'check', fen: '2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1', first: [], cycle: ['f0e0', 'e8f8', 'e0f0', 'f8e8'] };
// The red cannon chases the black rook every move (长捉; Fairy-Stockfish's test).
const CHASE = {
  name: 'chase',
  fen: '2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1',
  first: ['c2a2'],
  cycle: ['a7b7', 'a2b2', 'b7a7', 'b2a2'],
};
// Both horses out and back: idle moves on both sides, a draw by repetition (26.2).
const IDLE = {
  name: 'idle',
  fen: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1',
  first: [],
  cycle: ['b0c2', 'b9c7', 'c2b0', 'c7b9'],
};
const EDITIONS = ['cxa1999', 'cxa2020', 'axf'];

const line = (c, cycles) => [...c.first, ...Array.from({ length: cycles }, () => c.cycle).flat()];

/** The first ply at which `qili adjudicate` gives a verdict. */
function bindingPly(rules, fen, moves) {
  for (let k = 1; k <= moves.length; k++) {
    const out = execFileSync(qili, ['adjudicate', '--rules', rules, '--fen', fen, '--moves', moves.slice(0, k).join(' ')], {
      encoding: 'utf8',
    });
    if (JSON.parse(out).verdict !== 'none') return k;
  }
  throw new Error(`no verdict in ${moves.length} plies under ${rules}`);
}

const recorded = (page) => page.$$eval('[data-arbiter=page] [data-ply][data-iccs]', (li) => li.map((l) => l.dataset.iccs));
const warning = (page) =>
  page.evaluate(() => {
    const w = document.querySelector('[data-arbiter-warning]');
    return w && { side: w.dataset.side, binding: w.dataset.binding, text: w.textContent };
  });

const drawNotice = (page) =>
  page.evaluate(() => {
    const d = document.querySelector('[data-arbiter-draw]');
    return d && { binding: d.dataset.binding, text: d.textContent };
  });

async function typeMove(page, text, ply) {
  await page.fill('[data-arbiter-input]', text);
  await page.press('[data-arbiter-input]', 'Enter');
  await page.locator(`[data-arbiter=page] [data-ply="${ply}"]`).waitFor({ timeout: 20_000 });
}

/** Taps the piece on `from`, then the point `to` (ICCS squares). */
async function tap(page, from, to) {
  const flipped = false;
  for (const sq of [from, to]) {
    await page.locator('.arb-board svg.board').scrollIntoViewIfNeeded();
    const box = await page.locator('.arb-board svg.board').boundingBox();
    const file = sq.charCodeAt(0) - 97;
    const rank = Number(sq[1]);
    const x = 50 + 100 * (flipped ? 8 - file : file);
    const y = 100 + 100 * (flipped ? rank : 9 - rank);
    await page.mouse.click(box.x + (x * box.width) / 900, box.y + (y * box.height) / 1100);
  }
}

async function openTable(page, url, rules, fen) {
  await page.goto('about:blank');
  await page.goto(`${url}#/arbiter?rules=${rules}&fen=${encodeURIComponent(fen)}`);
  await page.locator('[data-arbiter-input]').waitFor({ timeout: 30_000 });
}

async function download(page, selector) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  return { name: dl.suggestedFilename(), text: readFileSync(await dl.path(), 'utf8') };
}

export default async function arbiter({ page, context, url, log, artifact, metric }) {
  if (!existsSync(qili)) execFileSync('cargo', ['build', '--release', '-p', 'qili-cli'], { cwd: root, stdio: 'inherit' });
  const fetched = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));

  // --- not part of a first visit ---------------------------------------------
  await page.goto(`${url}#/`);
  await page.locator('#qili-app .library').first().waitFor({ timeout: 20_000 });
  await page.waitForTimeout(300);
  assert.deepEqual(fetched.filter((p) => /qili-arbiter/.test(p)), [], 'the arbiter module is not fetched by a first visit');
  await page.evaluate(() => navigator.serviceWorker.ready);
  const cached = await page.evaluate(async () =>
    (await Promise.all((await caches.keys()).map(async (k) => (await (await caches.open(k)).keys()).map((r) => r.url)))).flat(),
  );
  assert.equal(cached.filter((u) => /qili-arbiter-[0-9a-f]+(_bg\.wasm|\.js)$/.test(u)).length, 2, 'precached for offline use');

  // --- a table set up from its address -----------------------------------------
  await openTable(page, url, 'cxa1999', CHECK.fen);
  assert.ok(fetched.some((p) => /qili-arbiter-[0-9a-f]+_bg\.wasm$/.test(p)), 'loaded on first use of #/arbiter');
  // Consumed once the table is stored: a reload then adds no table.
  await page.waitForFunction(() => location.hash === '#/arbiter', null, { timeout: 10_000 });
  const onBoard = CHECK.fen.split(' ')[0].replace(/[^a-z]/gi, '').length;
  assert.equal(await page.locator('[data-arbiter=page] svg.board [data-piece]').count(), onBoard, 'the FEN is on the board');
  assert.deepEqual(await recorded(page), []);
  assert.equal(await warning(page), null);
  const persist = await page.getAttribute('.arb-persist', 'data-persist');
  assert.ok(['granted', 'denied', 'unknown'].includes(persist), persist);
  log(`persistent storage: ${persist}`);

  // --- perpetual check and chase, move by move, under each edition ---------------
  let first = true;
  for (const c of [CHECK, CHASE]) {
    for (const rules of EDITIONS) {
      const moves = line(c, 5);
      const bind = bindingPly(rules, c.fen, moves);
      if (!first) await openTable(page, url, rules, c.fen);
      let warned = null;
      for (let k = 1; k <= bind; k++) {
        const mv = moves[k - 1];
        if (first && k === 1) {
          await tap(page, mv.slice(0, 2), mv.slice(2));
          await page.locator('[data-arbiter=page] [data-ply="1"]').waitFor({ timeout: 20_000 });
        } else if (first && k === 2) {
          await typeMove(page, '将5平6', k); // Chinese
        } else if (first && k === 3) {
          await typeMove(page, 'R5=4', k); // WXF
        } else {
          await typeMove(page, mv, k);
        }
        const w = await warning(page);
        if (k < bind) {
          assert.ok(!w || w.binding === 'false', `${c.name} ${rules}: bound at ${k}, before ${bind}`);
          if (w) {
            assert.equal(w.side, 'red');
            warned ??= k;
          }
        } else {
          assert.ok(w, `${c.name} ${rules}: a verdict at ${bind}`);
          assert.deepEqual([w.side, w.binding], ['red', 'true'], `${c.name} ${rules}: binding exactly at ${bind}`);
        }
        if (first && k === 6) {
          // A reload mid-game keeps every move.
          await page.reload();
          await page.locator('[data-arbiter=page] [data-ply="6"]').waitFor({ timeout: 20_000 });
          assert.deepEqual(await recorded(page), moves.slice(0, 6), 'reload');
        }
      }
      assert.ok(warned !== null && warned < bind, `${c.name} ${rules}: warned at ${warned}, binds at ${bind}`);
      assert.deepEqual(await recorded(page), moves.slice(0, bind));
      log(`${c.name} ${rules}: warning from ply ${warned}, binding at ply ${bind} (qili adjudicate)`);
      metric(`arbiter-${c.name}-${rules}-warned`, warned, 'ply');
      if (first) {
        await page.screenshot({ path: artifact('arbiter-desktop.png'), fullPage: true });
      }
      first = false;
    }
  }

  // The table now shown: the chase under AXF, bound.
  const moves = await recorded(page);
  const ruling = await warning(page);
  assert.match(ruling.text, /红|Red/);

  // --- log: a ruling confirmed with a note, an undo with a reason, a result ------
  await page.fill('.arb-warning [name=note]', 'cannon chases the rook');
  await page.click('.arb-warning button[value="1"]');
  await page.locator('.arb-log td', { hasText: 'cannon chases the rook' }).waitFor();
  await page.click('[data-form=undo] button');
  await page.locator('.arb-status', { hasText: /原因|reason/ }).waitFor();
  assert.equal((await recorded(page)).length, moves.length, 'no undo without a reason');
  await page.fill('[data-form=undo] [name=reason]', 'wrong square');
  await page.click('[data-form=undo] button');
  await page.waitForFunction((n) => document.querySelectorAll('[data-arbiter=page] [data-ply][data-iccs]').length === n, moves.length - 1);
  await typeMove(page, moves.at(-1), moves.length);
  await page.fill('[data-arbiter-input]', '炮八进九');
  await page.press('[data-arbiter-input]', 'Enter');
  await page.locator('.arb-status:not(:empty)').waitFor();
  assert.equal((await recorded(page)).length, moves.length, 'an illegal move records nothing');
  await page.selectOption('[data-form=result] [name=score]', '0-1');
  await page.selectOption('[data-form=result] [name=termination]', 'perpetual_chase');
  await page.click('[data-form=result] button');
  await page.locator('.arb-tables [aria-current]', { hasText: '0-1' }).waitFor();

  // --- a second table of the event, added by hand; back to the first -------------------
  const current = await page.textContent('.arb-tables [aria-current]');
  await page.click('.arb-hall summary');
  await page.fill('[data-form=table] [name=red]', '王天一');
  await page.fill('[data-form=table] [name=black]', 'Zheng <Weitong>');
  await page.click('[data-form=table] button');
  await page.locator('.arb-tables [aria-current]', { hasText: 'Zheng <Weitong>' }).waitFor();
  assert.deepEqual(await recorded(page), [], 'a new table at the start position');
  assert.equal(await page.locator('[data-arbiter=page] svg.board [data-piece]').count(), 32);
  // Drag the cannon h2 to e2 (炮二平五); then turn this table's board.
  const point = async (sq) => {
    const box = await page.locator('.arb-board svg.board').boundingBox();
    const x = 50 + 100 * (sq.charCodeAt(0) - 97);
    const y = 100 + 100 * (9 - Number(sq[1]));
    return [box.x + (x * box.width) / 900, box.y + (y * box.height) / 1100];
  };
  await page.locator('.arb-board svg.board').scrollIntoViewIfNeeded();
  await page.mouse.move(...(await point('h2')));
  await page.mouse.down();
  await page.mouse.move(...(await point('f2')), { steps: 4 });
  await page.mouse.move(...(await point('e2')), { steps: 4 });
  await page.mouse.up();
  await page.locator('[data-arbiter=page] [data-ply="1"][data-iccs="h2e2"]').waitFor({ timeout: 20_000 });
  const y = () => page.getAttribute('.arb-board [data-piece="C"][data-square="e2"]', 'transform');
  const upright = await y();
  await page.click('[data-act=flip]');
  await page.waitForFunction((t) => document.querySelector('.arb-board [data-piece="C"][data-square="e2"]')?.getAttribute('transform') !== t, upright);
  const flippedKey = await page.evaluate(() => Object.keys(localStorage).find((k) => /^qili\.arbiter\.table\..*\.2$/.test(k)));
  assert.equal(JSON.parse(await page.evaluate((k) => localStorage.getItem(k), flippedKey)).flipped, true, 'the orientation is stored per table');
  await page.click(`.arb-tables button:text-is(${JSON.stringify(current)})`);
  await page.waitForFunction((n) => document.querySelectorAll('[data-arbiter=page] [data-ply][data-iccs]').length === n, moves.length);

  // The verdict overridden, with a note: logged, the engine's verdict still shown.
  await page.fill('.arb-warning [name=note]', 'claim withdrawn');
  await page.click('.arb-warning button[value="0"]');
  await page.locator('.arb-log td', { hasText: /(改判|Overridden): claim withdrawn/ }).waitFor();
  assert.equal((await warning(page)).binding, 'true');

  // --- export → re-import ------------------------------------------------------------
  const pgn = await download(page, '[data-export="pgn"]');
  writeFileSync(artifact('arbiter-table.pgn'), pgn.text);
  for (const tag of ['Event', 'Round', 'Table', 'Red', 'Black', 'Result', 'Rules', 'Termination']) {
    assert.match(pgn.text, new RegExp(`^\\[${tag} "`, 'm'), `${tag} tag`);
  }
  assert.match(pgn.text, /\[Result "0-1"\]/);
  assert.match(pgn.text, /\{[^}]*(警告|Warning)/, 'the warnings as comments');
  const annotated = JSON.parse(
    execFileSync(qili, ['annotate', artifact('arbiter-table.pgn'), '--json', '--rules', 'axf'], { encoding: 'utf8' }).split('\n')[0],
  );
  assert.deepEqual(annotated.moves.map((m) => m.iccs), moves, 'qili annotate reads the same moves');
  assert.equal(annotated.verdict, 'red_loses');
  const event = await download(page, '[data-export="event-pgn"]');
  const tables = await page.locator('.arb-tables li').count();
  assert.equal(tables, 2);
  assert.equal(event.text.match(/^\[Table "/gm).length, tables, 'every table of the event');
  assert.match(event.text, /\[Red "王天一"\]/);
  const csv = await download(page, '[data-act="csv"]');
  assert.match(csv.text, /^event,round,table,time,ply,kind,side,binding,text\r\n/);
  assert.match(csv.text, /,warning,red,true,/);
  assert.match(csv.text, /,confirmed,/);
  assert.match(csv.text, /,overridden,/);
  assert.match(csv.text, /,undo,/);
  await page.click('.board-col [data-export-menu]');
  await page.locator('.export-menu [data-export="svg"]').waitFor({ timeout: 20_000 });
  log(`exported: ${pgn.name}, ${event.name} (${tables} tables), ${csv.name}`);

  const board = await context.newPage();
  await board.goto(`${url}#/analysis`);
  await board.locator('#qili-app [data-piece]').first().waitFor({ timeout: 20_000 });
  await drop(board, pgn.name, Buffer.from(pgn.text));
  await waitForLine(board, moves.length);
  const back = await board.evaluate(() => new URLSearchParams(location.hash.split('?')[1]).get('moves'));
  assert.deepEqual(back.split(/[\s+]+/), moves, 'the analysis board reads the same moves');
  await board.close();

  // --- a drawn repetition, announced before it binds, under each edition -------------
  for (const rules of EDITIONS) {
    const moves = line(IDLE, 5);
    const bind = bindingPly(rules, IDLE.fen, moves);
    await openTable(page, url, rules, IDLE.fen);
    let noticed = null;
    let occurrence = null;
    for (let k = 1; k <= bind; k++) {
      await typeMove(page, moves[k - 1], k);
      assert.equal(await warning(page), null, `${rules} ${k}: no side loses, no [data-arbiter-warning]`);
      const d = await drawNotice(page);
      if (k < bind) {
        assert.ok(!d || d.binding === 'false', `idle ${rules}: the draw bound at ${k}, before ${bind}`);
        if (d) {
          noticed ??= k;
          assert.ok(d.text.includes(`第 ${bind} 步`), `the notice names the ply it binds at: ${d.text}`);
          occurrence = Number(d.text.match(/局面第 (\d+) 次出现/)?.[1]);
          assert.match(d.text, /双方不变作和/, 'and why');
        }
      } else {
        assert.ok(d, `idle ${rules}: a draw at ${bind}`);
        assert.equal(d.binding, 'true', `idle ${rules}: the draw binds exactly at ${bind}`);
        assert.match(d.text, /循环作和/);
      }
    }
    assert.ok(noticed !== null && noticed < bind, `idle ${rules}: noticed at ${noticed}, binds at ${bind}`);
    assert.ok(occurrence >= 3, `the occurrence at which it binds (${occurrence})`);
    await page.locator('.arb-log td', { hasText: '裁决生效：循环作和' }).waitFor();
    log(`idle ${rules}: draw notice from ply ${noticed} (occurrence ${occurrence}), binding at ply ${bind} (qili adjudicate)`);
    metric(`arbiter-idle-${rules}-noticed`, noticed, 'ply');
  }

  // --- a second tab on the same event --------------------------------------------
  await openTable(page, url, 'axf', CHECK.fen);
  const two = await context.newPage();
  await two.goto(`${url}#/arbiter`);
  await two.locator('[data-arbiter-input]').waitFor({ timeout: 30_000 });
  await typeMove(page, 'f0e0', 1);
  await two.locator('[data-arbiter=page] [data-ply="1"]').waitFor({ timeout: 20_000 });
  await typeMove(two, 'e8f8', 2);
  await page.locator('[data-arbiter=page] [data-ply="2"]').waitFor({ timeout: 20_000 });
  await typeMove(page, 'e0f0', 3);
  await two.locator('[data-arbiter=page] [data-ply="3"]').waitFor({ timeout: 20_000 });
  assert.deepEqual(await recorded(two), ['f0e0', 'e8f8', 'e0f0']);
  await two.close();
  log('two tabs: each sees and continues the other');

  // --- offline reload ----------------------------------------------------------------
  await page.reload(); // controlled by the service worker
  await page.locator('[data-arbiter=page] [data-ply="3"]').waitFor({ timeout: 20_000 });
  assert.ok(await page.evaluate(() => !!navigator.serviceWorker.controller), 'controlled');
  await context.setOffline(true);
  try {
    await page.reload();
    await page.locator('[data-arbiter=page] [data-ply="3"]').waitFor({ timeout: 20_000 });
    await typeMove(page, 'f8e8', 4);
    await page.reload();
    await page.locator('[data-arbiter=page] [data-ply="4"]').waitFor({ timeout: 20_000 });
    assert.deepEqual(await recorded(page), CHECK.cycle, 'offline reload');
  } finally {
    await context.setOffline(false);
  }
  log('offline: reload and record: ok');

  // --- corrupt storage ---------------------------------------------------------------
  await page.evaluate(() => {
    const [id] = localStorage.getItem('qili.arbiter.current').split(' ');
    localStorage.setItem(`qili.arbiter.table.${id}.99`, '{"event": broken');
    localStorage.setItem('qili.arbiter.event.zz', 'not json');
  });
  // And a record of the IndexedDB journal that is not a table.
  const journal = (work) =>
    page.evaluate(
      (work) =>
        new Promise((ok, fail) => {
          const open = indexedDB.open('qili-arbiter', 1);
          open.onerror = () => fail(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const tx = db.transaction('journal', 'readwrite');
            const store = tx.objectStore('journal');
            const key = ['qili.arbiter.table.x.97', 1];
            const req = work === 'put' ? store.put({ key: key[0], rev: 1, text: 'journal torn' }, key) : store.getAllKeys();
            tx.oncomplete = () => {
              db.close();
              ok(work === 'put' ? null : req.result.filter((k) => k[0] === key[0]).length);
            };
            tx.onerror = () => fail(tx.error);
          };
        }),
      work,
    );
  await journal('put');
  await page.reload();
  // The notice shows what localStorage set aside at once; the journal's
  // record is set aside once the journal has been read.
  await page.waitForFunction(() => document.querySelector('.arb-journal')?.dataset.journal === 'indexeddb', null, {
    timeout: 20_000,
  });
  await page.locator('[data-arbiter-aside]').waitFor({ timeout: 20_000 });
  const kept = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('qili.arbiter.unreadable.'))
      .map((k) => localStorage.getItem(k))
      .sort(),
  );
  assert.deepEqual(kept, ['journal torn', 'not json', '{"event": broken'].sort(), 'set aside as written');
  assert.deepEqual(await recorded(page), CHECK.cycle, 'the good tables stay');
  assert.equal(await page.locator('[data-arbiter-aside] li').count(), 3);
  for (let i = 0; (await journal('count')) !== 0; i++) {
    assert.ok(i < 50, 'the journal record set aside leaves the journal');
    await page.waitForTimeout(100);
  }
  log('corrupt storage: set aside and reported');

  // --- phone-sized screenshots ---------------------------------------------------------
  const phone = await context.browser().newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  const p = await phone.newPage();
  await openTable(p, url, 'cxa2020', CHASE.fen);
  for (const [k, mv] of line(CHASE, 3).entries()) await typeMove(p, mv, k + 1);
  assert.equal((await warning(p)).binding, 'false');
  await p.screenshot({ path: artifact('arbiter-phone-zh.png') });
  await p.locator('[data-arbiter-warning]').scrollIntoViewIfNeeded();
  await p.screenshot({ path: artifact('arbiter-phone-warning-zh.png') });
  await p.click('.switch-lang');
  await p.locator('[data-arbiter=page] h2', { hasText: 'Arbiter' }).waitFor();
  await p.locator('[data-arbiter-warning]').scrollIntoViewIfNeeded();
  await p.screenshot({ path: artifact('arbiter-phone-warning-en.png') });
  // A tablet held sideways: the board, the move box and the warning at once.
  await p.setViewportSize({ width: 1180, height: 820 });
  await p.evaluate(() => document.querySelector('.arb-desk').scrollIntoView());
  await p.screenshot({ path: artifact('arbiter-tablet-en.png'), scale: 'css' });
  await p.setViewportSize({ width: 390, height: 844 });
  // A draw announced (in English now).
  await openTable(p, url, 'axf', IDLE.fen);
  for (const [k, mv] of line(IDLE, 1).entries()) await typeMove(p, mv, k + 1);
  assert.equal((await drawNotice(p)).binding, 'false');
  assert.match((await drawNotice(p)).text, /drawn by repetition|判和/);
  await p.locator('[data-arbiter-draw]').scrollIntoViewIfNeeded();
  await p.screenshot({ path: artifact('arbiter-phone-draw-en.png') });
  const wide = await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(wide <= 0, `no horizontal scroll on a phone (${wide}px too wide)`);
  await phone.close();
}
