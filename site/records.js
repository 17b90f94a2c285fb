// Qili record panel: what the analysis page's "Game record" panel does.
//
// Not part of the first load: embed.js imports this module (post_build.mjs
// writes it as records-<hash>.js) the first time a record is opened, dropped
// or pasted, and calls start() then read(file or text). Reading happens in
// the Web Worker qili-records-worker (crates/qili-records-worker, which
// documents the messages); this module shows what it returns:
//
// - the games of the file (title, players, result, length) as buttons, and
//   the games that could not be read with the reader's error; a library's
//   games (象棋桥 CBL) under its section headings (their Section tag);
// - a game is loaded through the page address (#/analysis?fen=…&moves=…),
//   which the analysis page restores; its tags and the comment of the move
//   shown appear while the board shows that game's line;
// - the repetition cycles of the board's line (asked of the worker whenever
//   the line or the edition changes), with buttons that jump to each cycle
//   and to the previous or next one (by the move list's own buttons).
//
// Everything from a file is written with textContent, never as HTML.

const WORDS = {
  zh: {
    reading: '正在读取棋谱…',
    failed: '无法启动棋谱读取器。',
    nothing: '没有找到对局。',
    games: (n, bad) => `共 ${n} 局${bad ? `，${bad} 局无法读取` : ''}。请选择一局：`,
    badGame: '无法读取：',
    comment: '注释：',
    cycles: '本局的循环',
    noCycles: '本局没有重复局面。',
    prev: '上一个循环',
    next: '下一个循环',
    versus: '对',
    moves: (n) => `${n} 着`,
    cycle: (a, b, n) => `第 ${a}–${b} 着（局面第 ${n} 次出现）`,
    red: '红',
    black: '黑',
    ruling: { red_loses: '红方判负', black_loses: '黑方判负', draw: '和棋', none: '不判' },
  },
  en: {
    reading: 'Reading the record…',
    failed: 'The record reader could not start.',
    nothing: 'No game found.',
    games: (n, bad) => `${n} games${bad ? `; ${bad} cannot be read` : ''}. Pick one:`,
    badGame: 'Cannot be read: ',
    comment: 'Comment: ',
    cycles: 'Cycles in this line',
    noCycles: 'No position repeats in this line.',
    prev: 'Previous cycle',
    next: 'Next cycle',
    versus: 'vs',
    moves: (n) => (n === 1 ? '1 move' : `${n} moves`),
    cycle: (a, b, n) => `moves ${a}–${b} (position seen ${n} times)`,
    red: 'Red',
    black: 'Black',
    ruling: { red_loses: 'Red loses', black_loses: 'Black loses', draw: 'Draw', none: 'No ruling' },
  },
};

let asset = (name) => name;
let started = false;

// --- the worker -----------------------------------------------------------
let worker = null;
let ready = false;
let queue = [];
const waiting = new Map();
let nextId = 1;

function failAll(why) {
  for (const [, w] of waiting) w.reject(why);
  waiting.clear();
  queue = [];
  worker = null;
  ready = false;
}

/** Sends `message` to the worker (started on first use); resolves with its answer. */
function ask(message) {
  if (!worker) {
    worker = new Worker(asset('qili-records-worker_loader.js'));
    worker.onmessage = (e) => {
      if (e.data === 'ready') {
        ready = true;
        for (const m of queue) worker.postMessage(m);
        queue = [];
        return;
      }
      const w = waiting.get(e.data?.id);
      waiting.delete(e.data?.id);
      w?.resolve(e.data);
    };
    worker.onerror = (e) => failAll(new Error(e.message || 'worker error'));
  }
  const id = nextId++;
  const m = { id, ...message };
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    if (ready) worker.postMessage(m);
    else queue.push(m);
  });
}

// --- state ------------------------------------------------------------------
let status = null; // key of WORDS or [key, ...args]
let entries = []; // the worker's games of the last file
let entriesVersion = 0;
let loaded = null; // { game, index, fen, moves }
let cycles = { key: null, runs: [] };
let asked = null; // the line whose cycles were last asked for

/** The board's state from the page address, or null off the analysis page. */
function board() {
  const hash = location.hash.replace(/^#/, '');
  const q = hash.indexOf('?');
  const path = (q < 0 ? hash : hash.slice(0, q)).replace(/^\/+|\/+$/g, '');
  if (!path.startsWith('analysis')) return null;
  const params = new URLSearchParams(q < 0 ? '' : hash.slice(q + 1));
  const moves = (params.get('moves') ?? '').trim().split(/\s+/).filter(Boolean);
  const ply = params.has('ply') ? Number(params.get('ply')) : moves.length;
  return {
    fen: (params.get('fen') ?? '').trim(),
    moves: moves.join(' '),
    rules: params.get('rules') ?? 'cxa1999',
    ply: Math.min(Number.isFinite(ply) ? ply : moves.length, moves.length),
  };
}

function panel() {
  return document.querySelector('#qili-app section.record');
}

function words(p) {
  return WORDS[p?.dataset.lang === 'en' ? 'en' : 'zh'];
}

function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v);
  }
  e.append(...children);
  return e;
}

const tag = (g, ...keys) =>
  keys.map((k) => g.tags.find(([t, v]) => t.toLowerCase() === k.toLowerCase() && v.trim())?.[1]).find(Boolean);

function summary(w, g, i) {
  const parts = [];
  // Under a library's heading the event is the heading's; the title tells the games apart.
  const title = tag(g, 'Section') ? tag(g, 'Title', 'Event', 'Game') : tag(g, 'Event', 'Title', 'Game');
  if (title) parts.push(title);
  const red = tag(g, 'Red');
  const black = tag(g, 'Black');
  if (red && black) parts.push(`${red} ${w.versus} ${black}`);
  parts.push(g.result, w.moves(g.moves.length));
  return `${i + 1}. ${parts.join(' · ')}`;
}

/** Puts game `index` of the file on the board (shown from its start). */
function load(index) {
  const g = entries[index];
  if (!g || g.error) return;
  const rules = board()?.rules ?? 'cxa1999';
  loaded = { game: g, index, fen: g.fen, moves: g.moves.join(' ') };
  const moves = g.moves.map(encodeURIComponent).join('+');
  location.hash = `#/analysis?fen=${encodeURIComponent(g.fen)}&moves=${moves}&rules=${encodeURIComponent(rules)}&ply=0`;
  schedule();
}

/** Reads a record (a File, or pasted text) and shows its games. */
export async function read(record) {
  status = 'reading';
  schedule();
  let answer;
  try {
    answer = await ask({ record });
  } catch (e) {
    console.error('qili records', e);
    status = 'failed';
    schedule();
    return;
  }
  entries = answer.games ?? [];
  entriesVersion++;
  const good = entries.filter((e) => !e.error).length;
  if (good === 0) status = 'nothing';
  else if (entries.length > 1) status = ['games', good, entries.length - good];
  else status = null;
  if (entries.length === 1 && good === 1) load(0);
  schedule();
}

// --- rendering ----------------------------------------------------------------
// Each block is rebuilt only when what it shows changes (a WeakMap remembers
// what each element shows), so focus stays on a clicked button; the page may
// replace the panel's markup at any time (a language switch), and then it is
// filled again.
const shows = new WeakMap();
function fill(box, key, build) {
  if (!box || shows.get(box) === key) return false;
  shows.set(box, key);
  box.replaceChildren(...build());
  return true;
}

/** The list's items: each game (or error), grouped under its section heading if it has one. */
function listItems(w) {
  const items = [];
  let group = null;
  entries.forEach((g, i) => {
    const item = g.error
      ? el('li', { class: 'record-error', text: `${i + 1}. ${w.badGame}${g.error}` })
      : el('li', {}, el('button', { type: 'button', 'data-game': String(i), text: summary(w, g, i) }));
    const section = g.error ? group?.title : tag(g, 'Section');
    if (section === undefined) {
      group = null;
      items.push(item);
      return;
    }
    if (group?.title !== section) {
      // Numbered on from the games before, as the games' own numbers are.
      group = { title: section, list: el('ol', { start: String(i + 1) }) };
      items.push(el('li', { class: 'record-section', style: 'list-style: none' }, el('h4', { text: section }), group.list));
    }
    group.list.append(item);
  });
  return items;
}

function render() {
  const p = panel();
  const b = board();
  if (!p || !b) return;
  const w = words(p);
  const lang = p.dataset.lang;

  const st = Array.isArray(status) ? w[status[0]](...status.slice(1)) : status ? w[status] : '';
  fill(p.querySelector('.record-status'), `${lang}|${st}`, () => [st]);

  fill(p.querySelector('.record-games'), `${lang}|${entriesVersion}`, () =>
    entries.length > 1 || entries.some((e) => e.error) ? [el('ol', { class: 'record-list' }, ...listItems(w))] : [],
  );
  for (const button of p.querySelectorAll('.record-games [data-game]')) {
    const on = loaded !== null && Number(button.dataset.game) === loaded.index;
    if (on !== button.hasAttribute('aria-current')) {
      if (on) button.setAttribute('aria-current', 'true');
      else button.removeAttribute('aria-current');
    }
  }

  // The loaded game's tags and comment, while the board shows its line.
  const mine = loaded && loaded.fen === b.fen && loaded.moves === b.moves;
  fill(p.querySelector('.record-game'), mine ? `${lang}|${entriesVersion}|${loaded.index}|${b.ply}` : '', () => {
    if (!mine) return [];
    const g = loaded.game;
    const tags = g.tags.filter(([, v]) => v.trim());
    const out = [el('dl', { class: 'record-tags' }, ...tags.flatMap(([k, v]) => [el('dt', { text: k }), el('dd', { text: v })]))];
    const c = g.comments[b.ply];
    if (c) out.push(el('p', { class: 'record-comment' }, el('strong', { text: w.comment }), c));
    return out;
  });

  // The cycles of the board's line.
  const line = `${b.fen}|${b.moves}|${b.rules}`;
  if (asked !== line) {
    asked = line;
    ask({ fen: b.fen, moves: b.moves, rules: b.rules }).then(
      (a) => {
        if (asked !== line) return;
        cycles = { key: line, runs: a.cycles ?? [] };
        schedule();
      },
      () => {},
    );
  }
  if (cycles.key !== line) return;
  fill(p.querySelector('.record-cycles'), `${lang}|${line}`, () => {
    const out = [el('h4', { text: w.cycles })];
    if (cycles.runs.length === 0) return [...out, el('p', { class: 'muted', text: w.noCycles })];
    out.push(
      el(
        'div',
        { class: 'row' },
        el('button', { type: 'button', class: 'cycle-prev', 'data-go': 'prev', text: w.prev }),
        el('button', { type: 'button', class: 'cycle-next', 'data-go': 'next', text: w.next }),
      ),
      el(
        'ol',
        { class: 'cycle-runs' },
        ...cycles.runs.map((r) => {
          const side = (name, [zh, en, forbidden]) => `${name} ${lang === 'en' ? en : zh}${forbidden ? ' ✗' : ''}`;
          const text = `${w.cycle(r.first, r.last, r.occurrences)} · ${side(w.red, r.red)} / ${side(w.black, r.black)} → ${w.ruling[r.ruling] ?? r.ruling}`;
          return el('li', {}, el('button', { type: 'button', 'data-ply': String(r.last), 'data-ruling': r.ruling, text }));
        }),
      ),
    );
    return out;
  });
  for (const button of p.querySelectorAll('.record-cycles [data-ply]')) {
    const on = Number(button.dataset.ply) === b.ply;
    if (on !== button.hasAttribute('aria-current')) {
      if (on) button.setAttribute('aria-current', 'true');
      else button.removeAttribute('aria-current');
    }
  }
}

let timer = 0;
function schedule() {
  clearTimeout(timer);
  // After the page's own updates (it rewrites the address in an effect).
  timer = setTimeout(render, 20);
}

/** Shows ply `ply` through the move list's own button. */
function go(ply) {
  document.querySelector(`#qili-app .moves li[data-ply="${ply}"] button`)?.click();
}

function onClick(e) {
  const button = e.target.closest?.('#qili-app section.record button');
  if (!button) return;
  if (button.dataset.game !== undefined) load(Number(button.dataset.game));
  else if (button.dataset.ply !== undefined) go(Number(button.dataset.ply));
  else if (button.dataset.go) {
    const ply = board()?.ply ?? 0;
    const ends = cycles.runs.map((r) => r.last);
    const to = button.dataset.go === 'prev' ? ends.filter((l) => l < ply).pop() : ends.find((l) => l > ply);
    if (to !== undefined) go(to);
  }
}

/** Starts the panel once: `assetUrl` resolves the build's file names. */
export function start(assetUrl) {
  if (started) return;
  started = true;
  asset = assetUrl;
  document.addEventListener('click', onClick);
  new MutationObserver(schedule).observe(document.getElementById('qili-app') ?? document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-current', 'data-lang', 'aria-pressed'],
  });
  addEventListener('hashchange', schedule);
}
