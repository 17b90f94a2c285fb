#!/usr/bin/env python3
"""Differential test of qili's legal moves and check detection against
Fairy-Stockfish (pyffish), an independent implementation.

Positions come from real games (/work/shared/corpus/games.jsonl.gz: gzip JSON
lines with `fen` and `moves` in ICCS). The games are replayed by qili's
`legal_moves` example, which prints every position on the way with its check
status and legal moves; each distinct position (placement and side to move) is
then compared with `pyffish.legal_moves` and `pyffish.gives_check`.

    python3 scripts/diff_pyffish.py --limit 3000          # quick run (test suite)
    python3 scripts/diff_pyffish.py --limit 1000000 --jobs 2

Exits 1 if any position differs (each one is printed with its FEN and the
moves found by one side only), 0 otherwise. pyffish answers in about a
millisecond per call, so a million positions take about an hour per job.
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
POSITIONS_PER_TASK = 500


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


def compare(chunk):
    """The positions of `chunk` on which pyffish disagrees, with the difference."""
    import pyffish as sf

    bad = []
    for fen, check, moves in chunk:
        ours = set(moves.split())
        theirs = set(sf.legal_moves(VARIANT, fen, []))
        their_check = bool(sf.gives_check(VARIANT, fen, []))
        if ours != theirs or check != their_check:
            bad.append((fen, sorted(ours - theirs), sorted(theirs - ours), check, their_check))
    return len(chunk), bad


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--limit", type=int, default=3000, help="distinct positions to compare (default 3000)")
    ap.add_argument("--corpus", default=DEFAULT_CORPUS, help="gzip JSON lines with fen and moves")
    ap.add_argument("--stride", type=int, default=1, help="use every STRIDE-th game (default 1)")
    ap.add_argument("--jobs", type=int, default=1, help="pyffish worker processes (default 1)")
    ap.add_argument("--binary", help="a built legal_moves example (default: build it with cargo)")
    ap.add_argument("--show", type=int, default=20, help="mismatches printed in full (default 20)")
    args = ap.parse_args()

    binary = args.binary or build_binary()
    stats = {"games": 0, "plies": 0, "illegal": 0, "bad_fen": 0}
    work = chunks(
        distinct(replay(binary, read_games(args.corpus, args.stride), stats), args.limit, stats),
        POSITIONS_PER_TASK,
    )
    compared = 0
    mismatches = []
    start = time.time()
    next_report = 50_000
    with Pool(args.jobs) as pool:
        for n, bad in pool.imap(compare, work):
            compared += n
            for b in bad:
                if len(mismatches) < args.show:
                    fen, only_ours, only_theirs, check, their_check = b
                    print(f"MISMATCH {fen}")
                    if only_ours:
                        print(f"  only qili:    {' '.join(only_ours)}")
                    if only_theirs:
                        print(f"  only pyffish: {' '.join(only_theirs)}")
                    if check != their_check:
                        print(f"  in check: qili {check}, pyffish {their_check}")
                mismatches.append(b)
            if compared >= next_report:
                rate = compared / (time.time() - start)
                print(f"... {compared} positions, {len(mismatches)} mismatches, {rate:.0f}/s", file=sys.stderr, flush=True)
                next_report += 50_000

    print(
        f"{compared} distinct positions compared with pyffish {'.'.join(map(str, __import__('pyffish').version()))} "
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
