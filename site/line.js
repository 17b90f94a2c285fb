// Qili line view (issue 21, "show line"): a claim's line played out on a
// ghost board, apart from the game, on the replay page and the analysis
// board.
//
// Not part of the first load: export.js imports it (post_build.mjs writes
// it as line-<hash>.js and fills in its name there) and calls start() with
// the wasm of crates/qili-export, which has the claims' lines the site's
// wasm is built without. embed.js's click handler on the move panel's
// [data-show-line] controls loads that module and calls open(control).
// The wasm does the rest as markup (escaped there): the ghost board (drawn
// by qili-diagram as the site's board is, so it looks the same, and
// embed.js slides its moves), the moves with data-line-ply and data-iccs,
// the status of each step, the material counted; this module does the
// browser's part:
//
// - while a line is shown, the board column shows it instead of the game
//   (the game's board, controls and status hidden; the move list and the
//   ply untouched), and the keys are the line's: ←/→, Home/End, Space
//   (play/pause), Escape (back to the game, as the back button: the focus
//   returns to the control). A change of the game's board (a move picked
//   in the list, an edition) or of the page closes it;
// - the controls of a move's other claims (兑, 献, protected pieces, 29.4),
//   which the first load cannot tell, are added to the move panel;
// - so are the engine's explanations of the move shown and of the ruling
//   (the site's wasm is built without them, qili's `explain` feature):
//   embed.js loads this module as soon as a page with a board is shown.

const STYLE = `.line-open>:not(.line-view){display:none}
.line-view .board{outline:4px dashed var(--mate,#6a1b9a);outline-offset:-4px}
.line-moves{display:flex;flex-wrap:wrap;gap:.3rem;list-style:none;padding:0}
.line-moves button{padding:.1rem .4rem;border:1px solid var(--line,#ccc);border-radius:4px}
.line-moves [aria-current=step] button{background:rgba(31,111,229,.14);border-color:var(--focus,#1f6fe5)}
.line-claims{margin:.2rem 0;padding-left:1.2rem}`;

/** Milliseconds between moves when playing (as the replay plays). */
const PLAY_MS = 1000;
/** Milliseconds without a new move shown before its explanations and its
 * claims' controls are drawn. */
const FILL_MS = 150;

let wasm = null;
let what = null;
/** The line shown: { view, page, box, control, timer, watch }, or null. */
let shown = null;

/** Keeps the wasm and `whatShown(button)` (export.js: the page's address,
 * language, orientation and glyphs); fills in the panels (explanations,
 * the claims' controls) from now on. */
export function start(module, whatShown) {
  wasm = module;
  what = whatShown;
  const app = document.getElementById('qili-app');
  if (!app) return;
  const style = document.createElement('style');
  style.textContent = STYLE;
  document.head.append(style);
  // Judging the line again with the lines takes a while on a long game:
  // once the steps stop, not on every one.
  let pending = 0;
  new MutationObserver((records) => {
    if (!records.some((r) => r.target.matches?.('.panel:is(.detail, .verdict) > div'))) return;
    clearTimeout(pending);
    pending = setTimeout(fill, FILL_MS);
  }).observe(app, { childList: true, subtree: true });
  addEventListener('qili-page', () => close(false));
  fill();
}

/** What the first load cannot tell, added to the panels once the page's
 * address has caught up with the move shown: the engine's explanations of
 * the move and of the ruling (the site's wasm is built without them), and
 * the controls of the move's other claims. */
function fill() {
  const app = document.getElementById('qili-app');
  const lang = app?.querySelector('.qili')?.lang ?? 'zh';
  const [move, ruling, claims] = wasm.panels(location.hash, lang);
  const said = app?.querySelector('.panel.detail .explanation:not([data-explained])');
  if (said && move) {
    said.prepend(move);
    said.dataset.explained = '';
  }
  const why = app?.querySelector('.panel.verdict .explanation:empty');
  if (why) why.textContent = ruling;
  const detail = app?.querySelector('.panel.detail > div');
  if (claims && detail && !detail.querySelector('.line-claims')) detail.insertAdjacentHTML('beforeend', claims);
}

/** The notation the page's switch shows: zh, wxf or iccs. */
function notation() {
  const n = document.querySelector('#qili-app .notation[aria-pressed=true]')?.textContent;
  return n === 'WXF' ? 'wxf' : n === 'ICCS' ? 'iccs' : 'zh';
}

/** Shows the line that the "show line" control `control` asks for. */
export function open(control) {
  close(false);
  // The page's address, not the widget's data-line that export.js reads
  // (a control's data-line says which line).
  const page = { ...what(control), hash: location.hash };
  const col = control.closest('.qili')?.querySelector('.board-col');
  if (!col) return;
  let view;
  try {
    view = new wasm.LineView(page.hash, control.dataset.line, control.dataset.square, page.lang, notation());
  } catch (e) {
    // Said next to the control (the move has no such line, the address
    // shows no move): nothing else changes.
    const why = control.nextElementSibling?.matches('.line-error') ? control.nextElementSibling : document.createElement('span');
    why.className = 'line-error';
    why.setAttribute('role', 'status');
    why.textContent = ` ${e?.message ?? e}`;
    control.after(why);
    return;
  }
  const box = document.createElement('section');
  box.className = 'line-view';
  box.tabIndex = -1;
  box.setAttribute('aria-labelledby', 'line-title');
  box.innerHTML = `${view.board(page.glyphs)}${view.toolbar()}<p class="line-status" aria-live="polite"></p><div class="panel line-panel"></div>`;
  box.addEventListener('click', (e) => {
    const b = e.target.closest('[data-line-act]');
    if (b) act(b.dataset.lineAct, Number(b.dataset.step));
  });
  col.prepend(box);
  col.classList.add('line-open');
  // The game's board redrawn: the game moved on under the line.
  const watch = new MutationObserver(() => close(false));
  const game = col.querySelector(':scope > svg.board .drawing');
  if (game) watch.observe(game, { childList: true });
  shown = { view, page, box, control, timer: null, watch };
  addEventListener('keydown', keys, true);
  draw();
  box.focus();
}

/** Back to the game: the line's view goes, the game's comes back; with
 * `refocus`, the focus goes back to the control that opened it. */
function close(refocus) {
  if (!shown) return;
  const { view, box, control, timer, watch } = shown;
  shown = null;
  clearInterval(timer);
  watch.disconnect();
  removeEventListener('keydown', keys, true);
  box.parentElement?.classList.remove('line-open');
  box.remove();
  view.free();
  if (!refocus) return;
  // The same control, or its like if the panel was drawn again.
  const again = (s) => (s ? `[data-square="${s}"]` : ':not([data-square])');
  const like = `[data-show-line]${control.dataset.line ? `[data-line="${control.dataset.line}"]` : ':not([data-line])'}`;
  (control.isConnected ? control : document.querySelector(like + again(control.dataset.square)))?.focus();
}

/** Draws the step shown: the board's drawing (replaced whole, so embed.js
 * slides the piece that moved), the panel, the status, the toolbar. */
function draw() {
  const { view, page, box, timer } = shown;
  const step = view.step();
  const end = step >= view.steps();
  box.querySelector('.drawing').innerHTML = view.drawing(page.flipped, page.glyphs);
  const panel = box.querySelector('.line-panel');
  // A move of the list pressed keeps the focus, on the move shown.
  const focused = panel.contains(document.activeElement);
  panel.innerHTML = view.panel();
  if (focused) (panel.querySelector('[aria-current] button') ?? box).focus();
  box.querySelector('.line-status').textContent = view.status();
  for (const b of box.querySelectorAll('[data-line-act]')) {
    const a = b.dataset.lineAct;
    b.disabled = a === 'first' || a === 'prev' ? step === 0 : a === 'next' || a === 'last' ? end : false;
  }
  const play = box.querySelector('[data-line-act=play]');
  play.setAttribute('aria-pressed', String(timer !== null));
  play.firstChild.textContent = timer !== null ? '❚❚' : '▶';
}

/** Shows step `step` of the line (clamped); a step by hand stops playing. */
function go(step, playing = false) {
  if (!playing) stop();
  shown.view.go(Math.max(0, step));
  draw();
}

function stop() {
  clearInterval(shown.timer);
  shown.timer = null;
}

/** What a toolbar button, a move of the list or a key does: `name` is its
 * data-line-act, `to` a move's step. */
function act(name, to) {
  if (!shown) return;
  const { view } = shown;
  const step = view.step();
  if (name === 'back') return close(true);
  if (name === 'go') return go(to);
  if (name === 'first') return go(0);
  if (name === 'prev') return go(step - 1);
  if (name === 'next') return go(step + 1);
  if (name === 'last') return go(view.steps());
  if (shown.timer !== null) {
    stop();
    return draw();
  }
  // Play: from the start again if at the end, one move a second.
  if (step >= view.steps()) view.go(0);
  shown.timer = setInterval(() => {
    if (!shown) return;
    const at = shown.view.step();
    if (at + 1 >= shown.view.steps()) stop();
    go(at + 1, true);
  }, PLAY_MS);
  draw();
}

const KEYS = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last', Escape: 'back', ' ': 'play' };

/** While a line is shown, the page's keys are the line's (a capturing
 * listener: the page's own never see them). Not while typing, nor Space
 * on what Space activates, nor with a modifier. */
function keys(e) {
  const key = KEYS[e.key];
  const t = e.target;
  if (!key || e.altKey || e.ctrlKey || e.metaKey || t.closest?.('input,textarea,select,[contenteditable]')) return;
  if (key === 'play' && t.closest?.('button,a,summary')) return;
  if (!shown?.box.isConnected) return close(false);
  e.preventDefault();
  e.stopPropagation();
  act(key);
}
