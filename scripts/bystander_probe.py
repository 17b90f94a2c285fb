#!/usr/bin/env python3
"""The CXA rulebook examples with one bystander removed: the boards to read by hand.

No engine judges the Chinese rules but Qili, so there is no second opinion
to compare with (scripts/perturb_cases.py has one for AXF). What this gives
instead is the list of boards on which Qili's ruling differs from the book's
ruling of the example it came from: each is either a board where the piece
mattered, or one where a rule of the engine is narrower or wider than the
book's concept — a reader tells which, playing the replies out.

For every example of ../shared/cases/cxa2020.jsonl (or cxa1999.jsonl) with
a position: every piece that is not a king and stands on no square the
example's moves start from or go to is removed, one at a time, and the
example's moves are judged by `qili adjudicate` under the same edition.

    python3 scripts/bystander_probe.py                   # CXA 2020
    python3 scripts/bystander_probe.py --rules cxa1999

Prints a line per differing board (the example, the piece removed, the
book's ruling and labels, Qili's, the FEN). Exits 1 if Qili fails on a board
it can read (an error other than an illegal move or board, or a move without
a label). The first probe (5 December 2026, CXA 2020): 856 boards, 825 of
them judged, 116 rulings differing; 110 were read by hand, and they found one
rule to mend (抽 in the ledger: a check wins a capturer back only for real),
after which 115 differ.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corpus_repetitions import build_cli, run_batch  # noqa: E402
from perturb_cases import CASES, print_findings, removed  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="cxa2020", choices=("cxa2020", "cxa1999"))
    args = parser.parse_args()
    path = os.path.join(CASES, f"{args.rules}.jsonl")
    if not os.path.exists(path):
        print(f"no cases at {path}; nothing to check")
        return 0
    with open(path, encoding="utf-8") as f:
        cases = [c for c in map(json.loads, filter(str.strip, f)) if c.get("fen") and c.get("moves")]
    tried = [(c, name, fen) for c in cases for name, fen in removed(c)]
    lines = [json.dumps({"id": name, "fen": fen, "moves": c["moves"], "rules": args.rules}) for c, name, fen in tried]
    failures, differ, judged = [], [], 0
    for (case, name, fen), text in zip(tried, run_batch(build_cli(), lines)):
        r = json.loads(text)
        if r.get("error"):
            if "not a legal move" not in r["error"] and "illegal position" not in r["error"]:
                failures.append(f"{name}: {r['error']}")
            continue  # a screen, a leg or a shield removed made a move or the board illegal
        judged += 1
        labels = [m.get("label") for m in r["moves"]]
        if not all(labels):
            failures.append(f"{name}: a move without a label")
            continue
        book = case["expect"]
        if r["ruling"] != book["ruling"]:
            differ.append(f"{name}: book {book['ruling']} ({' '.join(book.get('labels') or [])}), "
                          f"Qili {r['ruling']} ({' '.join(labels)}); {fen}")
    print_findings(f"{args.rules}: {len(tried)} boards of {len(cases)} examples with one bystander removed, "
                   f"{judged} judged; the ruling differs from the book's board on {len(differ)}", differ, failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
