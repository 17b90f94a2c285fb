// Qili loader (template: scripts/post_build.mjs fills in the hashed file names
// and writes dist/embed.js). One script for two jobs:
//
// - on the site (index.html has #qili-app): starts the wasm app, registers
//   the service worker and, when a new build is installed, offers "reload
//   to update" and switches once the user accepts; opens game records and
//   the saved studies, whose code loads on first use;
// - on any other page, from any origin: every <div class="qili" data-fen=…
//   data-moves=… data-rules=… data-lang=…> and every <qili-board fen=…
//   moves=… rules=… lang=…> becomes a replay widget in its own shadow root,
//   drawn by the widgets' own wasm (not the site's).
//
// File names are resolved against this script's own URL, so it works from
// any path and origin (the site's server must allow CORS for other origins:
// module scripts and wasm are fetched in CORS mode). Page data goes to the
// wasm as plain strings; nothing here builds HTML from it.
(() => {
  'use strict';
  const GLUE = '__QILI_GLUE__';
  const WASM = '__QILI_WASM__';
  const STYLES = __QILI_STYLES__;
  const RECORDS = '__QILI_RECORDS__';
  const EXPORT = '__QILI_EXPORT__';
  const script = document.currentScript;
  const base = new URL('.', script && script.src ? script.src : location.href);
  const asset = (name) => new URL(name, base).href;

  // An ES module glue and its wasm, loaded once.
  const loader = (glue, wasm) => {
    let ready = null;
    return () =>
      (ready ??= import(asset(glue)).then(async (module) => {
        await module.default({ module_or_path: asset(wasm) });
        return module;
      }));
  };
  // The site's app (only on the site's page) and the widgets' own module
  // (crates/qili-widget: only where a widget is placed, never by the site).
  const load = loader(GLUE, WASM);
  const loadWidget = loader('__QILI_WIDGET_GLUE__', '__QILI_WIDGET_WASM__');
  // The arbiter's page (crates/qili-arbiter): when #/arbiter is first shown.
  const loadArbiter = loader('__QILI_ARBITER_GLUE__', '__QILI_ARBITER_WASM__');
  const arbiter = () => {
    const app = document.querySelector('#qili-app .qili');
    const place = app?.querySelector('[data-arbiter=page]');
    if (place) loadArbiter().then((m) => m.mount(place, app.lang), (e) => (place.textContent = String(e)));
  };

  // Moves slide (200 ms; not under reduced motion): when a board's drawing
  // (.drawing, redrawn whole) shows the one piece that moved between two
  // drawings — a step on, a step back, a move played, a line's step —, that
  // piece glides from its old point. Jumps of several moves, a flip and a
  // new position move no single piece; a piece dropped by drag (drawn
  // .lifted) is already there. Plain JS here rather than in the site's
  // wasm: a third of the bytes.
  const slide = (records) => {
    if (matchMedia('(prefers-reduced-motion:reduce)').matches) return;
    for (const r of records) {
      if (!r.target.matches?.('.drawing')) continue;
      const at = (n) => n.dataset.piece + n.getAttribute('transform');
      const [was, now] = [r.removedNodes, r.addedNodes].map((l) => [...l].filter((n) => n.dataset?.piece));
      const left = (a, b) => a.filter((n) => !b.some((m) => at(m) === at(n)));
      const came = left(now, was);
      const from = left(was, now).filter((n) => n.dataset.piece === came[0]?.dataset.piece);
      // "translate(x y)" as CSS: "translate(xpx,ypx)".
      if (came.length === 1 && from.length === 1 && !from[0].matches('.lifted'))
        came[0].animate({ transform: [from[0], came[0]].map((n) => at(n).slice(1).replace(/ (.*)\)/, 'px,$1px)')) }, 200);
    }
  };
  const slides = (root) => new MutationObserver(slide).observe(root, { childList: true, subtree: true });

  const mounted = new WeakSet();
  function mount(host, get) {
    if (mounted.has(host)) return;
    mounted.add(host);
    const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    for (const name of STYLES) {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = asset(name);
      root.append(link);
    }
    const box = document.createElement('div');
    root.append(box);
    slides(root);
    loadWidget()
      .then((glue) => glue.mount_widget(box, get('fen'), get('moves'), get('rules'), get('lang')))
      .catch((e) => {
        box.textContent = `Qili: ${e}`;
        console.error('qili widget', e);
      });
  }

  if (window.customElements && !customElements.get('qili-board')) {
    customElements.define(
      'qili-board',
      class extends HTMLElement {
        connectedCallback() {
          mount(this, (name) => this.getAttribute(name) ?? '');
        }
      },
    );
  }

  function scan() {
    const fromHash = new URLSearchParams(location.hash.replace(/^#/, ''));
    for (const el of document.querySelectorAll('div.qili')) {
      if (el.closest('#qili-app')) continue; // the site's own root
      if (el.hasAttribute('data-from-hash')) mount(el, (name) => fromHash.get(name) ?? '');
      else mount(el, (name) => el.getAttribute(`data-${name}`) ?? '');
    }
  }

  // The "reload to update" banner, in the app's language (redrawn when the
  // page or the language changes: the app fires qili-page).
  const UPDATE = {
    zh: ['棋例有新版本。', '重新载入以更新'],
    en: ['A new version of Qili is ready.', 'Reload to update'],
  };
  let waiting = null;
  let accepted = false;
  function banner() {
    const app = document.querySelector('#qili-app .qili');
    if (!waiting || !app) return;
    let box = app.querySelector('.update-banner');
    if (!box) {
      box = document.createElement('div');
      box.className = 'update-banner';
      box.setAttribute('role', 'status');
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'update-reload';
      button.addEventListener('click', () => {
        accepted = true;
        waiting?.postMessage('skip-waiting');
      });
      box.append(document.createElement('span'), button);
      app.append(box);
    }
    const [ready, reload] = UPDATE[app.lang.startsWith('en') ? 'en' : 'zh'];
    box.firstChild.textContent = ready;
    box.lastChild.textContent = reload;
  }

  function updates() {
    if (!('serviceWorker' in navigator) || base.origin !== location.origin) return;
    navigator.serviceWorker
      .register(asset('sw.js'))
      .then((reg) => {
        const offer = (worker) => {
          if (!worker || !navigator.serviceWorker.controller) return; // first install: nothing to update
          waiting = worker;
          banner();
        };
        if (reg.waiting) offer(reg.waiting);
        reg.addEventListener('updatefound', () => {
          const worker = reg.installing;
          worker?.addEventListener('statechange', () => worker.state === 'installed' && offer(worker));
        });
        let reloading = false;
        navigator.serviceWorker.addEventListener('controllerchange', () => {
          if (reloading || !accepted) return;
          reloading = true;
          location.reload();
        });
      })
      .catch((e) => console.warn('qili: no offline support:', e));
  }

  // The analysis page's record panel: its code (records.js) and the reader
  // (a worker) load when a record is first opened, dropped or pasted.
  let records = null;
  const panel = () => document.querySelector('#qili-app section.record');
  const record = (input) =>
    (records ??= import(asset(RECORDS)).then((m) => (m.start(asset), m)))
      .then((m) => m.read(input))
      .catch((e) => {
        records = null;
        const status = panel()?.querySelector('.record-status');
        if (status) status.textContent = String(e);
      });
  function recordInputs() {
    document.addEventListener('change', (e) => {
      const file = e.target.matches?.('section.record .record-file') && e.target.files[0];
      if (file) record(file);
    });
    document.addEventListener('click', (e) => {
      if (e.target.closest?.('section.record .read-record')) record(panel().querySelector('.record-text').value);
    });
    document.addEventListener('dragover', (e) => {
      if (panel() && e.dataTransfer?.types.includes('Files')) e.preventDefault();
    });
    document.addEventListener('drop', (e) => {
      const file = panel() && e.dataTransfer?.files[0];
      if (file) {
        e.preventDefault();
        record(file);
      }
    });
  }

  // The saved studies (crates/qili-studies): the app draws their places
  // (data-studies="page", "panel" — a closed <details> —, "notice") and
  // fires qili-page when the page or the language changes. Their module
  // loads the first time the studies page is shown or the save panel
  // opened, or when storage holds studies to check (stored studies set
  // aside are announced on every page): a first visit never downloads it.
  // Its no-modules glue, a classic script, defines the global wasm_bindgen
  // (the site's own glue is an ES module: no clash); its styles are adopted
  // as a constructed style sheet.
  let studies = null;
  const studiesScript = () =>
    typeof wasm_bindgen !== 'undefined'
      ? Promise.resolve() // loaded before, its wasm not
      : new Promise((ok, fail) => {
          const s = document.createElement('script');
          s.src = asset('qili-studies.js');
          s.onload = ok;
          s.onerror = () => fail(new Error('the studies module did not load'));
          document.head.append(s);
        });
  const loadStudies = () =>
    (studies ??= studiesScript().then(async () => {
      /* global wasm_bindgen */
      await wasm_bindgen({ module_or_path: asset('qili-studies_bg.wasm') });
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(wasm_bindgen.styles());
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      return wasm_bindgen;
    }));
  const stored = () => {
    try {
      return Object.keys(localStorage).some((k) => k.startsWith('qili.studies'));
    } catch {
      return false; // no storage: nothing to check
    }
  };
  function mountStudies() {
    const app = document.querySelector('#qili-app .qili');
    const places = app?.querySelectorAll('[data-studies=page], [data-studies=panel][open]') ?? [];
    if (!app || !(studies || places.length || stored())) return;
    loadStudies()
      .then((m) => m.mount(app, app.lang))
      .catch((e) => {
        studies = null;
        for (const p of places) (p.querySelector('.study-panel-body') ?? p).textContent = String(e);
        console.error('qili studies', e);
      });
  }

  // The Export menu (site/export.js and its wasm, crates/qili-export) loads
  // when an Export button ([data-export-menu]) is first pressed, or as soon
  // as a page with a board (the replay, the analysis board) is shown: the
  // engine's explanations of the move and of the ruling on those pages come
  // from it (site/line.js fills them in; the site's wasm is built without
  // them), so it loads with Save-Data too. The arbiter's page loads it when
  // the browser is first idle (not with Save-Data; the service worker
  // precaches it anyway). Its beforeprint handler then makes the browser's
  // own Print print the report; until it is there, style.css's print rules
  // print the page without its navigation and buttons. The replay and
  // analysis pages get their button here, after the step controls (the
  // site's wasm carries no export code); widgets and the arbiter's tables
  // draw their own.
  let exporter = null;
  const loadExport = () =>
    (exporter ??= import(asset(EXPORT))
      .then((m) => m.start(asset))
      .catch((e) => {
        exporter = null;
        throw e;
      }));
  // (A failure is reported when a button is pressed: it loads again.)
  const prepareExport = () => {
    if (exporter) return;
    if (document.querySelector('#qili-app .board-col'))
      loadExport().catch((e) => console.error('qili: no explanations:', e));
    else if (!navigator.connection?.saveData && document.querySelector('#qili-app [data-arbiter=page]'))
      (window.requestIdleCallback ?? setTimeout)(() => loadExport().catch(() => {}), { timeout: 5000 });
  };
  const exportButton = () => {
    const app = document.querySelector('#qili-app .qili');
    const c = app?.querySelector('.board-col .controls');
    if (!c) return;
    if (!c.nextElementSibling?.matches('[data-export-menu]'))
      c.insertAdjacentHTML('afterend', '<button type=button data-export-menu>');
    c.nextElementSibling.textContent = app.lang.startsWith('en') ? 'Export…' : '导出…';
  };
  // The move panel's "show line" controls ([data-show-line], issue 21) open
  // the line view, which lives in the same module (it needs the lines the
  // site's wasm is built without, and qili-diagram's drawing).
  document.addEventListener('click', (e) => {
    const b = e.composedPath()[0].closest?.('[data-export-menu],[data-show-line]');
    if (b)
      loadExport().then(
        (m) => m.press(b),
        (err) => console.error('qili', err),
      );
  });

  const start = () => {
    if (document.getElementById('qili-app')) {
      // The save panel opened (toggle does not bubble: captured).
      document.addEventListener(
        'toggle',
        (e) => e.target.matches?.('[data-studies=panel][open]') && mountStudies(),
        true,
      );
      // After the app's update is drawn (its effects run in microtasks).
      window.addEventListener('qili-page', () =>
        setTimeout(() => {
          banner();
          mountStudies();
          exportButton();
          arbiter();
          prepareExport();
        }),
      );
      slides(document.getElementById('qili-app'));
      load().catch((e) => console.error('qili', e));
      updates();
      recordInputs();
    }
    scan();
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
