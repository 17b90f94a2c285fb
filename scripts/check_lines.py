#!/usr/bin/env python3
"""Every claim's line, played out by Fairy-Stockfish (issue 21).

For every move of every visible rulebook case (../shared/cases/*.jsonl) that
`qili adjudicate` labels 捉, 杀 or 兑, the line behind the label must exist,
be legal move by move from the position after the labelled move (as
Fairy-Stockfish, through pyffish, plays it), start with a capture or a check,
and give the balance the report states:

  捉  each chase counted (a target of the move): its `line`, the chasing side
      to move again; it starts with a capture or a check, and `balance` is
      the material the chasing side wins by playing it.
  杀  `mate_line`, the threatening side to move again: it starts with a check,
      every attacker move checks, and it ends in mate.
  兑  a `claims` entry `trade` for a piece of the move's targets: it starts
      with a capture and `balance` is what playing it gives.

The other claims (献, protected, mated) and the chases of moves labelled
otherwise are checked the same way where they have a line: legal, and the
balance right; a claim's line starts with a capture, and a `mated` one's
(29.4) goes on, when it shows the mate, with checks by the other side that
end in mate. And where the explanation says why a chase is new without a new
attacker (29.2), the board must bear it out: the guards it names could take
back before the move and cannot after it, or no attacker could take the piece
legally before it and one can after. Material is counted here, apart from the engine: rook 4,
horse and cannon 2, advisor and elephant 1, a pawn 1 once across the river.

    python3 scripts/check_lines.py [--cli QILI] [CASE_FILE...]

Exits 1 on the first kind of failure found (every failure is printed).
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys

import pyffish as sf

# The CLI build, ICCS → Fairy-Stockfish coordinates and the FEN reader are
# corpus_repetitions.py's (same directory).
from corpus_repetitions import board, build_cli, iccs_to_uci

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CASES = os.path.join(ROOT, "..", "shared", "cases")
VARIANT = "xiangqi"
VALUES = {"r": 4, "n": 2, "c": 2, "a": 1, "b": 1, "k": 1000}


def value(piece, square):
    role = piece.lower()
    if role != "p":
        return VALUES[role]
    rank = int(square[1])
    crossed = rank >= 5 if piece.isupper() else rank <= 4
    return 1 if crossed else 0


def with_turn(fen, side):
    parts = fen.split()
    parts[1] = "w" if side == "red" else "b"
    return " ".join(parts)


def play(fen, line):
    """Plays `line` from `fen` with Fairy-Stockfish: (error or None, balance
    for the side to move at the start, first move captures, first move
    checks, every move of the starting side checks, ends in mate)."""
    # The pieces by ICCS square name.
    pieces = {f"{'abcdefghi'[f]}{r}": p for (f, r), p in board(fen).items()}
    played = []
    balance = 0
    first_captures = first_checks = False
    all_check = True
    for i, mv in enumerate(line):
        ff = iccs_to_uci(mv)
        if ff not in sf.legal_moves(VARIANT, fen, played):
            return f"move {i + 1} ({mv}) is illegal", balance, False, False, False, False
        taken = pieces.get(mv[2:])
        gives_check = sf.gives_check(VARIANT, fen, played + [ff])
        ours = (i % 2 == 0)
        if taken:
            v = value(taken, mv[2:])
            balance += v if ours else -v
        if i == 0:
            first_captures, first_checks = taken is not None, gives_check
        if ours and not gives_check:
            all_check = False
        pieces[mv[2:]] = pieces.pop(mv[:2])
        played.append(ff)
    mated = not sf.legal_moves(VARIANT, fen, played) and sf.gives_check(VARIANT, fen, played)
    return None, balance, first_captures, first_checks, all_check, mated


def mates_after_capture(after, claim):
    """`True` if the line of a `mated` claim (29.4), after its capture, is a
    mate by checks for the other side: each of its moves checks, and the
    last mates."""
    start = with_turn(after, claim["side"])
    taken = sf.get_fen(VARIANT, start, [iccs_to_uci(claim["line"][0])])
    err, _, _, _, all_check, mated = play(taken, claim["line"][1:])
    return err is None and all_check and mated


# A new chase's reason in the explanation (29.2) that the board alone shows:
# the chased piece, its attackers, and the guards that could take back before
# the move and cannot now, or that no attacker could take it legally before.
NEW_CHASE = re.compile(
    r"Chases the \w+ \w+ on (?P<square>[a-i]\d) with (?P<attackers>[^(]*) \([^)]*\)\. "
    r"The same pieces attacked it before, but (?:then (?P<guards>.*?) could take back, and now cannot"
    r"|(?P<illegal>could not legally take it then))"
)


def takers_back(fen, capture, square):
    """The points (ICCS) of the pieces that can legally take back on `square`
    after the legal `capture` in `fen`."""
    back = set()
    for m in sf.legal_moves(VARIANT, fen, [capture]):
        file_from, rank_from, to = re.fullmatch(r"([a-i])(\d+)([a-i]\d+)", m).groups()
        if to == f"{square[0]}{int(square[1]) + 1}":
            back.add(f"{file_from}{int(rank_from) - 1}")
    return back


def new_chase_failures(before, again, explanation):
    """What in the explanation's reasons for a new chase (29.2) the board, as
    Fairy-Stockfish plays it, does not bear out; `before` is the position
    before the move, `again` the one after it with the mover to move again."""
    out = []
    hits = list(NEW_CHASE.finditer(explanation))
    if not hits:
        return out
    moves_before = set(sf.legal_moves(VARIANT, before, []))
    moves_now = set(sf.legal_moves(VARIANT, again, []))
    for hit in hits:
        square = hit["square"]
        attackers = re.findall(r" on ([a-i]\d)", " " + hit["attackers"])
        captures = [iccs_to_uci(a + square) for a in attackers]
        legal_before = [c for c in captures if c in moves_before]
        legal_now = [c for c in captures if c in moves_now]
        if hit["illegal"]:
            if legal_before or not legal_now:
                out.append(f"{square}: 'could not legally take it then', but before {legal_before}, now {legal_now}")
            continue
        guards = set(re.findall(r" on ([a-i]\d)", " " + hit["guards"]))
        then = takers_back(before, legal_before[0], square) if legal_before else set()
        now = takers_back(again, legal_now[0], square) if legal_now else set()
        if not guards <= then or guards & now:
            out.append(f"{square}: guards {sorted(guards)} 'could take back, and now cannot', but then {sorted(then)}, now {sorted(now)}")
    return out


def reports(cli, path):
    out = subprocess.run(
        [cli, "adjudicate", "--cases", path], capture_output=True, text=True, check=True
    ).stdout
    return [json.loads(line) for line in out.splitlines()]


def positions_after(report):
    """Each move with the FEN before and after it, as Fairy-Stockfish plays
    the game."""
    fen = report["fen"]
    played = []
    before = sf.get_fen(VARIANT, fen, played)
    for m in report["moves"]:
        played.append(iccs_to_uci(m["iccs"]))
        after = sf.get_fen(VARIANT, fen, played)
        yield m, before, after
        before = after


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", help="the qili binary (default: build target/release/qili)")
    ap.add_argument("files", nargs="*")
    args = ap.parse_args()
    if not args.cli:
        args.cli = build_cli()
    files = args.files or sorted(glob.glob(os.path.join(CASES, "*.jsonl")))
    failures = []
    counts = {"捉": 0, "杀": 0, "兑": 0, "other": 0, "new": 0}

    def fail(report, m, what):
        failures.append(f"{report['id']} ply {m['ply']} {m['iccs']} ({m['label']}): {what}")

    for path in files:
        for report in reports(args.cli, path):
            if report.get("error"):
                continue
            for m, before, after in positions_after(report):
                mover = m["side"]
                reasons = new_chase_failures(before, with_turn(after, mover), m["explanation"]["en"])
                for what in reasons:
                    fail(report, m, f"new chase: {what}")
                counts["new"] += len(NEW_CHASE.findall(m["explanation"]["en"]))
                label = "兑" if m["label"] == "闲" and m["sub"] == "兑" else m["label"]
                for c in m["chases"]:
                    counted = label == "捉" and c["square"] in m["targets"]
                    if not c["line"]:
                        if counted:
                            fail(report, m, f"chase of {c['square']} has no line")
                        continue
                    err, bal, cap, chk, _, _ = play(with_turn(after, mover), c["line"])
                    if err:
                        fail(report, m, f"chase of {c['square']}: {err}: {c['line']}")
                    elif bal != c["balance"]:
                        fail(report, m, f"chase of {c['square']}: balance {c['balance']}, playing gives {bal}")
                    elif not (cap or chk):
                        fail(report, m, f"chase of {c['square']}: starts with neither a capture nor a check")
                    counts["捉" if counted else "other"] += 1
                if label == "杀":
                    line = m["mate_line"] or []
                    err, _, _, chk, all_check, mated = play(with_turn(after, mover), line)
                    if not line:
                        fail(report, m, "杀 without a mating line")
                    elif err:
                        fail(report, m, f"mating line: {err}: {line}")
                    elif not (chk and all_check and mated):
                        fail(report, m, f"mating line does not mate by checks: {line}")
                    counts["杀"] += 1
                trades = [c for c in m["claims"] if c["claim"] == "trade"]
                if label == "兑" and not any(c["square"] in m["targets"] for c in trades):
                    fail(report, m, f"兑 of {m['targets']} without a trade line")
                for c in m["claims"]:
                    err, bal, cap, _, _, _ = play(with_turn(after, c["side"]), c["line"])
                    if err:
                        fail(report, m, f"{c['claim']} of {c['square']}: {err}: {c['line']}")
                    elif bal != c["balance"]:
                        fail(report, m, f"{c['claim']} of {c['square']}: balance {c['balance']}, playing gives {bal}")
                    elif c["claim"] in ("trade", "offer", "protected", "mated") and not cap:
                        fail(report, m, f"{c['claim']} of {c['square']}: does not start with a capture")
                    elif c["claim"] == "mated" and len(c["line"]) > 1 and not mates_after_capture(after, c):
                        fail(report, m, f"mated of {c['square']}: the capture is not followed by mate by checks: {c['line']}")
                    counts["兑" if c["claim"] == "trade" and label == "兑" else "other"] += 1
    for f in failures:
        print(f)
    print(
        f"lines checked: {counts['捉']} chases (捉), {counts['杀']} mating lines (杀), "
        f"{counts['兑']} trades (兑), {counts['other']} other lines, {counts['new']} reasons for a new "
        f"chase read on the board; {len(failures)} failures"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
