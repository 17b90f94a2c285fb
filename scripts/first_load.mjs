// What a first visit of the site downloads, compressed: index.html, the files
// it links (the wasm, its glue, CSS, favicon), the loader embed.js, sw.js and
// the manifest. The rest of dist/ (app icons, embed.html) is fetched later by
// the service worker's precache or by embedding pages.
//
//   node scripts/first_load.mjs [DIST]            (default dist)
//   node scripts/first_load.mjs --files FILE...   (e.g. ffish.wasm alone)
//
// Prints one JSON object: {"files": [...], "gzip": B, "brotli": B}, and for
// DIST "later_gzip": B, what is fetched later (gzip level 9, brotli quality
// 11, as a server would precompress them).

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const named = args[0] === '--files' ? args.slice(1) : [];
const dist = named.length ? '' : (args[0] ?? 'dist');

const gzip = (b) => gzipSync(b, { level: 9 }).length;
const brotli = (b) =>
  brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

function walk(dir) {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

function sizes(paths) {
  let [g, b] = [0, 0];
  for (const p of paths) {
    const bytes = readFileSync(p);
    g += gzip(bytes);
    b += brotli(bytes);
  }
  return { gzip: g, brotli: b };
}

if (named.length) {
  console.log(JSON.stringify({ files: named, ...sizes(named) }));
} else {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  // Attributes may be quoted or not (Trunk minifies index.html in release).
  const linked = [...html.matchAll(/(?:href|src)="?\.\/([^" >]+)/g)].map((m) => m[1]);
  const first = [...new Set(['index.html', 'embed.js', 'sw.js', 'manifest.webmanifest', ...linked])].sort();
  const later = walk(dist)
    .map((p) => relative(dist, p))
    .filter((f) => !first.includes(f));
  const { gzip: g, brotli: b } = sizes(first.map((f) => join(dist, f)));
  console.log(
    JSON.stringify({ files: first, gzip: g, brotli: b, later_gzip: sizes(later.map((f) => join(dist, f))).gzip }),
  );
}
