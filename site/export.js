// Qili Export menu: what the Export button of the replay page, the analysis
// board and the embeddable widget does.
//
// Not part of the first load: embed.js imports this module (post_build.mjs
// writes it as export-<hash>.js, with its wasm's names filled in) and calls
// start() as soon as a page with a board is shown (the line view fills in
// the engine's explanations from it), when the browser is first idle on
// the arbiter's page, or when a [data-export-menu] button or a "show line"
// control ([data-show-line]) is first pressed, then press(button): the line
// view (line.js, issue 21) shares this module's wasm. The pictures and the report
// are drawn by the wasm crates/qili-export (with crates/qili-diagram, the
// code that draws the site's board), from the line the page shows: the
// page's address (#/case/… or #/analysis?…), or a widget's data-line. What
// only the page knows is read off the page as shown: which way up the board
// is, its glyphs (the site's setting, as its river shows), and the title:
// the event and players of a loaded record, or the arbiter's event and table. This module does the browser's
// part:
//
// - data-export="svg": downloads the SVG;
// - data-export="png": rasterises that SVG at the size chosen (1×, or 2× for
//   print) and downloads it. The rasteriser below paints the SVG's own
//   shapes and text, styled by the browser, on a canvas: the site's Content
//   Security Policy (default-src 'self') forbids loading it as a blob: image;
// - data-export="print": puts the one-page report in the page (a
//   .qili-print element whose print rules hide everything else) and prints;
//   once this module is loaded, the browser's own Print (Ctrl+P, "save as
//   PDF") does the same: the report is drawn synchronously on beforeprint;
// - data-export="copy": copies the PNG to the clipboard, where the browser
//   allows it (the Clipboard API with images: ClipboardItem); where it does
//   not, or the user refused, the menu's status line says so;
// - "Embed in a web page" (.export-embed, a <details>): the two snippets
//   that show the line on another site — embed.js's script and a
//   <div class="qili" data-…>, or an <iframe> of embed.html — written by the
//   wasm (crates/qili-export, embed.rs: the page's line, escaped there) when
//   it is opened, each with a copy button; copying writes them again first,
//   so what is copied is the line shown. Their address is where this
//   module's embed.js is (on the site, the page's own directory).
//
// Markup set as HTML comes from the wasm's writer, which escapes every text
// from records and users; the menu's own words are set as textContent.

import * as line from './__QILI_LINE__';

const WORDS = {
  zh: {
    menu: '导出',
    svg: 'SVG 图',
    png: 'PNG 图',
    size: '尺寸',
    sizes: ['900×1100', '1800×2200（打印）'],
    print: '打印报告',
    copy: '复制图片',
    copied: '图片已复制。',
    noCopy: '这个浏览器不允许把图片复制到剪贴板，请用 PNG 图。',
    failed: '导出失败：',
    embed: '嵌入到网页',
    embedScript: '脚本加占位元素（可在一页中放多个）：',
    embedIframe: '或用 iframe：',
    copyText: '复制',
    copiedText: '已复制。',
    noCopyText: '无法复制，请手动选取。',
  },
  en: {
    menu: 'Export',
    svg: 'SVG picture',
    png: 'PNG picture',
    size: 'Size',
    sizes: ['900×1100', '1800×2200 (print)'],
    print: 'Print report',
    copy: 'Copy picture',
    copied: 'Picture copied.',
    noCopy: 'This browser does not allow copying pictures to the clipboard: use the PNG picture.',
    failed: 'Export failed: ',
    embed: 'Embed in a web page',
    embedScript: 'Script and placeholder (several per page are fine):',
    embedIframe: 'Or an iframe:',
    copyText: 'Copy',
    copiedText: 'Copied.',
    noCopyText: 'Could not copy; please select the text.',
  },
};
const WIDTHS = [900, 1800];

const STYLE = `.export-menu{display:flex;flex-wrap:wrap;gap:.4rem;align-items:center;margin:.5rem 0;
padding:.5rem;border:1px solid var(--line,#ccc);border-radius:8px;background:var(--panel,#fff)}
.export-menu[hidden]{display:none}.export-menu select{width:auto}.export-menu .export-status{flex-basis:100%;margin:0;font-size:.85em}
.export-embed{flex-basis:100%}.export-embed p{margin:.4rem 0 .2rem;font-size:.875em}.export-embed .embed-status{margin:0;font-size:.85em}
.export-embed textarea{display:block;box-sizing:border-box;width:100%;margin-bottom:.3rem}`;

let wasm = null;
/** The site's address, ending in `/`: where embed.js is. */
let site = '';

/** Loads the wasm (post_build.mjs writes its file names here; `asset`
 * resolves them against embed.js's address). */
export async function start(asset) {
  const m = await import(asset('__QILI_EXPORT_GLUE__'));
  await m.default({ module_or_path: asset('__QILI_EXPORT_WASM__') });
  wasm = m;
  site = asset('');
  // The line view (issue 21) shares the wasm and reads the page as the menu does.
  line.start(m, shown);
  // The browser's own Print on a page with a board prints the report too.
  addEventListener('beforeprint', () => {
    const button = document.querySelector('#qili-app [data-export-menu]');
    if (button && !document.querySelector('body > .qili-print')) insertReport(button);
  });
  addEventListener('afterprint', () => document.querySelector('body > .qili-print')?.remove());
  return { press };
}

/** What the button's page or widget shows. */
function shown(button) {
  const app = button.closest('.qili');
  const lang = (app?.lang ?? 'zh').startsWith('en') ? 'en' : 'zh';
  const board = (button.closest('.board-col') ?? app ?? button.getRootNode()).querySelector('svg.board');
  // Unflipped, rank 0 is drawn at the bottom (y = 1000); flipped, at the top.
  const piece = board?.querySelector('[data-piece][data-square]');
  const y = piece && Number(/translate\(\S+ (\S+)\)/.exec(piece.getAttribute('transform'))?.[1]);
  const flipped = !!piece && y === 100 + 100 * Number(piece.dataset.square[1]);
  // The river says 漢界 in the traditional set, 汉界 in the simplified one.
  const glyphs = board?.querySelector('.under')?.textContent.includes('汉') ? 'simplified' : 'traditional';
  const title = button.closest('.arb-desk') ? tableTitle(app, button) : recordTitle(app);
  return { hash: button.dataset.line ?? location.hash, lang, flipped, glyphs, title };
}

/** The event and table of the arbiter's table that `button` belongs to, as
 * the arbiter's page shows them (the current event's button, the table's
 * heading: number and players). Text: the wasm escapes it. */
function tableTitle(app, button) {
  const event = app?.querySelector('.arb-events [data-act=event][aria-current=true]')?.textContent;
  const table = button.closest('.arb-desk').querySelector('h3')?.textContent;
  // Without players' names, the heading ends in separators: dropped.
  return [event, table?.replace(/[\s·–]+$/, '')].filter(Boolean).join(' · ');
}

/** The event and players of the record the analysis board shows, as its
 * record panel lists them (the panel shows a game's tags only while the
 * board is on its line); '' otherwise. Text: the wasm escapes it. */
function recordTitle(app) {
  const tags = app?.querySelector('section.record .record-tags');
  if (!tags) return '';
  const value = (...keys) =>
    [...tags.querySelectorAll('dt')].find((dt) => keys.includes(dt.textContent.toLowerCase()))?.nextElementSibling
      ?.textContent;
  const players = [value('red'), value('black')].filter(Boolean).join(' – ');
  return [value('event', 'title', 'game'), value('round', 'table'), players].filter(Boolean).join(' · ');
}

function el(tag, attrs, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

/** What a control embed.js routes here does: a "show line" control opens
 * its line, an Export button its menu. */
function press(button) {
  if (button.matches('[data-show-line]')) line.open(button);
  else toggle(button);
}

/** Opens or closes the menu next to `button`, drawing it the first time. */
function toggle(button) {
  let menu = button.nextElementSibling?.matches('.export-menu') ? button.nextElementSibling : null;
  if (!menu) {
    const root = button.getRootNode();
    const head = root === document ? document.head : root;
    if (!head.querySelector(':scope > style[data-export-style]')) {
      head.append(el('style', { 'data-export-style': '' }, STYLE));
    }
    menu = el('div', { class: 'export-menu', role: 'group' });
    menu.hidden = true;
    button.after(menu);
  }
  const w = WORDS[shown(button).lang];
  menu.setAttribute('aria-label', w.menu);
  const status = el('p', { class: 'export-status', role: 'status' });
  const size = el('select', { 'data-export-size': '', 'aria-label': w.size });
  w.sizes.forEach((s, i) => size.append(el('option', { value: String(WIDTHS[i]) }, s)));
  const entry = (kind, label, run) => {
    const b = el('button', { type: 'button', 'data-export': kind }, label);
    b.addEventListener('click', () =>
      Promise.resolve((status.textContent = ''))
        .then(() => run(shown(button), Number(size.value)))
        .catch((e) => (status.textContent = w.failed + (e?.message ?? e))),
    );
    return b;
  };
  const entries = [
    entry('svg', w.svg, (s) => download(new Blob([diagram(s)], { type: 'image/svg+xml' }), `${name(s)}.svg`)),
    entry('png', w.png, async (s, width) => download(await png(diagram(s), width), `${name(s)}-${width}.png`)),
    size,
    entry('print', w.print, () => {
      insertReport(button);
      print();
    }),
    entry('copy', w.copy, async (s, width) => {
      if (!navigator.clipboard?.write || typeof ClipboardItem === 'undefined') throw new Error(w.noCopy);
      try {
        await navigator.clipboard.write([new ClipboardItem({ 'image/png': png(diagram(s), width) })]);
      } catch (e) {
        throw e?.name === 'NotAllowedError' ? new Error(w.noCopy) : e;
      }
      status.textContent = w.copied;
    }),
  ];
  const open = menu.hidden;
  menu.replaceChildren(...entries, status, embedSection(button, w));
  menu.hidden = !open;
  button.setAttribute('aria-expanded', String(open));
}

/** "Embed in a web page": the snippets that show the line of `button`'s
 * page or widget on another site, each with a copy button. */
function embedSection(button, w) {
  const box = el('details', { class: 'export-embed' });
  const status = el('p', { class: 'embed-status', role: 'status' });
  const areas = [];
  // The snippets for the line shown now (the wasm escapes what they quote).
  const fill = () => {
    const s = shown(button);
    wasm.embed_snippets(s.hash, site, s.lang).forEach((text, i) => (areas[i].value = text));
  };
  const guarded = (run) => {
    try {
      run();
      return true;
    } catch (e) {
      status.textContent = w.failed + (e?.message ?? e);
      return false;
    }
  };
  box.append(el('summary', {}, w.embed));
  for (const [kind, label, rows] of [
    ['script', w.embedScript, 4],
    ['iframe', w.embedIframe, 3],
  ]) {
    const area = el('textarea', { class: `mono embed-${kind}`, readonly: '', rows: String(rows), 'aria-label': label });
    const copy = el('button', { type: 'button', class: `copy-embed-${kind}` }, w.copyText);
    copy.addEventListener('click', () => {
      status.textContent = '';
      if (!guarded(fill)) return;
      (navigator.clipboard?.writeText(area.value) ?? Promise.reject()).then(
        () => (status.textContent = w.copiedText),
        () => {
          status.textContent = w.noCopyText;
          area.select();
        },
      );
    });
    areas.push(area);
    box.append(el('p', {}, label), area, copy);
  }
  box.append(status);
  box.addEventListener('toggle', () => box.open && guarded(fill));
  return box;
}

const diagram = (s) => wasm.diagram(s.hash, s.flipped, s.lang, s.glyphs, s.title);
const name = (s) => wasm.file_name(s.hash);

/** Puts the report of what `button` shows in the page, for printing. */
function insertReport(button) {
  const s = shown(button);
  document.querySelector('body > .qili-print')?.remove();
  const box = el('div', { class: 'qili-print' });
  const date = new Date().toLocaleDateString('sv'); // YYYY-MM-DD, local
  box.innerHTML = wasm.report(s.hash, s.flipped, s.lang, s.glyphs, date, s.title);
  document.body.append(box);
}

function download(blob, file) {
  const a = el('a', { href: URL.createObjectURL(blob), download: file });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 30_000);
}

/** The SVG text `svg` as a PNG `width` pixels wide (a Blob). */
async function png(svg, width) {
  const parsed = new DOMParser().parseFromString(svg, 'image/svg+xml');
  if (parsed.querySelector('parsererror')) throw new Error('the picture is not valid SVG');
  // Styled by the browser in a shadow root (its <style> stays inside), at
  // its own size so that CSS pixels are the drawing's units.
  const host = el('div', { 'aria-hidden': 'true' });
  host.style.cssText = 'position:fixed;left:-99999px;top:0;width:900px;height:1100px;pointer-events:none';
  document.body.append(host);
  try {
    const root = host.attachShadow({ mode: 'open' });
    const svgEl = document.importNode(parsed.documentElement, true);
    root.append(svgEl);
    await document.fonts?.ready;
    const vb = svgEl.viewBox.baseVal;
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = Math.round((width * vb.height) / vb.width);
    const ctx = canvas.getContext('2d');
    ctx.scale(width / vb.width, canvas.height / vb.height);
    paintChildren(ctx, svgEl);
    return await new Promise((ok, fail) =>
      canvas.toBlob((b) => (b ? ok(b) : fail(new Error('no PNG'))), 'image/png'),
    );
  } finally {
    host.remove();
  }
}

const num = (e, a) => Number(e.getAttribute(a) ?? 0);

/** Paints the children of `node`: g, rect, circle, path, polygon, text. */
function paintChildren(ctx, node) {
  for (const e of node.children) {
    const tag = e.localName;
    if (tag === 'style' || tag === 'title') continue;
    const cs = getComputedStyle(e);
    if (cs.display === 'none' || cs.visibility === 'hidden') continue;
    ctx.save();
    const t = /translate\(\s*([-\d.]+)[\s,]+([-\d.]+)\s*\)/.exec(e.getAttribute('transform') ?? '');
    if (t) ctx.translate(Number(t[1]), Number(t[2]));
    ctx.globalAlpha *= Number(cs.opacity);
    if (tag === 'g') paintChildren(ctx, e);
    else if (tag === 'text') paintText(ctx, e, cs);
    else paintShape(ctx, shape(e), cs);
    ctx.restore();
  }
}

function shape(e) {
  const p = new Path2D();
  switch (e.localName) {
    case 'rect':
      p.roundRect(num(e, 'x'), num(e, 'y'), num(e, 'width'), num(e, 'height'), num(e, 'rx'));
      break;
    case 'circle':
      p.arc(num(e, 'cx'), num(e, 'cy'), num(e, 'r'), 0, 2 * Math.PI);
      break;
    case 'path':
      p.addPath(new Path2D(e.getAttribute('d') ?? ''));
      break;
    case 'polygon':
      p.addPath(new Path2D(`M${e.getAttribute('points') ?? ''}Z`));
      break;
  }
  return p;
}

function paintShape(ctx, p, cs) {
  if (cs.fill !== 'none') {
    ctx.fillStyle = cs.fill;
    ctx.fill(p);
  }
  const width = parseFloat(cs.strokeWidth);
  if (cs.stroke !== 'none' && width > 0) {
    ctx.lineWidth = width;
    ctx.lineCap = cs.strokeLinecap;
    ctx.setLineDash(cs.strokeDasharray === 'none' ? [] : cs.strokeDasharray.split(/[\s,]+/).map(parseFloat));
    ctx.strokeStyle = cs.stroke;
    ctx.stroke(p);
  }
}

function paintText(ctx, e, cs) {
  ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
  ctx.textAlign = { middle: 'center', end: 'right' }[cs.textAnchor] ?? 'left';
  ctx.textBaseline = cs.dominantBaseline === 'central' ? 'middle' : 'alphabetic';
  if ('letterSpacing' in ctx) ctx.letterSpacing = cs.letterSpacing === 'normal' ? '0px' : cs.letterSpacing;
  ctx.fillStyle = cs.fill;
  ctx.fillText(e.textContent, num(e, 'x'), num(e, 'y'));
}
