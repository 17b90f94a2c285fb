// Perft speed of qili compiled to WebAssembly next to ffish-es6 (Fairy-Stockfish
// compiled to WebAssembly), both under the same Node.js.
//
// Usage: node scripts/bench_wasm.mjs QILI_WASM FFISH_DIR [RUNS]
//   QILI_WASM  the module built from crates/qili/examples/wasm_perft.rs
//   FFISH_DIR  an installed ffish-es6 package (holds ffish.js and ffish.wasm)
//   RUNS       timed runs per measurement, the fastest is reported (default 3)
// scripts/bench_wasm.sh builds and installs both and calls this.
//
// Both count the leaves of the legal move tree with the last ply bulk-counted:
// qili through Position::perft, ffish through Board.push/pop recursion with
// Board.numberLegalMoves() at the last ply (ffish has no perft of its own).

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [qiliWasm, ffishDir, runsArg] = process.argv.slice(2);
if (!qiliWasm || !ffishDir) {
  console.error("usage: node bench_wasm.mjs QILI_WASM FFISH_DIR [RUNS]");
  process.exit(2);
}
const RUNS = Number(runsArg ?? 3);

// Same positions, in the same order, as the CASES of wasm_perft.rs.
const CASES = [
  {
    name: "start",
    fen: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    counts: [1, 44, 1920, 79666, 3290240, 133312995],
  },
  {
    name: "middlegame",
    fen: "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w - - 0 1",
    counts: [1, 52, 2049, 101920, 4027261],
  },
];

function best(runs, f) {
  let bestMs = Infinity;
  let result;
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    result = f();
    const ms = Number(process.hrtime.bigint() - t) / 1e6;
    bestMs = Math.min(bestMs, ms);
  }
  return { result, ms: bestMs };
}

function report(engine, c, depth, { result, ms }) {
  const expected = c.counts[depth];
  if (result !== expected) {
    console.error(`${engine} ${c.name} perft ${depth}: got ${result}, expected ${expected}`);
    process.exit(1);
  }
  const mnps = result / ms / 1e3;
  console.log(
    `${engine.padEnd(10)} ${c.name.padEnd(11)} perft ${depth} = ${String(result).padStart(10)}` +
      `  best of ${RUNS}: ${(ms / 1e3).toFixed(3)} s  ${mnps.toFixed(2)} M nodes/s`,
  );
  return mnps;
}

const { instance } = await WebAssembly.instantiate(fs.readFileSync(qiliWasm));
const qili = instance.exports;

const ffishJs = pathToFileURL(path.join(ffishDir, "ffish.js")).href;
const Module = (await import(ffishJs)).default;
const ffish = await Module({ wasmBinary: fs.readFileSync(path.join(ffishDir, "ffish.wasm")) });

function ffishPerft(board, depth) {
  if (depth === 1) return board.numberLegalMoves();
  const moves = board.legalMoves().split(" ").filter((m) => m);
  let n = 0;
  for (const m of moves) {
    board.push(m);
    n += ffishPerft(board, depth - 1);
    board.pop();
  }
  return n;
}

// qili runs one ply deeper where that keeps the run short.
const plan = [
  { c: 0, qiliDepth: 5, ffishDepth: 4 },
  { c: 1, qiliDepth: 4, ffishDepth: 4 },
];
for (const { c, qiliDepth, ffishDepth } of plan) {
  const cs = CASES[c];
  const q = report("qili", cs, qiliDepth, best(RUNS, () => qili.perft_case(c, qiliDepth)));
  const board = new ffish.Board("xiangqi", cs.fen);
  const f = report("ffish-es6", cs, ffishDepth, best(RUNS, () => ffishPerft(board, ffishDepth)));
  board.delete();
  console.log(`ratio      ${cs.name.padEnd(11)} qili / ffish-es6 = ${(q / f).toFixed(1)}x`);
}
