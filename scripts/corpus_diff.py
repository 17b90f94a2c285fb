#!/usr/bin/env python3
"""What a rule change moves in real games: two qili binaries over the corpus, all three editions.

    cp target/release/qili /tmp/qili-old          # before the change
    cargo build --release -p qili-cli              # after it
    python3 scripts/corpus_diff.py /tmp/qili-old target/release/qili [OUT.jsonl]

Judges every corpus game in which a position occurs three times, cut there (as scripts/corpus_repetitions.py
does), under axf, cxa1999 and cxa2020 with both binaries (one process each, in parallel: about half a minute),
and prints how many labels and rulings moved per edition and in which direction. OUT.jsonl (default
target/corpus_diff.jsonl) lists every game that moved: its id, edition, both rulings and each move that changed
(ply, ICCS, old label, new label) — the list to judge by hand before a change lands.

With --kinds, a label is compared with its kind of 闲 (兑, 献, 拦, 跟, written 闲/兑): what a change to 28.5–28.8
moves, where the main labels stay.
"""
import collections
import json
import os
import subprocess
import sys

from corpus_repetitions import DEFAULT_CORPUS as CORPUS, EDITIONS, read_games

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def cases():
    """One JSON line per game and edition."""
    games = read_games(CORPUS, None)
    return [json.dumps({"id": g["id"], "fen": g["fen"], "moves": g["cut"], "rules": ed})
            for ed in EDITIONS for g in games]


def main():
    kinds = "--kinds" in sys.argv[1:]
    args = [a for a in sys.argv[1:] if a != "--kinds"]
    if len(args) not in (2, 3):
        sys.exit(__doc__)
    old, new = args[:2]
    out_path = args[2] if len(args) == 3 else os.path.join(ROOT, "target", "corpus_diff.jsonl")

    def label(move):
        return move["label"] + "/" + move["sub"] if kinds and move.get("sub") else move["label"]

    batch = "\n".join(cases()) + "\n"
    procs = [subprocess.Popen([b, "adjudicate", "--cases", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True) for b in (old, new)]
    reports = [p.communicate(batch)[0].splitlines() for p in procs]
    labels, rulings, moves = collections.Counter(), collections.Counter(), collections.Counter()
    with open(out_path, "w", encoding="utf-8") as out:
        for a, b in zip(*reports):
            a, b = json.loads(a), json.loads(b)
            ed = a["rules"]
            changed = [(i, x["iccs"], label(x), label(y))
                       for i, (x, y) in enumerate(zip(a["moves"], b["moves"])) if label(x) != label(y)]
            for _, _, was, now in changed:
                moves[(ed, was, now)] += 1
            labels[ed] += len(changed)
            rulings[ed] += a["ruling"] != b["ruling"]
            if changed or a["ruling"] != b["ruling"]:
                out.write(json.dumps({"id": a["id"], "rules": ed, "ruling": [a["ruling"], b["ruling"]],
                                      "changes": changed}, ensure_ascii=False) + "\n")
    for ed in EDITIONS:
        kinds = ", ".join(f"{w} → {n}: {c}" for (e, w, n), c in sorted(moves.items()) if e == ed)
        print(f"{ed}: {labels[ed]} labels ({kinds or 'none'}), {rulings[ed]} rulings")
    print(f"every game that moved: {out_path}")


if __name__ == "__main__":
    main()
