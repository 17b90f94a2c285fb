// The arbiter's board follows the site's glyph setting (issue 17: "traditional
// and simplified piece glyphs follow the page's setting"): with 繁體棋子 off
// the red rook is 车, with it on 俥 — on the table's board, which its
// exported pictures copy.
import assert from 'node:assert/strict';

export default async function ({ page, url, artifact }) {
  for (const [setting, rook] of [['simplified', '车'], ['traditional', '俥']]) {
    await page.goto(`${url}#/`);
    await page.locator('#qili-app .library').first().waitFor({ timeout: 20_000 });
    await page.evaluate((g) => localStorage.setItem('qili.glyphs', g), setting);
    await page.goto(`${url}#/arbiter?rules=axf`);
    await page.reload();
    const piece = page.locator('[data-arbiter=page] svg.board [data-piece="R"]').first();
    await piece.waitFor({ timeout: 30_000 });
    const text = (await piece.textContent()) ?? '';
    assert.ok(text.includes(rook), `${setting}: the red rook reads ${JSON.stringify(text)}, not ${rook}`);
    if (setting === 'simplified') await page.screenshot({ path: artifact('arbiter-glyphs-simplified.png') });
  }
}
