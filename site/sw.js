// Qili service worker (template: scripts/post_build.mjs writes dist/sw.js
// with this build's id and the list of every file of the build).
//
// One cache per build, named after a hash of all the build's files: a page
// and its assets always come from the same build. A new deployment changes
// sw.js, so the browser installs the new worker next to the old one; it
// waits until the page's "reload to update" banner sends "skip-waiting", then
// deletes the other builds' caches.
const BUILD = '__QILI_BUILD__';
const ASSETS = __QILI_ASSETS__;
const CACHE = `qili-${BUILD}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(ASSETS.map((a) => new Request(a, { cache: 'reload' })))),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('qili-') && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const hit = await cache.match(request, { ignoreSearch: true });
      if (hit) return hit;
      if (request.mode === 'navigate') {
        // Another page under our path (not part of the build): the network;
        // offline, the site's start page.
        return fetch(request).catch(async () => (await cache.match('./')) ?? Response.error());
      }
      return fetch(request);
    }),
  );
});
