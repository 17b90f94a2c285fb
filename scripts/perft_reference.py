#!/usr/bin/env python3
"""Reference perft counts from Fairy-Stockfish (pyffish), an independent implementation.

Usage: perft_reference.py MAX_NODES [--jobs N] < fens.txt  >> crates/qili/tests/data/perft.txt

Each input line is a FEN (`#` lines and blank lines are skipped); each output
line is `FEN; n1; n2; ...` for increasing depth, stopping after the first
depth whose count times 40 exceeds MAX_NODES (so the next depth would be about
MAX_NODES). Output is in input order. pyffish takes about a millisecond per
call, so counts of a few million leaves take minutes; --jobs runs several
positions at once.
"""
import argparse
import sys
from multiprocessing import Pool

import pyffish as sf


def perft(fen, moves, depth):
    legal = sf.legal_moves("xiangqi", fen, moves)
    if depth == 1:
        return len(legal)
    return sum(perft(fen, moves + [m], depth - 1) for m in legal)


def counts_for(job):
    fen, limit = job
    counts = []
    depth = 1
    while True:
        n = perft(fen, [], depth)
        counts.append(n)
        if n * 40 > limit or n == 0:
            break
        depth += 1
    return "; ".join([fen] + [str(c) for c in counts])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("limit", type=int)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    fens = [l.strip() for l in sys.stdin if l.strip() and not l.startswith("#")]
    with Pool(args.jobs) as pool:
        for line in pool.imap(counts_for, [(f, args.limit) for f in fens]):
            print(line, flush=True)


if __name__ == "__main__":
    main()
