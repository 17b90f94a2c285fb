// Replays of library examples, one per rulebook: the labels in the move list
// and the ruling come from the engine running in the page; stepping moves the
// board and the badge; the edition switch re-judges.
import assert from 'node:assert/strict';
import { open, labels, ruling, pieces, currentPly } from './lib.mjs';

export const timeoutMs = 90_000;

const cases = [
  // [hash, labels (label + sub), ruling]
  ['#/case/cxa1999-图一', ['将', '闲', '将', '闲'], 'red_loses'],
  ['#/case/cxa-fig02', ['捉', '闲兑', '捉', '捉'], 'red_loses'],
  ['#/case/axf-001', null, 'red_loses'],
];

export default async function replay({ page, url, artifact, metric, log }) {
  let slowestStep = 0;
  for (const [hash, expected, verdict] of cases) {
    const firstBoard = await open(page, url, hash);
    if (hash === cases[0][0]) metric('first_board', Math.round(firstBoard), 'ms');
    const got = await labels(page);
    log(`${decodeURIComponent(hash)}: ${got.join(' ')} -> ${await ruling(page)}`);
    if (expected) assert.deepEqual(got, expected, `${hash} labels`);
    assert.equal(await ruling(page), verdict, `${hash} ruling`);

    // Step through with the "next" button: the board follows the move list.
    const n = got.length;
    assert.equal(await currentPly(page), 0);
    const start = await pieces(page);
    for (let ply = 1; ply <= n; ply++) {
      const t0 = Date.now();
      await page.click('.controls .step.next');
      await page.waitForFunction(
        (p) => document.querySelector('.moves [aria-current="step"]')?.closest('li')?.dataset.ply === String(p),
        ply,
      );
      const dt = Date.now() - t0;
      slowestStep = Math.max(slowestStep, dt);
      assert.ok(dt < 1000, `step ${ply} took ${dt} ms`);
      const badge = await page.textContent('svg.board .badge text');
      assert.equal(badge, got[ply - 1][0], `badge at ply ${ply}`);
      // The detail panel names the same label.
      assert.ok((await page.textContent('.detail .detail-head')).includes(got[ply - 1][0]));
      if (ply === 1) assert.notDeepEqual(await pieces(page), start, 'the board moved');
    }
    assert.equal(await ruling(page), verdict, 'the ruling is about the whole list');
    await page.screenshot({ path: artifact(`replay-${hash.split('/').pop()}.png`), fullPage: true });

    // The status line under the board names the move and its label.
    assert.match(await page.textContent('.ply-status'), new RegExp(`${n} / ${n}`));
    // Back to the start with the "first" button.
    await page.click('.controls .step.first');
    assert.deepEqual(await pieces(page), start);
  }

  metric('slowest_step', slowestStep, 'ms');
  assert.match(await page.title(), /AXF D1/, 'the document title names the example');

  // The edition switch re-adjudicates: 1999 图一 under AXF is still a
  // perpetual check (red loses), and the panel says the edition changed.
  await open(page, url, '#/case/cxa1999-图一');
  await page.click('button.edition[data-edition="axf"]');
  await page.waitForFunction(() => location.hash.includes('rules=axf'));
  assert.equal(await ruling(page), 'red_loses');
  assert.ok((await page.textContent('.changes')).length > 0, 'the change box speaks');
  // Flip: red's king moves from the bottom to the top, black's file numbers
  // (digits) to the bottom.
  const kingAt = () => page.getAttribute('svg.board [data-piece="K"]', 'transform');
  assert.equal(await kingAt(), 'translate(350 1000)');
  await page.click('.controls .step.flip');
  assert.equal(await kingAt(), 'translate(550 100)');
  const leftmostBlack = await page.$$eval('svg.board text.num.black', (ts) =>
    ts.sort((a, b) => Number(a.getAttribute('x')) - Number(b.getAttribute('x')))[0].textContent,
  );
  assert.equal(leftmostBlack, '9', "black's files count from black's right");
  await page.screenshot({ path: artifact('replay-flipped.png') });
  // A chase example whose labels differ between editions shows what changed.
  await open(page, url, '#/case/cxa-fig02?rules=axf');
  const changes = await page.textContent('.changes');
  log(`cxa-fig02 under AXF: ${changes}`);
  await page.screenshot({ path: artifact('replay-edition-switch.png'), fullPage: true });
}
