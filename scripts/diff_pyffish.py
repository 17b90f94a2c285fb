#!/usr/bin/env python3
"""Differential test of qili's legal moves and check detection against
Fairy-Stockfish, an independent implementation.

Positions come from real games (/work/shared/corpus/games.jsonl.gz: gzip JSON
lines with `fen` and `moves` in ICCS). The games are replayed by qili's
`legal_moves` example, which prints every position on the way with its check
status and legal moves; each distinct position (placement and side to move) is
then compared with Fairy-Stockfish's legal moves and check status.

    python3 scripts/diff_pyffish.py --limit 3000          # quick run (test suite)
    python3 scripts/diff_pyffish.py --limit 1000000 --engine ffish --jobs 2

Engines (both are Fairy-Stockfish):
  pyffish  the Python binding: `pyffish.legal_moves` and `pyffish.gives_check`
           (default). It re-initialises the variant on every call, about a
           millisecond, so it manages a few hundred positions a second.
  ffish    the WebAssembly build (npm ffish-es6, run by Node.js): `Board.setFen`,
           `legalMoves`, `isCheck`; about 20 microseconds a position. Installed
           into target/bench-wasm like scripts/bench_wasm.sh does.

Exits 1 if any position differs (each one is printed with its FEN and the
moves found by one side only), 0 otherwise.
"""
import argparse
import gzip
import json
import os
import subprocess
import sys
import time
from multiprocessing import Pool

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_CORPUS = "/work/shared/corpus/games.jsonl.gz"
VARIANT = "xiangqi"
GAMES_PER_BATCH = 200
POSITIONS_PER_TASK = {"pyffish": 500, "ffish": 20000}
FFISH_VERSION = "0.7.10"
FFISH_DIR = os.path.join(ROOT, "target", "bench-wasm", "node_modules", "ffish-es6")

# Reads FENs on stdin, writes `1|0 <tab> legal moves` per FEN (Node.js, ES module).
FFISH_SCRIPT = r"""
import fs from "node:fs";
import readline from "node:readline";
import { pathToFileURL } from "node:url";
const dir = process.env.FFISH_DIR;
const Module = (await import(pathToFileURL(dir + "/ffish.js").href)).default;
const ff = await Module({ wasmBinary: fs.readFileSync(dir + "/ffish.wasm") });
const board = new ff.Board("xiangqi");
const out = [];
for await (const fen of readline.createInterface({ input: process.stdin })) {
  board.setFen(fen);
  out.push((board.isCheck() ? "1" : "0") + "\t" + board.legalMoves());
}
process.stdout.write(out.join("\n") + "\n");
"""


def build_binary():
    subprocess.run(
        ["cargo", "build", "--quiet", "--release", "-p", "qili", "--example", "legal_moves"],
        cwd=ROOT,
        check=True,
    )
    return os.path.join(ROOT, "target", "release", "examples", "legal_moves")


def read_games(path, stride):
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for i, line in enumerate(f):
            if i % stride == 0 and line.strip():
                game = json.loads(line)
                yield game["fen"], game.get("moves", [])


def replay(binary, games, stats):
    """Yields (fen, in_check, moves) for every position of the games, as qili sees them."""
    batch = []

    def run(batch):
        text = "".join(f"{fen} moves {' '.join(moves)}\n" for fen, moves in batch)
        out = subprocess.run([binary], input=text, capture_output=True, text=True, check=True)
        for line in out.stdout.splitlines():
            if line == ".":
                stats["games"] += 1
                continue
            kind, _, rest = line.partition("\t")
            if kind == "illegal":
                stats["illegal"] += 1
            elif kind == "error":
                stats["bad_fen"] += 1
            else:
                check, _, moves = rest.partition("\t")
                stats["plies"] += 1
                yield kind, check == "1", moves

    for game in games:
        batch.append(game)
        if len(batch) == GAMES_PER_BATCH:
            yield from run(batch)
            batch = []
    if batch:
        yield from run(batch)


def distinct(positions, limit, stats):
    seen = set()
    for fen, check, moves in positions:
        key = hash(" ".join(fen.split()[:2]))
        if key in seen:
            continue
        seen.add(key)
        yield fen, check, moves
        if len(seen) >= limit:
            return


def chunks(it, n):
    chunk = []
    for x in it:
        chunk.append(x)
        if len(chunk) == n:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def install_ffish():
    if not os.path.exists(os.path.join(FFISH_DIR, "ffish.wasm")):
        scratch = os.path.join(ROOT, "target", "bench-wasm")
        os.makedirs(scratch, exist_ok=True)
        subprocess.run(
            ["npm", "install", "--silent", "--no-save", "--no-package-lock", "--prefix", scratch, f"ffish-es6@{FFISH_VERSION}"],
            check=True,
        )


def reference(engine, fens):
    """(in_check, set of legal moves) for each FEN, from Fairy-Stockfish."""
    if engine == "ffish":
        out = subprocess.run(
            ["node", "--input-type=module", "-e", FFISH_SCRIPT],
            input="".join(f + "\n" for f in fens),
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "FFISH_DIR": FFISH_DIR},
        ).stdout.splitlines()
        assert len(out) == len(fens), "ffish gave the wrong number of answers"
        return [(c == "1", set(m.split())) for c, _, m in (line.partition("\t") for line in out)]
    import pyffish as sf

    return [(bool(sf.gives_check(VARIANT, f, [])), set(sf.legal_moves(VARIANT, f, []))) for f in fens]


def compare(task):
    """The positions of the chunk on which Fairy-Stockfish disagrees, with the difference."""
    engine, chunk = task
    bad = []
    answers = reference(engine, [fen for fen, _, _ in chunk])
    for (fen, check, moves), (their_check, theirs) in zip(chunk, answers):
        ours = set(moves.split())
        if ours != theirs or check != their_check:
            bad.append((fen, sorted(ours - theirs), sorted(theirs - ours), check, their_check))
    return len(chunk), bad


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--limit", type=int, default=3000, help="distinct positions to compare (default 3000)")
    ap.add_argument("--corpus", default=DEFAULT_CORPUS, help="gzip JSON lines with fen and moves")
    ap.add_argument("--stride", type=int, default=1, help="use every STRIDE-th game (default 1)")
    ap.add_argument("--engine", choices=["pyffish", "ffish"], default="pyffish", help="Fairy-Stockfish build to compare with")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    ap.add_argument("--binary", help="a built legal_moves example (default: build it with cargo)")
    ap.add_argument("--show", type=int, default=20, help="mismatches printed in full (default 20)")
    args = ap.parse_args()

    binary = args.binary or build_binary()
    if args.engine == "ffish":
        install_ffish()
    stats = {"games": 0, "plies": 0, "illegal": 0, "bad_fen": 0}
    work = chunks(
        distinct(replay(binary, read_games(args.corpus, args.stride), stats), args.limit, stats),
        POSITIONS_PER_TASK[args.engine],
    )
    compared = 0
    mismatches = []
    start = time.time()
    next_report = 50_000
    with Pool(args.jobs) as pool:
        for n, bad in pool.imap(compare, ((args.engine, chunk) for chunk in work)):
            compared += n
            for b in bad:
                if len(mismatches) < args.show:
                    fen, only_ours, only_theirs, check, their_check = b
                    print(f"MISMATCH {fen}", flush=True)
                    if only_ours:
                        print(f"  only qili:    {' '.join(only_ours)}")
                    if only_theirs:
                        print(f"  only {args.engine}: {' '.join(only_theirs)}")
                    if check != their_check:
                        print(f"  in check: qili {check}, {args.engine} {their_check}")
                mismatches.append(b)
            if compared >= next_report:
                rate = compared / (time.time() - start)
                print(f"... {compared} positions, {len(mismatches)} mismatches, {rate:.0f}/s", file=sys.stderr, flush=True)
                next_report += 50_000

    if args.engine == "pyffish":
        version = "pyffish " + ".".join(map(str, __import__("pyffish").version()))
    else:
        version = f"ffish-es6 {FFISH_VERSION}"
    print(
        f"{compared} distinct positions compared with {version} "
        f"(from {stats['games']} games, {stats['plies']} positions replayed"
        f"{f', every {args.stride}th game' if args.stride > 1 else ''}); "
        f"{len(mismatches)} mismatches"
    )
    if stats["illegal"] or stats["bad_fen"]:
        print(
            f"note: {stats['illegal']} games stopped at a move qili finds illegal, "
            f"{stats['bad_fen']} games with an unusable FEN (the positions before were compared)"
        )
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
