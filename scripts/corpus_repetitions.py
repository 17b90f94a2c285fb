#!/usr/bin/env python3
"""Repetitions in real games: Qili's 棋例 engine against Fairy-Stockfish.

For every game of the corpus (/work/shared/corpus/games.jsonl.gz) in which some
position occurs three times (`rep_max >= 3`), the moves are cut at `rep3_ply`,
the ply at which a position first occurs for the third time, and judged there:

- by Qili, `qili adjudicate --cases` in one JSON-lines batch, each game once
  under each of `axf`, `cxa1999` and `cxa2020` (ruling = what happens if the cycle goes
  on; verdict = the result binding now: AXF binds at the third occurrence, as
  Fairy-Stockfish does, CXA later);
- by Fairy-Stockfish, `pyffish.is_optional_game_end("xiangqi", fen, moves)`,
  whose side-to-move-relative result is turned into red_loses / black_loses /
  draw, or none when it claims no end.

Prints a summary (distributions, the agreement matrix of the AXF verdict with
Fairy-Stockfish, disagreements by category with examples) and writes the full
report, every disagreement listed, to target/corpus_repetitions.md.

    python3 scripts/corpus_repetitions.py               # all 2,563 games
    python3 scripts/corpus_repetitions.py --limit 200   # the first 200 (test suite)

Every game is also judged mirrored (files a↔i) and with the colours swapped
(ranks 0↔9, red↔black), under all three editions: the rules know no left or
right and no favourite colour, so the labels must be the same and the rulings
mirrored.

Each game's final cycle is also judged with one bystander more: an uncrossed
pawn on a point that no piece of any of the cycle's positions bears on (nor on
the point ahead of it). Nothing the rules look at changes, so neither may a
label or the ruling. And it is entered a ply later, two plies later, and so
on: the same moves from each of its positions, whose labels must not change
(nor the ruling, but where a shorter cycle lies inside).

Exits 1 if Qili fails on any game: an error, a move without a label, a
repetition that it does not see (no cycle), or a game judged differently in a
mirror, with the colours swapped, with a bystander more or entered later. Disagreements with Fairy-Stockfish
are reported, not failures: the two read the rules differently (see the report).
"""
import argparse
import collections
import gzip
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_CORPUS = "/work/shared/corpus/games.jsonl.gz"
REPORT = os.path.join(ROOT, "target", "corpus_repetitions.md")
EDITIONS = ("axf", "cxa1999", "cxa2020")
RESULTS = ("red_loses", "black_loses", "draw", "none")


def build_cli():
    subprocess.run(
        ["cargo", "build", "--quiet", "--release", "-p", "qili-cli"], cwd=ROOT, check=True
    )
    return os.path.join(ROOT, "target", "release", "qili")


def read_games(path, limit):
    games = []
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            g = json.loads(line)
            if g.get("rep_max", 0) >= 3 and g.get("rep3_ply"):
                g["cut"] = g["moves"][: g["rep3_ply"]]
                games.append(g)
                if limit and len(games) >= limit:
                    break
    return games


def run_batch(cli, lines):
    """The lines `qili adjudicate --cases -` prints for the case lines `lines`."""
    out = subprocess.run(
        [cli, "adjudicate", "--cases", "-"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    if len(out) != len(lines):
        sys.exit(f"qili printed {len(out)} lines for {len(lines)} cases")
    return out


def run_qili(cli, games):
    """{edition: {id: report}} from one `qili adjudicate --cases -` batch."""
    lines = []
    for ed in EDITIONS:
        for g in games:
            lines.append(
                json.dumps({"id": g["id"], "fen": g["fen"], "moves": g["cut"], "rules": ed})
            )
    t0 = time.perf_counter()
    out = run_batch(cli, lines)
    elapsed = time.perf_counter() - t0
    result = {ed: {} for ed in EDITIONS}
    for i, text in enumerate(out):
        ed = EDITIONS[i // len(games)]
        r = json.loads(text)
        result[ed][games[i % len(games)]["id"]] = r
    return result, elapsed


SYMMETRIES = ("mirror", "swap-colours")
SWAPPED = {"red_loses": "black_loses", "black_loses": "red_loses"}


def transform(sym, fen, moves):
    """The game seen in a mirror (files a↔i) or with the colours swapped."""
    fields = fen.split()
    ranks = fields[0].split("/")
    if sym == "mirror":
        fields[0] = "/".join(r[::-1] for r in ranks)
        moves = ["".join(chr(202 - ord(c)) if c.isalpha() else c for c in m) for m in moves]
    else:
        fields[0] = "/".join(r.swapcase() for r in reversed(ranks))
        fields[1] = "b" if fields[1] in ("w", "r") else "w"
        moves = ["".join(str(9 - int(c)) if c.isdigit() else c for c in m) for m in moves]
    return " ".join(fields), moves


def judged(r, sym=None):
    """What must not change under a symmetry: results and per-move labels."""
    swap = (lambda x: SWAPPED.get(x, x)) if sym == "swap-colours" else (lambda x: x)
    return (
        r.get("error"),
        swap(r.get("ruling")),
        swap(r.get("verdict")),
        [(m.get("label"), m.get("sub")) for m in r.get("moves", [])],
    )


def run_symmetry(cli, games):
    """Games judged differently mirrored or with the colours swapped:
    a list of (edition, symmetry, id)."""
    keys, lines = [], []
    for ed in EDITIONS:
        for sym in (None,) + SYMMETRIES:
            for g in games:
                fen, moves = (g["fen"], g["cut"]) if sym is None else transform(sym, g["fen"], g["cut"])
                keys.append((ed, sym, g["id"]))
                lines.append(json.dumps({"id": g["id"], "fen": fen, "moves": moves, "rules": ed}))
    got = {k: json.loads(t) for k, t in zip(keys, run_batch(cli, lines))}
    return [
        (ed, sym, g["id"])
        for ed in EDITIONS
        for sym in SYMMETRIES
        for g in games
        if judged(got[(ed, sym, g["id"])], sym) != judged(got[(ed, None, g["id"])])
    ]


def to_fen(squares, red_to_move):
    """The FEN of a {(file, rank): letter} board (clocks zero)."""
    rows = []
    for r in range(9, -1, -1):
        row, empty = "", 0
        for f in range(9):
            c = squares.get((f, r))
            if c:
                row += (str(empty) if empty else "") + c
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + (" w" if red_to_move else " b") + " - - 0 1"


def touched(squares, point):
    """`True` if a piece of `squares` could bear on `point`: a rook, cannon or
    king on its file or rank, a horse or elephant within two points, an
    advisor or pawn beside it (generous: a bystander must be out of play)."""
    f, r = point
    for (pf, pr), c in squares.items():
        k, df, dr = c.lower(), abs(pf - f), abs(pr - r)
        if (k in "rck" and (df == 0 or dr == 0)) or (k in "nb" and df <= 2 and dr <= 2) \
                or (k in "ap" and df <= 1 and dr <= 1):
            return True
    return False


def final_cycle(r):
    """(index of the cycle's first move, its length in plies) from a report, or None."""
    c = r.get("cycle") or {}
    if not c.get("first_ply"):
        return None
    return c["first_ply"] - 1, c["last_ply"] - c["first_ply"] + 1


def bystander_variants(g, r):
    """The game's final cycle, played twice from its first position, and the
    same with one uncrossed pawn added on a point that no piece of any of its
    positions bears on (nor on the point ahead of it): (base, [variants]) as
    case lines, or None."""
    span = final_cycle(r)
    if not span:
        return None
    start, length = span
    cycle = g["cut"][start : start + length] * 2
    states = list(replay(g["fen"], g["cut"][:start] + cycle))
    first_squares, first_red = states[start]
    seen = [squares for squares, _ in states[start:]]
    base = {"id": g["id"], "fen": to_fen(first_squares, first_red), "moves": cycle}
    variants = []
    for pawn, ranks, ahead in (("P", (3, 4), 1), ("p", (5, 6), -1)):
        for rank in ranks:
            for f in range(9):
                points = ((f, rank), (f, rank + ahead))
                if any(p in sq or touched(sq, p) for sq in seen for p in points):
                    continue
                with_pawn = dict(first_squares)
                with_pawn[(f, rank)] = pawn
                variants.append({"id": f"{g['id']}+{pawn}{'abcdefghi'[f]}{rank}",
                                 "fen": to_fen(with_pawn, first_red), "moves": cycle})
    return base, variants


def run_bystanders(cli, games, reports):
    """Variants judged differently from their game with one bystander pawn
    more, under each edition: a list of (edition, variant id), and how many
    variants there were."""
    keys, lines = [], []
    for ed in EDITIONS:
        for g in games:
            made = bystander_variants(g, reports[ed][g["id"]])
            if not made or not made[1]:
                continue
            base, variants = made
            for case in [base] + variants:
                keys.append((ed, g["id"], case["id"]))
                lines.append(json.dumps(dict(case, rules=ed)))
    got = {k: judged(json.loads(t)) for k, t in zip(keys, run_batch(cli, lines))} if lines else {}
    differ = [(ed, v) for (ed, gid, v), j in got.items() if v != gid and j != got[(ed, gid, gid)]]
    return differ, sum(1 for (_, gid, v) in got if v != gid)


def iccs_to_uci(m):
    """ICCS ranks 0–9 → Fairy-Stockfish's UCI ranks 1–10 (h2e2 → h3e3)."""
    return f"{m[0]}{int(m[1]) + 1}{m[2]}{int(m[3]) + 1}"


def fsf_result(fen, moves):
    """Fairy-Stockfish's `is_optional_game_end` after the ICCS `moves` from `fen`,
    as red_loses / black_loses / draw / none."""
    import pyffish as sf

    uci = [iccs_to_uci(m) for m in moves]
    red_first = fen.split()[1] == "w"
    red_to_move = red_first == (len(uci) % 2 == 0)
    ended, value = sf.is_optional_game_end("xiangqi", fen, uci)
    if not ended:
        return "none"
    if value == 0:
        return "draw"
    mover_wins = value > 0
    return "black_loses" if mover_wins == red_to_move else "red_loses"


def run_fsf(games):
    t0 = time.perf_counter()
    res = {g["id"]: fsf_result(g["fen"], g["cut"]) for g in games}
    return res, time.perf_counter() - t0


def fsf_without_history(g):
    """Fairy-Stockfish's answer when the game is set up at the first occurrence
    of its final position (the moves before it dropped) and the same moves
    are played from there."""
    import pyffish as sf

    k = first_occurrence(g)
    fen = sf.get_fen("xiangqi", g["fen"], [iccs_to_uci(m) for m in g["cut"][:k]])
    return fsf_result(fen, g["cut"][k:])


def qili_problems(g, r):
    """Why Qili's report on a game is a failure, or None."""
    if r.get("error"):
        return f"error: {r['error']}"
    if len(r.get("moves", [])) != len(g["cut"]):
        return f"{len(r.get('moves', []))} moves labelled of {len(g['cut'])}"
    unlabelled = [m["ply"] for m in r["moves"] if not m.get("label")]
    if unlabelled:
        return f"moves without a label: {unlabelled[:5]}"
    if not r.get("cycle"):
        return "no repetition cycle found at a third occurrence"
    return None


def side_pattern(r, side):
    c = r.get("cycle") or {}
    s = c.get(side) or {}
    return s.get("pattern") or "-"


def cycle_labels(r, side):
    c = r.get("cycle") or {}
    return tuple((c.get(side) or {}).get("labels") or ())


def board(fen):
    """{(file 0–8, rank 0–9): piece letter} of a FEN."""
    squares = {}
    for row, text in enumerate(fen.split()[0].split("/")):
        f = 0
        for c in text:
            if c.isdigit():
                f += int(c)
            else:
                squares[(f, 9 - row)] = c
                f += 1
    return squares


def replay(fen, moves):
    """The boards ({(file, rank): letter}) and whether red is to move, before
    each of `moves` and after the last."""
    squares = board(fen)
    red = fen.split()[1] == "w"
    yield dict(squares), red
    for m in moves:
        a, b = (ord(m[0]) - 97, int(m[1])), (ord(m[2]) - 97, int(m[3]))
        squares[b] = squares.pop(a)
        red = not red
        yield dict(squares), red


def first_occurrence(g):
    """The ply (0 = start) at which the final position of the cut game first stood."""
    seen = [(frozenset(squares.items()), red) for squares, red in replay(g["fen"], g["cut"])]
    return seen.index(seen[-1])


def category(g, r, fsf):
    """A coarse name for why Qili's AXF verdict and Fairy-Stockfish differ."""
    ours = r["verdict"]
    red, black = cycle_labels(r, "red"), cycle_labels(r, "black")
    has = lambda labels, x: any(l == x for l in labels)  # noqa: E731
    both = red + black
    # Both judge every move since the first occurrence counted, but Fairy-
    # Stockfish's answer can also depend on the moves before it.
    if fsf_without_history(g) == ours:
        return "FSF agrees once the moves before the repetition are dropped"
    if ours != "none" and fsf == "none":
        return "FSF sees no repetition end"
    if ours == "none" and fsf != "none":
        return "Qili binds nothing (verdict none)"
    if fsf == "draw" and ours in ("red_loses", "black_loses"):
        loser = "red" if ours == "red_loses" else "black"
        labels = red if loser == "red" else black
        if has(labels, "杀"):
            return "loser's cycle has 杀 (FSF: idle)"
        if has(labels, "将") and has(labels, "捉"):
            return "loser checks and chases (FSF: check+chase is no perpetual)"
        if has(labels, "捉"):
            return "loser chases; FSF sees no chase"
        if has(labels, "将"):
            return "loser checks; FSF sees no perpetual check"
        return "other: Qili forbids, FSF draws"
    if ours == "draw" and fsf in ("red_loses", "black_loses"):
        loser = "red" if fsf == "red_loses" else "black"
        labels = red if loser == "red" else black
        if has(both, "将") and loser == ("red" if has(red, "将") else "black"):
            return "FSF: perpetual check; Qili: check allowed (mutual/idle mix)"
        return "FSF: chase (loser); Qili: allowed (exempt/exchange/protected…)"
    if ours in ("red_loses", "black_loses") and fsf in ("red_loses", "black_loses"):
        return "opposite sides lose"
    return f"other ({ours} vs {fsf})"


def run_rotations(cli, games, reports):
    """Each game's final cycle entered one ply later, two plies later, …:
    the same moves from another of its positions, played twice. Every move
    must get the label it gets from the cycle's first position, and the
    ruling must be the same unless a shorter cycle lies inside (then the
    latest earlier occurrence, 24, is that one). A list of (edition, id@k),
    and how many rotations there were."""
    keys, lines = [], []
    for ed in EDITIONS:
        for g in games:
            span = final_cycle(reports[ed][g["id"]])
            if not span:
                continue
            start, length = span
            cycle = g["cut"][start : start + length]
            states = list(replay(g["fen"], g["cut"][: start] + cycle))
            for k in range(length):
                squares, red = states[start + k]
                moves = (cycle * 3)[k : k + 2 * length]
                keys.append((ed, g["id"], k, length))
                lines.append(json.dumps({"id": f"{g['id']}@{k}", "fen": to_fen(squares, red),
                                         "moves": moves, "rules": ed}))
    got = {key: json.loads(t) for key, t in zip(keys, run_batch(cli, lines))} if lines else {}
    differ = []
    for (ed, gid, k, length), r in got.items():
        if k == 0:
            continue
        base = got[(ed, gid, 0, length)]
        labels = [(m["label"], m["sub"]) for m in r["moves"]][length:]
        first = [(m["label"], m["sub"]) for m in base["moves"]][length:]
        whole = (final_cycle(r) or (0, 0))[1] == length
        if any(labels[i] != first[(k + i) % length] for i in range(length)) or (
            whole and r["ruling"] != base["ruling"]
        ):
            differ.append((ed, f"{gid}@{k}"))
    return differ, sum(1 for key in got if key[2])


def who_varied(g, r):
    """What the players did after the cut: the side whose move first left
    the cycle (`red` / `black`), or, if the game ended inside it, `ended`
    with the game's result."""
    span = final_cycle(r)
    if not span:
        return None
    length = span[1]
    moves, cut = g["moves"], len(g["cut"])
    red_first = g["fen"].split()[1] == "w"
    for i in range(cut, len(moves)):
        if moves[i] != moves[i - length]:
            return "red" if (i % 2 == 0) == red_first else "black"
    return "ended " + (g.get("result") or "*")


def varied_table(games, report):
    """Rows: the edition's ruling (what happens if the cycle goes on);
    columns: who left the cycle in the real game, or how it ended in it."""
    cols = ["red", "black", "ended 1-0", "ended 0-1", "ended 1/2-1/2", "ended *"]
    c = collections.Counter()
    for g in games:
        who = who_varied(g, report[g["id"]])
        if who:
            c[(report[g["id"]]["ruling"], who)] += 1
    rows = [[o] + [c[(o, w)] for w in cols] for o in ("red_loses", "black_loses", "draw")]
    agreeing = (("red_loses", "red"), ("red_loses", "ended 0-1"),
                ("black_loses", "black"), ("black_loses", "ended 1-0"))
    must = sum(c[k] for k in agreeing)
    ruled = sum(c[(o, w)] for o in ("red_loses", "black_loses") for w in cols)
    return table(rows, ["ruling \\ then", "red varied", "black varied"] + cols[2:]), must, ruled


def table(rows, header):
    w = [max(len(str(x)) for x in col) for col in zip(header, *rows)]
    fmt = lambda row: "| " + " | ".join(str(x).ljust(n) for x, n in zip(row, w)) + " |"  # noqa: E731
    return "\n".join([fmt(header), "|" + "|".join("-" * (n + 2) for n in w) + "|"] + [fmt(r) for r in rows])


def matrix(pairs, ours_name, theirs_name):
    c = collections.Counter(pairs)
    rows = []
    for o in RESULTS:
        rows.append([o] + [c[(o, t)] for t in RESULTS] + [sum(c[(o, t)] for t in RESULTS)])
    rows.append(["total"] + [sum(c[(o, t)] for o in RESULTS) for t in RESULTS] + [len(pairs)])
    return table(rows, [f"{ours_name} \\ {theirs_name}"] + list(RESULTS) + ["total"])


def distribution(values):
    c = collections.Counter(values)
    return table([[k, c[k], f"{100 * c[k] / max(1, len(values)):.1f}%"] for k in RESULTS if c[k]] +
                 [[k, v, f"{100 * v / max(1, len(values)):.1f}%"] for k, v in c.items() if k not in RESULTS],
                 ["result", "games", "share"])


def describe(g, r, fsf):
    c = r["cycle"] or {}
    lines = [
        f"- **{g['id']}** ({g.get('red', '').strip()} – {g.get('black', '').strip()}, {g.get('event', '')}), "
        f"cut at ply {g['rep3_ply']}: Qili AXF verdict `{r['verdict']}` (ruling `{r['ruling']}`), FSF `{fsf}`",
        f"  - final FEN `{r.get('final_fen')}`",
        f"  - cycle plies {c.get('first_ply')}–{c.get('last_ply')}, occurrences {c.get('occurrences')}",
    ]
    for side in ("red", "black"):
        s = c.get(side) or {}
        lines.append(
            f"  - {side}: {s.get('pattern')} labels {s.get('labels')} forbidden={s.get('forbidden')} "
            f"target={s.get('common_target')}"
        )
    first = c.get("first_ply") or 1
    for m in r["moves"][first - 1 : c.get("last_ply") or 0]:
        tg = ",".join(m.get("targets") or [])
        lines.append(
            f"    - {m['ply']} {m['side']} {m['iccs']} {m['zh']} {m['label']}"
            f"{'/' + m['sub'] if m.get('sub') else ''}{' →' + tg if tg else ''} ({m.get('clause')})"
        )
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--limit", type=int, default=0, help="only the first N repetition games")
    ap.add_argument("--corpus", default=DEFAULT_CORPUS)
    ap.add_argument("--examples", type=int, default=3, help="examples per category in the summary")
    args = ap.parse_args()
    if not os.path.exists(args.corpus):
        print(f"no corpus at {args.corpus}; nothing to check")
        return 0

    cli = build_cli()
    games = read_games(args.corpus, args.limit)
    qili, t_qili = run_qili(cli, games)
    fsf, t_fsf = run_fsf(games)
    asymmetric = run_symmetry(cli, games)
    disturbed, n_bystanders = run_bystanders(cli, games, qili)
    rotated, n_rotations = run_rotations(cli, games, qili)

    failures = []
    for ed in EDITIONS:
        for g in games:
            why = qili_problems(g, qili[ed][g["id"]])
            if why:
                failures.append((ed, g["id"], why))

    axf = qili["axf"]
    cxa = qili["cxa1999"]
    cxa20 = qili["cxa2020"]
    ids = [g["id"] for g in games]
    ok = [i for i in ids if not axf[i].get("error")]
    by_id = {g["id"]: g for g in games}
    n_moves = sum(len(g["cut"]) for g in games)

    out = []
    p = out.append
    p("# Corpus repetitions: Qili against Fairy-Stockfish\n")
    p(f"{len(games)} games with a position occurring three times, cut at the first third occurrence "
      f"({n_moves} moves). Qili: one `qili adjudicate --cases` batch of {len(EDITIONS) * len(games)} "
      f"cases ({', '.join(EDITIONS)}) in {t_qili:.2f} s. Fairy-Stockfish: `pyffish.is_optional_game_end` in {t_fsf:.2f} s.\n")
    p(f"Qili failures (error, unlabelled move, no cycle found): **{len(failures)}**\n")
    for ed, i, why in failures[:50]:
        p(f"- {ed} {i}: {why}")
    p(f"Games judged differently in a mirror or with the colours swapped (3 editions × 2 symmetries): "
      f"**{len(asymmetric)}**\n")
    for ed, sym, i in asymmetric[:50]:
        p(f"- {ed} {sym} {i}")
    p(f"Cycles judged differently with one bystander more (an uncrossed pawn no piece of the cycle bears "
      f"on; {n_bystanders} variants over the 3 editions): **{len(disturbed)}**\n")
    for ed, i in disturbed[:50]:
        p(f"- {ed} {i}")
    p(f"Cycles judged differently entered a ply or more later ({n_rotations} rotations over the 3 "
      f"editions): **{len(rotated)}**\n")
    for ed, i in rotated[:50]:
        p(f"- {ed} {i}")
    for ed, name in (("axf", "AXF"), ("cxa1999", "CXA 1999"), ("cxa2020", "CXA 2020")):
        p(f"\n## Qili {name}: verdict (binding at this ply)\n")
        p(distribution([qili[ed][i]["verdict"] for i in ok]))
        p(f"\n## Qili {name}: ruling (if the cycle goes on)\n")
        p(distribution([qili[ed][i]["ruling"] for i in ok]))
    p("\n## Fairy-Stockfish `is_optional_game_end`\n")
    p(distribution([fsf[i] for i in ok]))
    p("\n## Agreement: Qili AXF verdict (rows) × Fairy-Stockfish (columns)\n")
    p(matrix([(axf[i]["verdict"], fsf[i]) for i in ok], "Qili AXF verdict", "FSF"))
    agree = sum(axf[i]["verdict"] == fsf[i] for i in ok)
    p(f"\nAgreement: {agree}/{len(ok)} ({100 * agree / max(1, len(ok)):.1f}%)\n")
    p("\n## Agreement: Qili AXF ruling (rows) × Fairy-Stockfish (columns)\n")
    p(matrix([(axf[i]["ruling"], fsf[i]) for i in ok], "Qili AXF ruling", "FSF"))
    p("\n## Qili CXA 1999 ruling (rows) × Qili AXF ruling (columns)\n")
    p(matrix([(cxa[i]["ruling"], axf[i]["ruling"]) for i in ok if not cxa[i].get("error")],
             "CXA 1999 ruling", "AXF ruling"))
    p("\n## Qili CXA 2020 ruling (rows) × Qili CXA 1999 ruling (columns)\n")
    p(matrix([(cxa20[i]["ruling"], cxa[i]["ruling"]) for i in ok
              if not cxa[i].get("error") and not cxa20[i].get("error")],
             "CXA 2020 ruling", "CXA 1999 ruling"))
    p("\n## What the players did next\n")
    p("The games go on after the cut. Where an edition rules that one side must vary, did that side "
      "leave the cycle, did the other, or did the game end in it? Masters vary for many reasons (a "
      "cycle binds only later, the other side may want more than a draw), so this is evidence on "
      "positions no rulebook shows, not a test.\n")
    for ed, name in (("axf", "AXF"), ("cxa1999", "CXA 1999"), ("cxa2020", "CXA 2020")):
        text, must, ruled = varied_table([by_id[i] for i in ok], qili[ed])
        p(f"\n### {name}: {must} of {ruled} games ruled for one side were left or lost by that side "
          f"({100 * must / max(1, ruled):.1f}%)\n")
        p(text)
    p("\n## Cycle patterns of the losing side (Qili AXF ruling red_loses / black_loses)\n")
    pats = collections.Counter()
    for i in ok:
        r = axf[i]
        if r["ruling"] in ("red_loses", "black_loses"):
            side = "red" if r["ruling"] == "red_loses" else "black"
            pats[side_pattern(r, side)] += 1
    p(table([[k, v] for k, v in pats.most_common()], ["pattern", "games"]))

    cats = collections.defaultdict(list)
    for i in ok:
        if axf[i]["verdict"] != fsf[i]:
            cats[category(by_id[i], axf[i], fsf[i])].append(i)
    p("\n## Disagreements (AXF verdict ≠ FSF) by category\n")
    p(table([[k, len(v)] for k, v in sorted(cats.items(), key=lambda kv: -len(kv[1]))], ["category", "games"]))
    summary = "\n".join(out)
    for k, v in sorted(cats.items(), key=lambda kv: -len(kv[1])):
        p(f"\n### {k} ({len(v)})\n")
        for n, i in enumerate(v):
            p(describe(by_id[i], axf[i], fsf[i]))
    os.makedirs(os.path.dirname(REPORT), exist_ok=True)
    with open(REPORT, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    print(summary)
    print(f"\nfull report with every disagreement: {os.path.relpath(REPORT, ROOT)}")
    if failures or asymmetric or disturbed or rotated:
        print(f"\nFAILED: Qili failed on {len(failures)} game(s); {len(asymmetric)} judged "
              "differently in a mirror or with the colours swapped; "
              f"{len(disturbed)} cycles changed by a bystander, {len(rotated)} by where they start",
              file=sys.stderr)
        return 1
    print(f"\ncorpus_repetitions: {len(games)} games, Qili failed on none")
    return 0


if __name__ == "__main__":
    sys.exit(main())
