#!/usr/bin/env python3
"""The AXF rulebook cases, each with one bystander removed: Qili against Fairy-Stockfish.

The visible cases are few, and the cases run against the CLI later are other
diagrams. An engine tuned to the visible ones would judge a slightly different
board differently from a general one; this puts that to a second opinion.

For every case of ../shared/cases/axf.jsonl and fsf.jsonl, and for every piece
that is not a king and stands on no square the case's moves start from or go
to, the piece is removed. A variant whose moves are all still legal and that
still ends in a repetition cycle is played on, by its cycle, to the third
occurrence of the position, and judged there by Qili (`qili adjudicate
--rules axf`, the verdict) and by Fairy-Stockfish
(`pyffish.is_optional_game_end`), which rules at the third occurrence too.

Fairy-Stockfish is an oracle with known mistakes, not the truth: the
disagreements are printed for a human to read. Those known so far are its
root-blocking bug (axf-152, whose book ruling it gets wrong as well) and a
capture it counts as a chase although the capturer is mated at once (29.4).

    python3 scripts/perturb_cases.py             # prints the disagreements
    python3 scripts/perturb_cases.py --floor N   # exits 1 below N agreeing variants

Exits 1 if Qili fails on a variant it can read (an error, a move without a
label) or if fewer variants agree than --floor.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corpus_repetitions import board, build_cli, fsf_result, run_batch, to_fen  # noqa: E402

CASES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "..", "shared", "cases")
FILES = ("axf.jsonl", "fsf.jsonl")


def judge(cli, entries):
    """Qili's AXF report of each (name, fen, moves)."""
    lines = [json.dumps({"id": n, "fen": f, "moves": m, "rules": "axf"}) for n, f, m in entries]
    return [json.loads(text) for text in run_batch(cli, lines)]


def cycle_plies(r):
    """The plies of the cycle a report's moves end in, as a slice of them."""
    return slice(r["cycle"]["first_ply"] - 1, r["cycle"]["last_ply"])


def variants(case):
    """(name, fen) of the case with one bystander removed."""
    squares = board(case["fen"])
    red = case["fen"].split()[1] in ("w", "r")
    touched = {(ord(m[i]) - ord("a"), int(m[i + 1])) for m in case["moves"] for i in (0, 2)}
    for sq, piece in sorted(squares.items()):
        if piece in "kK" or sq in touched:
            continue
        rest = {s: p for s, p in squares.items() if s != sq}
        yield f"{case['id']} -{piece}{chr(ord('a') + sq[0])}{sq[1]}", to_fen(rest, red)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--floor", type=int, default=0, help="least number of agreeing variants")
    args = parser.parse_args()
    cases = []
    for name in FILES:
        path = os.path.join(CASES, name)
        if not os.path.exists(path):
            print(f"no cases at {path}; nothing to check")
            return 0
        with open(path, encoding="utf-8") as f:
            cases += [c for c in map(json.loads, filter(str.strip, f)) if c.get("fen") and c.get("moves")]

    cli = build_cli()
    tried = [(name, fen, case["moves"]) for case in cases for name, fen in variants(case)]
    played = []
    for (name, fen, moves), r in zip(tried, judge(cli, tried)):
        if r.get("error") or not r.get("cycle"):
            continue  # a removed screen or leg made a move illegal, or the loop no longer closes
        loop = moves[cycle_plies(r)]
        played.append((name, fen, moves + loop * max(0, 3 - r["cycle"]["occurrences"])))

    failures, differ = [], []
    for (name, fen, moves), r in zip(played, judge(cli, played)):
        if r.get("error") or any(not m.get("label") for m in r["moves"]):
            failures.append(f"{name}: {r.get('error') or 'a move without a label'}")
            continue
        fsf = fsf_result(fen, moves)
        if r["verdict"] != fsf:
            labels = " ".join(m["label"] for m in r["moves"][cycle_plies(r)])
            differ.append(f"{name}: Qili {r['verdict']}, Fairy-Stockfish {fsf}; Qili's cycle {labels}; {fen}")
    agree = len(played) - len(failures) - len(differ)
    print(f"{len(tried)} variants of {len(cases)} cases, {len(played)} still a repetition; "
          f"Qili's AXF verdict agrees with Fairy-Stockfish on {agree}")
    for line in differ:
        print(f"  differs: {line}")
    for line in failures:
        print(f"  FAILED: {line}", file=sys.stderr)
    if failures or agree < args.floor:
        print(f"perturb_cases: {len(failures)} failures; {agree} agree (floor {args.floor})", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
