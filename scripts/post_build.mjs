#!/usr/bin/env node
// Trunk post_build hook (Trunk.toml): finishes the build in $TRUNK_STAGING_DIR.
//
// 1. copies site/public/* (embed.html, the manifest, the icons), minifies
//    the wasm-bindgen glue (Trunk leaves it as generated) and renews its
//    integrity hash in index.html;
// 2. copies site/records.js (the record panel), site/export.js (the
//    Export menu) and site/line.js (the line view it imports), imported on
//    first use, as records-<hash>.js, export-<hash>.js and line-<hash>.js,
//    checks the saved studies' module is there (Trunk
//    names it qili-studies.js/_bg.wasm), minifies the glue of the widgets' module
//    and of the Export menu's and renames their files (qili-widget.js/_bg.wasm,
//    qili-export.js/_bg.wasm, qili-arbiter.js/_bg.wasm) after their content,
//    and writes embed.js, the loader of the site and of embedded widgets,
//    from site/embed.js with the hashed names Trunk gave the wasm, its JS
//    glue and the stylesheet, and the names of records.js and of the
//    widgets' module, minified;
// 3. writes sw.js from site/sw.js with the list of every file of the build
//    (never hand-written) and a build id hashed from all their contents.
import { createHash } from 'node:crypto';
import { minify } from 'terser';
import { copyFileSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) {
  console.error('post_build.mjs: TRUNK_STAGING_DIR is not set (run by Trunk as a post_build hook)');
  process.exit(1);
}

const files = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [relative(staging, path).split(sep).join('/')];
  });

// The manifest is part of the first load: written without its indentation.
for (const name of readdirSync(join(root, 'site/public'))) {
  if (name.endsWith('.webmanifest')) {
    const manifest = JSON.parse(readFileSync(join(root, 'site/public', name), 'utf8'));
    writeFileSync(join(staging, name), JSON.stringify(manifest));
  } else copyFileSync(join(root, 'site/public', name), join(staging, name));
}

const built = files(staging);
const one = (re, what) => {
  const hits = built.filter((f) => re.test(f));
  if (hits.length !== 1) {
    console.error(`post_build.mjs: expected one ${what} in ${staging}, found: ${hits.join(', ') || 'none'}`);
    process.exit(1);
  }
  return hits[0];
};
const glue = one(/^qili-site-[0-9a-f]+\.js$/, 'JS glue (qili-site-*.js)');
const wasm = one(/^qili-site-[0-9a-f]+_bg\.wasm$/, 'wasm (qili-site-*_bg.wasm)');
// Trunk minifies its own assets but not the wasm-bindgen glue, which is
// part of the first load (250 KB budget): minify it here, and renew the
// integrity hash of index.html's modulepreload link, which covers it.
// Its classes for wasm-streams (IntoUnderlying*, exported for Leptos' server
// functions, which the site never calls) go first: index.html has wasm-opt
// drop their exports from the wasm.
const unusedClasses = (text) =>
  text
    .replace(/^export class IntoUnderlying\w+ \{\n[\s\S]*?^\}\n(?:if \(Symbol\.dispose\)[^\n]*\n)?/gm, '')
    .replace(/^const IntoUnderlying\w+Finalization = [^;]*;\n/gm, '');
// The wasm's imports are named by wasm-bindgen after the JS function and a
// hash (`__wbg_set_e4b9a833d288759a`), each written twice in the first load:
// in the wasm's import section and as a key of the glue's import object.
// Those 16 hex digits do not compress; short names (`q0`, `q1`, …) for both
// save some kilobytes of the budget. The exports of its closures' shims are
// named so too (`wasm_bindgen__convert__closures_____invoke__h10c7…`), and
// wasm-bindgen's own have long names (`__wbindgen_malloc`, `__externref_…`);
// those the glue calls get short names (`e0`, …) too: 300 B less. The wasm
// is rewritten section by section (only the import and export names
// change) and its integrity hash renewed.
const leb = (bytes, at) => {
  let value = 0;
  let shift = 0;
  for (;;) {
    const b = bytes[at++];
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if (b < 0x80) return [value, at];
  }
};
const unsignedLeb = (value) => {
  const out = [];
  do {
    let b = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) b |= 0x80;
    out.push(b);
  } while (value > 0);
  return Buffer.from(out);
};
const wasmName = (text) => Buffer.concat([unsignedLeb(Buffer.byteLength(text)), Buffer.from(text)]);
/** The wasm `bytes` with its function imports from `module` and its
 * function exports named with a hash renamed; the maps old → new name of
 * the imports and of the exports. */
const shortNames = (bytes, module, renames) => {
  const renamed = new Map();
  const exported = new Map();
  const out = [bytes.subarray(0, 8)];
  const text = (from) => {
    const [n, s] = leb(bytes, from);
    return [bytes.subarray(s, s + n).toString('utf8'), s + n];
  };
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at];
    const [size, start] = leb(bytes, at + 1);
    const end = start + size;
    if (id === 7) {
      let [count, p] = leb(bytes, start);
      const parts = [unsignedLeb(count)];
      while (count-- > 0) {
        const [field, afterField] = text(p);
        // The export's kind and index, copied as is.
        const [, q] = leb(bytes, afterField + 1);
        let name = field;
        if (renames(field)) {
          name = `e${exported.size.toString(36)}`;
          exported.set(field, name);
        }
        parts.push(wasmName(name), bytes.subarray(afterField, q));
        p = q;
      }
      const payload = Buffer.concat(parts);
      out.push(Buffer.from([7]), unsignedLeb(payload.length), payload);
      at = end;
      continue;
    }
    if (id !== 2) {
      out.push(bytes.subarray(at, end));
      at = end;
      continue;
    }
    let [count, p] = leb(bytes, start);
    const parts = [unsignedLeb(count)];
    while (count-- > 0) {
      const [mod, afterModule] = text(p);
      const [field, afterField] = text(afterModule);
      const kind = bytes[afterField];
      // The import's description: a type index for a function; copied as is.
      let q = afterField + 1;
      if (kind === 0) [, q] = leb(bytes, q);
      else if (kind === 1) q = limitsEnd(bytes, q + 1);
      else if (kind === 2) q = limitsEnd(bytes, q);
      else if (kind === 3) q += 2;
      else if (kind === 4) [, q] = leb(bytes, q + 1);
      else throw new Error(`unknown import kind ${kind}`);
      let name = field;
      if (mod === module && kind === 0) {
        name = `q${renamed.size.toString(36)}`;
        renamed.set(field, name);
      }
      parts.push(wasmName(mod), wasmName(name), bytes.subarray(afterField, q));
      p = q;
    }
    const payload = Buffer.concat(parts);
    out.push(Buffer.from([2]), unsignedLeb(payload.length), payload);
    at = end;
  }
  return [Buffer.concat(out), renamed, exported];
};
const limitsEnd = (bytes, at) => {
  const flags = bytes[at];
  let [, q] = leb(bytes, at + 1);
  if (flags & 1) [, q] = leb(bytes, q);
  return q;
};
const sri = (data) => `sha384-${createHash('sha384').update(data).digest('base64')}`;
{
  const path = join(staging, glue);
  const original = readFileSync(path, 'utf8');
  const wasmPath = join(staging, wasm);
  const wasmBytes = readFileSync(wasmPath);
  let trimmed = unusedClasses(original);
  // An export's name may begin another's (`…_h16e5…f08`, `…_h16e5…f08_13`):
  // whole words only. Those the glue does not name keep theirs.
  const word = (name) => new RegExp(`\\b${name}\\b`, 'g');
  const [shorter, renamed, exported] = shortNames(
    wasmBytes,
    './qili-site_bg.js',
    (name) => /^__|__h[0-9a-f]{16}/.test(name) && word(name).test(trimmed),
  );
  for (const [long, short] of renamed) {
    const uses = trimmed.split(long).length - 1;
    if (uses !== 1) {
      console.error(`post_build.mjs: the import ${long} is named ${uses} times in ${glue}, not once`);
      process.exit(1);
    }
    trimmed = trimmed.replace(long, short);
  }
  for (const [long, short] of exported) trimmed = trimmed.replace(word(long), short);
  const indexPath = join(staging, 'index.html');
  const page = readFileSync(indexPath, 'utf8');
  if (!page.includes(sri(wasmBytes))) {
    console.error(`post_build.mjs: index.html has no integrity hash for ${wasm}`);
    process.exit(1);
  }
  writeFileSync(wasmPath, shorter);
  writeFileSync(indexPath, page.replace(sri(wasmBytes), sri(shorter)));
  if (trimmed.includes('IntoUnderlying')) {
    console.error(`post_build.mjs: ${glue} still uses the IntoUnderlying* classes after removing them`);
    process.exit(1);
  }
  const { code } = await minify(trimmed, { module: true, compress: true, mangle: true });
  const index = readFileSync(join(staging, 'index.html'), 'utf8');
  if (!index.includes(sri(original))) {
    console.error(`post_build.mjs: index.html has no integrity hash for ${glue}`);
    process.exit(1);
  }
  writeFileSync(path, code);
  writeFileSync(join(staging, 'index.html'), index.replace(sri(original), sri(code)));
}
const styles = built.filter((f) => /^style-[0-9a-f]+\.css$/.test(f));
if (styles.length !== 1) {
  console.error(`post_build.mjs: expected one style-*.css, found: ${styles.join(', ') || 'none'}`);
  process.exit(1);
}

// The record panel's code, named after its content like Trunk's files (the
// worker it starts has a fixed name: Trunk does not hash workers).
// Its loader is written here rather than by Trunk's data-loader-shim, which
// calls the glue's init with a deprecated bare path.
one(/^qili-records-worker\.js$/, 'record reader worker glue (qili-records-worker.js)');
one(/^qili-records-worker_bg\.wasm$/, 'record reader worker wasm (qili-records-worker_bg.wasm)');
writeFileSync(
  join(staging, 'qili-records-worker_loader.js'),
  "importScripts('./qili-records-worker.js');\nwasm_bindgen({ module_or_path: './qili-records-worker_bg.wasm' });\n",
);
// The saved studies: a no-modules glue that embed.js loads on the page (as a
// classic script defining the global wasm_bindgen) when a page needs it.
one(/^qili-studies\.js$/, 'saved studies glue (qili-studies.js)');
one(/^qili-studies_bg\.wasm$/, 'saved studies wasm (qili-studies_bg.wasm)');
// The widgets' module (crates/qili-widget) and the Export menu's
// (crates/qili-export), named after their content like the site's files:
// pages of other sites cache them, and without the service worker a new glue
// must never meet an old wasm. Their glue, an ES module (which Trunk fails to
// minify), takes the wasm's name from its loader.
const hashedModule = async (name) => {
  const glueName = one(new RegExp(`^${name}\\.js$`), `${name} glue (${name}.js)`);
  const wasmName = one(new RegExp(`^${name}_bg\\.wasm$`), `${name} wasm (${name}_bg.wasm)`);
  const { code } = await minify(unusedClasses(readFileSync(join(staging, glueName), 'utf8')), {
    module: true,
    compress: true,
    mangle: true,
  });
  const id = createHash('sha256').update(code).update(readFileSync(join(staging, wasmName))).digest('hex').slice(0, 16);
  const names = { glue: `${name}-${id}.js`, wasm: `${name}-${id}_bg.wasm` };
  writeFileSync(join(staging, names.glue), code);
  unlinkSync(join(staging, glueName));
  renameSync(join(staging, wasmName), join(staging, names.wasm));
  return names;
};
const widget = await hashedModule('qili-widget');
const exporter = await hashedModule('qili-export');
const arbiter = await hashedModule('qili-arbiter');
const fill = (template, values) =>
  Object.entries(values).reduce((text, [key, value]) => {
    if (!text.includes(key)) throw new Error(`placeholder ${key} missing from template`);
    return text.split(key).join(value);
  }, template);

// A file of site/ copied as <name>-<hash>.js (imported on first use), its
// placeholders filled (see `fill` below).
const hashedCopy = (source, name, values = {}) => {
  const text = fill(readFileSync(join(root, source), 'utf8'), values);
  const hashed = `${name}-${createHash('sha256').update(text).digest('hex').slice(0, 16)}.js`;
  writeFileSync(join(staging, hashed), text);
  return hashed;
};
const records = hashedCopy('site/records.js', 'records');
// The line view (issue 21), imported by the Export menu's code.
const lineView = hashedCopy('site/line.js', 'line');
const exportMenu = hashedCopy('site/export.js', 'export', {
  __QILI_EXPORT_GLUE__: exporter.glue,
  __QILI_EXPORT_WASM__: exporter.wasm,
  __QILI_LINE__: lineView,
});

// The loader and the service worker are part of the first load: both ship
// minified (classic scripts, not modules; their top-level names, such as
// the service worker's BUILD, which the tests read, are kept).
const minified = async (text) => (await minify(text, { compress: true, mangle: true })).code + '\n';

writeFileSync(
  join(staging, 'embed.js'),
  await minified(
    fill(readFileSync(join(root, 'site/embed.js'), 'utf8'), {
      __QILI_GLUE__: glue,
      __QILI_WASM__: wasm,
      __QILI_STYLES__: JSON.stringify(styles),
      __QILI_RECORDS__: records,
      __QILI_WIDGET_GLUE__: widget.glue,
      __QILI_WIDGET_WASM__: widget.wasm,
      __QILI_EXPORT__: exportMenu,
      __QILI_ARBITER_GLUE__: arbiter.glue,
      __QILI_ARBITER_WASM__: arbiter.wasm,
    }),
  ),
);

// Everything, embed.js included; sw.js itself is not cached (the browser
// checks it for updates). './' is the start page (index.html).
const assets = files(staging)
  .filter((f) => f !== 'sw.js' && !f.startsWith('.'))
  .sort();
const hash = createHash('sha256');
for (const f of assets) hash.update(f).update('\0').update(readFileSync(join(staging, f)));
const build = hash.digest('hex').slice(0, 16);
writeFileSync(
  join(staging, 'sw.js'),
  await minified(
    fill(readFileSync(join(root, 'site/sw.js'), 'utf8'), {
      __QILI_BUILD__: build,
      __QILI_ASSETS__: JSON.stringify(['./', ...assets]),
    }),
  ),
);
console.log(`post_build.mjs: build ${build}, ${assets.length} files precached, loader for ${glue}`);
