#!/usr/bin/env python3
"""The AXF rulebook cases with one piece removed or added: Qili against Fairy-Stockfish.

The visible cases are few, and the cases run against the CLI later are other
diagrams. An engine tuned to the visible ones would judge a slightly different
board differently from a general one; this puts that to a second opinion.

For every case of ../shared/cases/axf.jsonl and fsf.jsonl:
- removed: every piece that is not a king and stands on no square the case's
  moves start from or go to is removed, one at a time;
- added: a piece (a pawn, horse, cannon, rook, advisor or elephant of either
  side) is put on an empty point it may stand on, one at a time — of all
  such variants, --added of them per case, drawn by a fixed seed.
A variant whose moves are all still legal and that still ends in a
repetition cycle is played on, by its cycle, to the third occurrence of the
position, and judged there by Qili (`qili adjudicate --rules axf`, the
verdict) and by Fairy-Stockfish (`pyffish.is_optional_game_end`), which
rules at the third occurrence too.

Fairy-Stockfish is an oracle with known mistakes, not the truth: the
disagreements are printed for a human to read. Those known so far are its
root-blocking bug (axf-152, whose book ruling it gets wrong as well), fsf-30
(likewise), captures it counts as chases although the capturer is mated
(29.4; Qili's report has the `mated` claim), exchange offers and protected
pieces (跟) it counts as chased.

    python3 scripts/perturb_cases.py                  # prints the disagreements
    python3 scripts/perturb_cases.py --floor N --added-floor M
                                                      # exits 1 below N (M) agreeing variants

Exits 1 if Qili fails on a variant it can read (an error, a move without a
label) or if fewer variants agree than a floor.
"""
import argparse
import json
import os
import random
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


def removed(case):
    """(name, fen) of the case with one bystander removed."""
    squares = board(case["fen"])
    red = case["fen"].split()[1] in ("w", "r")
    touched = {(ord(m[i]) - ord("a"), int(m[i + 1])) for m in case["moves"] for i in (0, 2)}
    for sq, piece in sorted(squares.items()):
        if piece in "kK" or sq in touched:
            continue
        rest = {s: p for s, p in squares.items() if s != sq}
        yield f"{case['id']} -{piece}{chr(ord('a') + sq[0])}{sq[1]}", to_fen(rest, red)


# Where a piece may stand, for red (black mirrored by rank): advisors and
# elephants on their points, pawns on their files before the river and
# anywhere beyond it; other pieces anywhere.
ADVISOR_POINTS = {(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)}
ELEPHANT_POINTS = {(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)}


def may_stand(piece, f, r):
    """`True` if `piece` (a FEN letter, not a king) may stand on (f, r)."""
    rank = r if piece.isupper() else 9 - r
    kind = piece.lower()
    if kind == "p":
        return rank >= 5 or (rank in (3, 4) and f % 2 == 0)
    if kind == "a":
        return (f, rank) in ADVISOR_POINTS
    if kind == "b":
        return (f, rank) in ELEPHANT_POINTS
    return True


def added(case, rng, per_case):
    """(name, fen) of the case with one piece added, `per_case` of them drawn by `rng`."""
    squares = board(case["fen"])
    red = case["fen"].split()[1] in ("w", "r")
    out = []
    for f in range(9):
        for r in range(10):
            if (f, r) in squares:
                continue
            for piece in "PpNnCcRrAaBb":
                if may_stand(piece, f, r):
                    with_piece = dict(squares)
                    with_piece[(f, r)] = piece
                    out.append((f"{case['id']} +{piece}{chr(ord('a') + f)}{r}", to_fen(with_piece, red)))
    rng.shuffle(out)
    return out[:per_case]


def compare(cli, tried):
    """Judges each (name, fen, moves) that still repeats, played on to the third
    occurrence: (how many were played, failures, disagreements)."""
    played = []
    for (name, fen, moves), r in zip(tried, judge(cli, tried)):
        if r.get("error") or not r.get("cycle"):
            continue  # a screen or a leg changed made a move illegal, or the loop no longer closes
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
    return len(played), failures, differ


def print_findings(header, lines, failures):
    """Prints a probe's summary, its findings indented under it, and its failures (to stderr)."""
    print(header)
    for line in lines:
        print(f"  {line}")
    for line in failures:
        print(f"  FAILED: {line}", file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--floor", type=int, default=0, help="least number of agreeing removed-piece variants")
    parser.add_argument("--added", type=int, default=30, help="added-piece variants per case (0: none)")
    parser.add_argument("--added-floor", type=int, default=0, help="least number of agreeing added-piece variants")
    parser.add_argument("--seed", type=int, default=1, help="seed of the added-piece draw")
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
    rng = random.Random(args.seed)
    kinds = [
        ("removed", [(n, fen, c["moves"]) for c in cases for n, fen in removed(c)], args.floor),
        ("added", [(n, fen, c["moves"]) for c in cases for n, fen in added(c, rng, args.added)], args.added_floor),
    ]
    failed = 0
    for kind, tried, floor in kinds:
        played, failures, differ = compare(cli, tried)
        agree = played - len(failures) - len(differ)
        print_findings(f"{kind}: {len(tried)} variants of {len(cases)} cases, {played} still a repetition; "
                       f"Qili's AXF verdict agrees with Fairy-Stockfish on {agree}",
                       [f"differs: {line}" for line in differ], failures)
        if failures or agree < floor:
            print(f"perturb_cases: {kind}: {len(failures)} failures; {agree} agree (floor {floor})", file=sys.stderr)
            failed = 1
    return failed


if __name__ == "__main__":
    sys.exit(main())
