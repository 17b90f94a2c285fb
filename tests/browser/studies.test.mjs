// Saved studies: saved from the analysis board, they survive a reload and
// offline use; they open, are renamed, deleted (with undo), exported and
// imported as JSON (bad entries reported and skipped, duplicates handled);
// unreadable stored data is announced, set aside under its own key, offered
// for download and only discarded when the user says so. Their code (the
// qili-studies module) is not fetched by a first visit, not even of the
// analysis board, until the save panel is opened.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { open, labels, ruling } from './lib.mjs';

export const timeoutMs = 120_000;

const FIG1 = '2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1';
const LINK = `#/analysis?fen=${encodeURIComponent(FIG1)}&moves=f0e0+e8f8+e0f0+f8e8&rules=axf&ply=3`;

const stored = (page, key = 'qili.studies') => page.evaluate((k) => localStorage.getItem(k), key);
const asideKeys = (page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('qili.studies.unreadable.')));
const names = (page) => page.$$eval('.study-list .study-name', (hs) => hs.map((h) => h.textContent));

async function download(page, selector) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  return { name: dl.suggestedFilename(), text: readFileSync(await dl.path(), 'utf8') };
}

async function studiesPage(page, url) {
  await page.goto(`${url}#/studies`);
  await page.locator('#qili-app .studies').waitFor({ timeout: 20_000 });
}

const studiesRequests = (requests) => requests.filter((p) => /qili-studies/.test(p));

export default async function studies({ page, context, url, log, artifact }) {
  // What the page fetches (not the service worker's precache, which takes every file).
  const fetched = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));

  // --- save from the analysis board -------------------------------------------
  await page.goto(`${url}#/`);
  await page.locator('#qili-app .library').first().waitFor({ timeout: 20_000 });
  await open(page, url, LINK);
  await page.waitForTimeout(300);
  assert.deepEqual(studiesRequests(fetched), [], 'the studies module is not part of a first visit');
  await page.click('.study-panel summary');
  await page.locator('.study-panel .study-name-input').waitFor();
  assert.ok(studiesRequests(fetched).some((p) => p.endsWith('qili-studies_bg.wasm')), 'loaded once the panel opens');
  await page.fill('.study-panel .study-name-input', '长将 figure 1');
  await page.fill('.study-panel .study-notes-input', 'Red checks forever.\nSecond line.');
  await page.click('.study-panel .save-study');
  await page.locator('.study-panel .study-status:not(:empty)').waitFor();
  assert.equal(await page.textContent('.study-panel .study-status'), '已保存。');
  // Saved once: the button now saves over it; a second save does not duplicate.
  await page.click('.study-panel .save-study');
  const doc = JSON.parse(await stored(page));
  assert.equal(doc.format, 'qili-studies');
  assert.equal(doc.version, 1);
  assert.equal(doc.studies.length, 1);
  const [saved] = doc.studies;
  assert.equal(saved.name, '长将 figure 1');
  assert.equal(saved.notes, 'Red checks forever.\nSecond line.');
  assert.equal(saved.moves, 'f0e0 e8f8 e0f0 f8e8');
  assert.equal(saved.rules, 'axf');
  assert.equal(saved.ply, 3);

  // Another tab sees the change and does not write over it.
  const other = await context.newPage();
  await other.goto(`${url}#/studies`);
  await other.locator('.study-list .study').first().waitFor({ timeout: 20_000 });
  await page.click('.study-panel .save-study-new');
  await other.locator('.study-list .study >> nth=1').waitFor();
  await other.click('.study-list .study >> nth=1 >> button.delete');
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('qili.studies')).studies.length === 1);
  await other.close();

  // --- the studies page, after a reload ----------------------------------------
  await page.click('nav a[href="#/studies"]');
  await page.locator('.study-list .study').first().waitFor();
  await page.reload();
  await page.locator('.study-list .study').first().waitFor({ timeout: 20_000 });
  assert.deepEqual(await names(page), ['长将 figure 1']);
  const meta = await page.textContent('.study-list .study p.small');
  assert.ok(meta.includes('4 着'), meta);
  assert.equal(await page.textContent('.study-list .study-notes'), 'Red checks forever.…');

  // Open: the board shows the study at its ply, judged by its edition.
  await page.click('.study-list button.open');
  await page.locator('.moves li[data-label]').first().waitFor();
  assert.ok(page.url().includes('rules=axf'), page.url());
  assert.deepEqual(await labels(page), ['将', '闲', '将', '闲']);
  assert.equal(await page.textContent('.study-panel .save-study'), '保存修改');
  assert.equal(await page.inputValue('.study-panel .study-name-input'), '长将 figure 1');
  assert.ok(await page.isEnabled('.study-panel .save-study-new'));
  log(`opened: ruling ${await ruling(page)}`);

  // --- edit, delete, undo ---------------------------------------------------------
  await studiesPage(page, url);
  await page.click('.study-list button.edit');
  await page.locator('.study-edit .study-name-input').waitFor();
  assert.equal(await page.inputValue('.study-edit .study-notes-input'), 'Red checks forever.\nSecond line.');
  await page.fill('.study-edit .study-name-input', 'Renamed');
  await page.fill('.study-edit .study-notes-input', 'New notes');
  await page.click('.study-edit .save-edit');
  await page.locator('.study-list .study-name').first().waitFor();
  assert.deepEqual(await names(page), ['Renamed']);
  assert.equal(JSON.parse(await stored(page)).studies[0].notes, 'New notes');

  await page.click('.study-list button.delete');
  await page.locator('.studies-status button.undo').waitFor();
  assert.deepEqual(await names(page), []);
  assert.equal(JSON.parse(await stored(page)).studies.length, 0);
  await page.click('.studies-status button.undo');
  await page.locator('.study-list .study').first().waitFor();
  assert.deepEqual(await names(page), ['Renamed']);
  assert.equal(JSON.parse(await stored(page)).studies.length, 1);

  // --- export and import ------------------------------------------------------------
  const exported = await download(page, '.export-studies');
  assert.equal(exported.name, 'qili-studies.json');
  const out = JSON.parse(exported.text);
  assert.equal(out.studies[0].name, 'Renamed');
  const theirs = {
    format: 'qili-studies',
    version: 1,
    studies: [
      out.studies[0], // already saved: skipped
      { ...out.studies[0], name: 'Same id, other study' }, // kept as a copy
      { name: 'From another device', fen: FIG1, moves: '车四平五 将5平6', rules: 'cxa2020' },
      { name: 'Bad move', fen: FIG1, moves: 'f0e0 zz' },
      'not a study',
    ],
  };
  await page.setInputFiles('.import-studies input[type=file]', {
    name: 'theirs.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(theirs)),
  });
  await page.locator('.studies-status ul.errors li').first().waitFor();
  const report = await page.textContent('.studies-status');
  log(`import: ${report}`);
  assert.ok(report.includes('导入 2 项研究'), report);
  assert.ok(report.includes('1 项已经存在'), report);
  assert.ok(report.includes('「Bad move」') && report.includes('zz'), report);
  assert.equal(await page.locator('.studies-status ul.errors li').count(), 2);
  assert.deepEqual(
    (await names(page)).sort(),
    ['From another device', 'Renamed', 'Same id, other study'].sort(),
  );
  const ids = JSON.parse(await stored(page)).studies.map((s) => s.id);
  assert.equal(new Set(ids).size, 3, 'ids stay unique');

  // A file that is not a studies document changes nothing.
  await page.setInputFiles('.import-studies input[type=file]', {
    name: 'x.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"format":"qili-studies","version":9,"studies":[]}'),
  });
  await page.locator('.studies-status p.error').waitFor();
  assert.ok((await page.textContent('.studies-status')).includes('第 9 版'));
  assert.equal((await names(page)).length, 3);

  // --- offline -------------------------------------------------------------------------
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await page.locator('.study-list .study').first().waitFor({ timeout: 20_000 });
  assert.ok(await page.evaluate(() => !!navigator.serviceWorker.controller), 'controlled by the worker');
  await context.setOffline(true);
  try {
    await page.goto('about:blank');
    await page.goto(`${url}#/studies`);
    await page.locator('.study-list .study').first().waitFor({ timeout: 20_000 });
    assert.equal((await names(page)).length, 3);
    await page.click('.study-list .study:has-text("Renamed") button.open');
    await page.locator('.moves li[data-label]').first().waitFor({ timeout: 20_000 });
    assert.deepEqual(await labels(page), ['将', '闲', '将', '闲']);
    log('offline: the studies list and opening a study work');
  } finally {
    await context.setOffline(false);
  }

  // --- unreadable stored data ------------------------------------------------------------
  const garbage = '{"format":"qili-studies", oops <img src=x onerror="window.__pwned=1">';
  await page.evaluate((g) => localStorage.setItem('qili.studies', g), garbage);
  await page.goto('about:blank');
  await page.goto(`${url}#/`);
  const notice = page.locator('.studies-notice');
  await notice.waitFor({ timeout: 20_000 });
  log(`notice: ${await notice.textContent()}`);
  const keys = await asideKeys(page);
  assert.equal(keys.length, 1, 'the garbage is set aside under its own key');
  assert.equal(await stored(page, keys[0]), garbage, 'kept as it was');
  await page.click('.studies-notice a');
  await page.locator('.aside-notice').waitFor();
  assert.equal(await page.locator('.studies-notice').count(), 0, 'the page shows the details instead');
  assert.ok((await page.textContent('.aside-notice')).includes('不是有效的 JSON'));
  assert.deepEqual(await names(page), [], 'an empty list, not a crash');
  const got = await download(page, '.aside-notice button.aside-get');
  assert.equal(got.text, garbage);
  // Still there after a reload, until discarded (after a confirmation).
  await page.reload();
  await page.locator('.aside-notice').waitFor({ timeout: 20_000 });
  page.once('dialog', (d) => d.dismiss());
  await page.click('.aside-notice button.aside-drop');
  assert.equal((await asideKeys(page)).length, 1, 'kept when the user says no');
  page.once('dialog', (d) => d.accept());
  await page.click('.aside-notice button.aside-drop');
  await page.locator('.aside-notice').waitFor({ state: 'detached' });
  assert.equal((await asideKeys(page)).length, 0);
  assert.equal(await page.locator('img').count(), 0);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);

  // A readable document with one entry that no longer reads: the good part
  // stays, the bad entry is set aside as written.
  const bad = { id: 'b', name: 'Broken', fen: FIG1, moves: 'f0e0 f0e0' };
  const good = { id: 'g', name: 'Good', fen: FIG1, moves: 'f0e0' };
  await page.evaluate(
    (d) => localStorage.setItem('qili.studies', JSON.stringify(d)),
    { format: 'qili-studies', version: 1, studies: [good, bad] },
  );
  await page.reload();
  await page.locator('.aside-notice').waitFor({ timeout: 20_000 });
  assert.deepEqual(await names(page), ['Good']);
  assert.ok((await page.textContent('.aside-notice')).includes('「Broken」'));
  assert.deepEqual(JSON.parse(await stored(page)).studies.map((s) => s.id), ['g']);
  const [key] = await asideKeys(page);
  assert.deepEqual(JSON.parse(await stored(page, key)).studies, [bad]);

  // A later version is not read (nor overwritten): set aside too.
  await page.evaluate(() =>
    localStorage.setItem('qili.studies', '{"format":"qili-studies","version":2,"studies":[{"x":1}]}'),
  );
  await page.reload();
  await page.locator('.aside-notice li.aside >> nth=1').waitFor({ timeout: 20_000 });
  assert.ok((await page.textContent('.aside-notice')).includes('第 2 版'));
  await page.screenshot({ path: artifact('studies.png'), fullPage: true });
}
