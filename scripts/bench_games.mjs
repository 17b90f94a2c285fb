// Whole games: Qili labelling every move and ruling the game, next to
// Fairy-Stockfish (ffish-es6) merely detecting the end of the game at every
// ply, in the same Node.js, on the same games.
//
// Usage: node scripts/bench_games.mjs QILI_PKG FFISH_DIR QILI_CLI CORPUS [GAMES]
//   QILI_PKG   the JS API's Node package (scripts/build_npm.sh: target/npm/qili)
//   FFISH_DIR  an installed ffish-es6 package (holds ffish.js and ffish.wasm)
//   QILI_CLI   the release `qili` binary (for the native batch)
//   CORPUS     ../shared/corpus/games.jsonl.gz
//   GAMES      how many repetition games the first table uses (default 300)
// QILI_BENCH_FIRST_ONLY=1 prints the first table only (a quick look).
// scripts/bench_games.sh builds and installs everything and calls this.
//
// The games are those of the corpus in which a position occurs three times,
// cut at that third occurrence (as scripts/corpus_repetitions.py judges them).
// Qili: one `adjudicate(rules, fen, moves)` per game through the JS API, which
// labels every move (将/杀/捉/闲), finds the cycle and rules on it under the
// chosen edition and, for `by_edition`, the two others. Native: `qili
// adjudicate --cases` on the same games as one JSON-lines batch (process start
// and JSON output included). Fairy-Stockfish: `push(move)`, `isGameOver(true)`
// and `result(true)` at every ply — its repetition check, with no labels.
// Prints Markdown: one table for the first GAMES games (with the ratios the
// issue asks for) and one for the whole corpus under each edition.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const [qiliPkg, ffishDir, qiliCli, corpus, gamesArg] = process.argv.slice(2);
if (!qiliPkg || !ffishDir || !qiliCli || !corpus) {
  console.error("usage: node bench_games.mjs QILI_PKG FFISH_DIR QILI_CLI CORPUS [GAMES]");
  process.exit(2);
}
const FIRST = Number(gamesArg ?? 300);
const RULES = ["axf", "cxa1999", "cxa2020"];

/** Every repetition game of the corpus, cut at the third occurrence. */
function repetitionGames() {
  const text = zlib.gunzipSync(fs.readFileSync(corpus)).toString("utf8");
  const games = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    const g = JSON.parse(line);
    if ((g.rep_max ?? 0) >= 3 && g.rep3_ply) {
      const moves = g.moves.slice(0, g.rep3_ply);
      games.push({ id: g.id, fen: g.fen, moves, uciMoves: moves.map(uci) });
    }
  }
  return games;
}

const plies = (games) => games.reduce((n, g) => n + g.moves.length, 0);

function seconds(f) {
  const t = process.hrtime.bigint();
  f();
  return Number(process.hrtime.bigint() - t) / 1e9;
}

const qili = createRequire(import.meta.url)(path.resolve(qiliPkg));

/** Qili through the JS API: every game adjudicated; the moves labelled are checked. */
function qiliWasm(games, rules) {
  let labelled = 0;
  const s = seconds(() => {
    for (const g of games) {
      const report = qili.adjudicate(rules, g.fen, g.moves);
      labelled += report.moves.filter((m) => m.label).length;
    }
  });
  if (labelled !== plies(games)) {
    throw new Error(`qili (wasm, ${rules}) labelled ${labelled} of ${plies(games)} moves`);
  }
  return s;
}

/** Qili's command line on the games as one batch. */
function qiliNative(games, rules) {
  const file = path.join(os.tmpdir(), `qili-bench-games-${process.pid}.jsonl`);
  const lines = games.map(({ id, fen, moves }) => JSON.stringify({ id, fen, moves }));
  fs.writeFileSync(file, lines.join("\n") + "\n");
  let out = "";
  const s = seconds(() => {
    out = execFileSync(qiliCli, ["adjudicate", "--rules", rules, "--cases", file], {
      maxBuffer: 1 << 30,
    }).toString("utf8");
  });
  fs.unlinkSync(file);
  const labelled = out
    .split("\n")
    .filter((l) => l.trim())
    .reduce((n, l) => n + JSON.parse(l).moves.filter((m) => m.label).length, 0);
  if (labelled !== plies(games)) {
    throw new Error(`qili (native, ${rules}) labelled ${labelled} of ${plies(games)} moves`);
  }
  return s;
}

const ffishJs = pathToFileURL(path.join(ffishDir, "ffish.js")).href;
const Module = (await import(ffishJs)).default;
const ffish = await Module({ wasmBinary: fs.readFileSync(path.join(ffishDir, "ffish.wasm")) });

/** An ICCS move (ranks 0–9) as Fairy-Stockfish writes it (ranks 1–10). */
const uci = (m) => `${m[0]}${Number(m[1]) + 1}${m[2]}${Number(m[3]) + 1}`;

/** Fairy-Stockfish: push, isGameOver and result at every ply. */
function ffishGames(games) {
  let pushed = 0;
  const s = seconds(() => {
    for (const g of games) {
      const board = new ffish.Board("xiangqi", g.fen);
      for (const m of g.uciMoves) {
        if (board.push(m)) pushed++;
        board.isGameOver(true);
        board.result(true);
      }
      board.delete();
    }
  });
  if (pushed !== plies(games)) throw new Error(`ffish pushed ${pushed} of ${plies(games)} moves`);
  return s;
}

const best = (runs, f) => Math.min(...Array.from({ length: runs }, f));
const rate = (n, s) => Math.round(n / s).toLocaleString("en-US");
const ratio = (a, b) => `${(b / a).toFixed(2)}×`;

const all = repetitionGames();
const first = all.slice(0, FIRST);
const n = plies(first);

// Warm both engines up (JIT, Wasm compilation) before timing anything.
qiliWasm(first.slice(0, 20), "axf");
ffishGames(first.slice(0, 20));

const ff = best(3, () => ffishGames(first));
console.log(`### The first ${first.length} repetition games (${n.toLocaleString("en-US")} moves)\n`);
console.log("| engine | rules | seconds | moves/s | vs Fairy-Stockfish |");
console.log("|---|---|---:|---:|---:|");
console.log(`| Fairy-Stockfish (ffish-es6, Wasm): push + isGameOver + result | — | ${ff.toFixed(3)} | ${rate(n, ff)} | 1.00× |`);
for (const rules of RULES) {
  const w = best(3, () => qiliWasm(first, rules));
  console.log(`| Qili Wasm (JS API adjudicate) | ${rules} | ${w.toFixed(3)} | ${rate(n, w)} | ${ratio(w, ff)} |`);
}
for (const rules of RULES) {
  const c = best(3, () => qiliNative(first, rules));
  console.log(`| Qili native (qili adjudicate --cases) | ${rules} | ${c.toFixed(3)} | ${rate(n, c)} | ${ratio(c, ff)} |`);
}

if (process.env.QILI_BENCH_FIRST_ONLY) process.exit(0);
const total = plies(all);
console.log(`\n### The whole corpus: ${all.length.toLocaleString("en-US")} repetition games (${total.toLocaleString("en-US")} moves)\n`);
console.log("| rules | Qili native moves/s | Qili Wasm moves/s |");
console.log("|---|---:|---:|");
for (const rules of RULES) {
  const c = qiliNative(all, rules);
  const w = qiliWasm(all, rules);
  console.log(`| ${rules} | ${rate(total, c)} | ${rate(total, w)} |`);
}
