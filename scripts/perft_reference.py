#!/usr/bin/env python3
"""Reference perft counts from Fairy-Stockfish, an independent implementation.

Usage: perft_reference.py MAX_NODES [--jobs N] [--engine pyffish|ffish] < fens.txt
       (append the output to crates/qili/tests/data/perft.txt)

Each input line is a FEN (`#` lines and blank lines are skipped); each output
line is `FEN; n1; n2; ...` for increasing depth, stopping after the first
depth whose count times 40 exceeds MAX_NODES (so the next depth would be about
MAX_NODES). Output is in input order; --jobs runs several positions at once.

Engines (both Fairy-Stockfish):
  pyffish  the Python binding (default), by `pyffish.legal_moves` recursion.
           It re-initialises the variant on every call (about a millisecond),
           so it suits counts up to a few hundred thousand.
  ffish    the WebAssembly build (npm ffish-es6, run by Node.js), by
           push/pop recursion counting `numberLegalMoves()` at the last ply:
           a few million leaves a second, so deep counts are in reach.
           Installed into target/bench-wasm like scripts/bench_wasm.sh does.
"""
import argparse
import os
import subprocess
import sys
from multiprocessing import Pool

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FFISH_VERSION = "0.7.10"
FFISH_DIR = os.path.join(ROOT, "target", "bench-wasm", "node_modules", "ffish-es6")

# argv: FEN, MAX_NODES; prints the counts separated by "; " (Node.js, ES module).
FFISH_SCRIPT = r"""
import fs from "node:fs";
import { pathToFileURL } from "node:url";
const dir = process.env.FFISH_DIR;
const Module = (await import(pathToFileURL(dir + "/ffish.js").href)).default;
const ff = await Module({ wasmBinary: fs.readFileSync(dir + "/ffish.wasm") });
const [fen, limit] = [process.env.PERFT_FEN, Number(process.env.PERFT_LIMIT)];
const board = new ff.Board("xiangqi", fen);
function perft(depth) {
  if (depth === 1) return board.numberLegalMoves();
  let n = 0;
  for (const m of board.legalMoves().split(" ").filter((m) => m)) {
    board.push(m);
    n += perft(depth - 1);
    board.pop();
  }
  return n;
}
const counts = [];
for (let depth = 1; ; depth++) {
  const n = perft(depth);
  counts.push(n);
  if (n * 40 > limit || n === 0) break;
}
console.log(counts.join("; "));
"""


def pyffish_perft(fen, moves, depth):
    import pyffish as sf

    legal = sf.legal_moves("xiangqi", fen, moves)
    if depth == 1:
        return len(legal)
    return sum(pyffish_perft(fen, moves + [m], depth - 1) for m in legal)


def counts_for(job):
    engine, fen, limit = job
    if engine == "ffish":
        out = subprocess.run(
            ["node", "--input-type=module", "-e", FFISH_SCRIPT],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "FFISH_DIR": FFISH_DIR, "PERFT_FEN": fen, "PERFT_LIMIT": str(limit)},
        )
        return f"{fen}; {out.stdout.strip()}"
    counts = []
    depth = 1
    while True:
        n = pyffish_perft(fen, [], depth)
        counts.append(n)
        if n * 40 > limit or n == 0:
            break
        depth += 1
    return "; ".join([fen] + [str(c) for c in counts])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("limit", type=int, help="stop when the next depth would exceed about this many nodes")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--engine", choices=["pyffish", "ffish"], default="pyffish")
    args = ap.parse_args()
    if args.engine == "ffish" and not os.path.exists(os.path.join(FFISH_DIR, "ffish.wasm")):
        scratch = os.path.join(ROOT, "target", "bench-wasm")
        os.makedirs(scratch, exist_ok=True)
        subprocess.run(
            ["npm", "install", "--silent", "--no-save", "--no-package-lock", "--prefix", scratch, f"ffish-es6@{FFISH_VERSION}"],
            check=True,
        )
    fens = [l.strip() for l in sys.stdin if l.strip() and not l.startswith("#")]
    with Pool(args.jobs) as pool:
        for line in pool.imap(counts_for, [(args.engine, f, args.limit) for f in fens]):
            print(line, flush=True)


if __name__ == "__main__":
    main()
