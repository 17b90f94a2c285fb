#!/usr/bin/env python3
"""Composed positions for crates/qili/tests/data/concepts-composed.jsonl, three at a time.

    python3 scripts/compose_case.py ID RULES FEN "MOVES" "CONCEPT" "WHY" >> crates/qili/tests/data/concepts-composed.jsonl

RULES is one edition or several, comma-separated (cxa2020,cxa1999). For each edition it prints three JSON lines:
the position as given (ID-EDITION), mirrored file for file (IDm-EDITION) and with the colours swapped, the board
turned upside down (IDs-EDITION). Each expects the labels and the ruling the engine gives now: run it only once
you have judged the position from the rule text yourself and agree, and say in WHY what the definition implies
and why (the reasoning is the test; the engine's answer only writes it down). Uses target/release/qili
(`cargo build --release -p qili-cli`), or the binary named by QILI.
"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FILES = "abcdefghi"


def judge(qili, rules, fen, moves):
    """(labels, ruling) that `qili adjudicate` gives the moves from fen under rules."""
    line = json.dumps({"fen": fen, "moves": moves, "rules": rules}) + "\n"
    out = subprocess.run([qili, "adjudicate", "--cases", "-"], input=line, capture_output=True,
                         text=True, check=True).stdout
    report = json.loads(out.splitlines()[0])
    if report.get("error"):
        sys.exit(f"{rules}: {report['error']}")
    return [m["label"] for m in report["moves"]], report["ruling"]


def board(fen):
    """The FEN's ranks, 9 to 0, each a list of nine one-letter squares ('.' empty)."""
    rows = []
    for rank in fen.split()[0].split("/"):
        row = []
        for c in rank:
            row.extend(["."] * int(c) if c.isdigit() else [c])
        rows.append(row)
    return rows


def placement(rows):
    """The FEN placement of `rows`."""
    ranks = []
    for row in rows:
        text, empty = "", 0
        for c in row:
            if c == ".":
                empty += 1
                continue
            if empty:
                text, empty = text + str(empty), 0
            text += c
        ranks.append(text + (str(empty) if empty else ""))
    return "/".join(ranks)


def mirrored(fen, moves):
    """Files a↔i."""
    rows = [list(reversed(r)) for r in board(fen)]
    flip = lambda f: FILES[8 - FILES.index(f)]
    return placement(rows) + " " + fen.split()[1], [flip(m[0]) + m[1] + flip(m[2]) + m[3] for m in moves]


def swapped(fen, moves):
    """Ranks 0↔9, red↔black, the other side to move."""
    rows = [[c.swapcase() for c in r] for r in reversed(board(fen))]
    side = "b" if fen.split()[1] == "w" else "w"
    flip = lambda r: str(9 - int(r))
    return placement(rows) + " " + side, [m[0] + flip(m[1]) + m[2] + flip(m[3]) for m in moves]


def main():
    if len(sys.argv) != 7:
        sys.exit(__doc__)
    case_id, editions, fen, moves, concept, why = sys.argv[1:]
    qili = os.environ.get("QILI", os.path.join(ROOT, "target", "release", "qili"))
    moves = moves.split()
    s_fen, s_moves = swapped(fen, moves)
    first = "black" if s_fen.split()[1] == "b" else "red"
    variants = [
        ("", fen, moves, why),
        ("m", *mirrored(fen, moves), f"{case_id} mirrored left to right."),
        ("s", s_fen, s_moves, f"{case_id} with the colours swapped ({first} moves first)."),
    ]
    for rules in editions.split(","):
        for tag, f, m, w in variants:
            labels, ruling = judge(qili, rules, f, m)
            print(json.dumps({"id": f"{case_id}{tag}-{rules}", "rules": rules, "fen": f, "moves": m,
                              "expect": {"labels": labels, "ruling": ruling},
                              "concept": concept, "why": w}, ensure_ascii=False))


if __name__ == "__main__":
    main()
