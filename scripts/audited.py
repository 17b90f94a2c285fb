#!/usr/bin/env python3
"""How many of the labels and rulings readers have judged a qili binary gets right.

    python3 scripts/audited.py target/release/qili [OTHER_BINARY…]

docs/audited.jsonl holds every move and ruling of a real game (../shared/corpus) that readers have played out
and judged (docs/label-audit.md says how): the game, the ply (1-based, in the game cut at its threefold
repetition as scripts/corpus_repetitions.py cuts it), the move, the edition and the right label — or, for a
ruling, the right ruling. Each binary judges those games once; the script prints how many it gets right, by
source, and every one it gets wrong. A rule change should not lower the count: corpus_diff.py says what a
change moves, this says whether what it moved was judged before.
"""
import collections
import json
import os
import sys

from corpus_repetitions import DEFAULT_CORPUS as CORPUS, read_games, run_batch

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
AUDITED = os.path.join(ROOT, "docs", "audited.jsonl")


def judge(binary, games, wanted):
    """{(game, edition): report} for the (game, edition) pairs in `wanted`."""
    keys = sorted(wanted)
    lines = [json.dumps({"id": g, "fen": games[g]["fen"], "moves": games[g]["cut"], "rules": ed})
             for g, ed in keys]
    return dict(zip(keys, (json.loads(o) for o in run_batch(binary, lines))))


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    entries = [json.loads(line) for line in open(AUDITED, encoding="utf-8")]
    ids = {e["game"] for e in entries}
    games = {g["id"]: g for g in read_games(CORPUS, None) if g["id"] in ids}
    missing = ids - games.keys()
    if missing:
        sys.exit(f"not in the corpus (or reaching no repetition): {sorted(missing)}")
    for binary in sys.argv[1:]:
        reports = judge(binary, games, {(e["game"], e["rules"]) for e in entries})
        right = collections.Counter()
        total = collections.Counter()
        wrong = []
        for e in entries:
            report = reports[(e["game"], e["rules"])]
            if "ply" in e:
                move = report["moves"][e["ply"] - 1]
                if move["iccs"] != e["move"]:
                    sys.exit(f"{e['game']} ply {e['ply']}: the game has {move['iccs']}, the audit {e['move']}")
                got, want, what = move["label"], e["label"], "labels"
            else:
                got, want, what = report["ruling"], e["ruling"], "rulings"
            total[(what, e["source"])] += 1
            if got == want:
                right[(what, e["source"])] += 1
            else:
                wrong.append(f"  {e['game']} {e.get('ply', '')} {e.get('move', '')} {e['rules']}: "
                             f"{got}, judged {want} ({e['source']})")
        print(f"{binary}:")
        for what in ("labels", "rulings"):
            keys = sorted(k for k in total if k[0] == what)
            r, t = sum(right[k] for k in keys), sum(total[k] for k in keys)
            print(f"  {what}: {r}/{t} right")
            for k in keys:
                print(f"    {k[1]}: {right[k]}/{total[k]}")
        print("\n".join(wrong) if wrong else "  none wrong")


if __name__ == "__main__":
    main()
