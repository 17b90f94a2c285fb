#!/usr/bin/env python3
"""Reference perft counts from Fairy-Stockfish (pyffish), an independent implementation.

Usage: perft_reference.py MAX_NODES < fens.txt  >> crates/qili/tests/data/perft.txt
Each input line is a FEN; each output line is `FEN; n1; n2; ...` for increasing depth
while the count stays below MAX_NODES.
"""
import sys

import pyffish as sf


def perft(fen, moves, depth):
    legal = sf.legal_moves("xiangqi", fen, moves)
    if depth == 1:
        return len(legal)
    return sum(perft(fen, moves + [m], depth - 1) for m in legal)


def main():
    limit = int(sys.argv[1])
    for line in sys.stdin:
        fen = line.strip()
        if not fen or fen.startswith("#"):
            continue
        counts = []
        depth = 1
        while True:
            n = perft(fen, [], depth)
            counts.append(n)
            if n * 40 > limit or n == 0:
                break
            depth += 1
        print("; ".join([fen] + [str(c) for c in counts]), flush=True)


if __name__ == "__main__":
    main()
