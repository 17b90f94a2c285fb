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

from corpus_repetitions import transform

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def judge(qili, rules, fen, moves):
    """(labels, ruling) that `qili adjudicate` gives the moves from fen under rules."""
    line = json.dumps({"fen": fen, "moves": moves, "rules": rules}) + "\n"
    out = subprocess.run([qili, "adjudicate", "--cases", "-"], input=line, capture_output=True,
                         text=True, check=True).stdout
    report = json.loads(out.splitlines()[0])
    if report.get("error"):
        sys.exit(f"{rules}: {report['error']}")
    return [m["label"] for m in report["moves"]], report["ruling"]


def main():
    if len(sys.argv) != 7:
        sys.exit(__doc__)
    case_id, editions, fen, moves, concept, why = sys.argv[1:]
    qili = os.environ.get("QILI", os.path.join(ROOT, "target", "release", "qili"))
    moves = moves.split()
    s_fen, s_moves = transform("swap-colours", fen, moves)
    first = "black" if s_fen.split()[1] == "b" else "red"
    variants = [
        ("", fen, moves, why),
        ("m", *transform("mirror", fen, moves), f"{case_id} mirrored left to right."),
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
