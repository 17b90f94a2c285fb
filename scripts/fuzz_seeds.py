#!/usr/bin/env python3
"""Writes the committed fuzz seeds, fuzz/seeds/TARGET/*, from ../shared.

Small inputs only (a few KB each, a few dozen per target): libFuzzer grows
its working corpus (fuzz/corpus/TARGET, not committed) from them.

    python3 scripts/fuzz_seeds.py            # rewrites fuzz/seeds/
    python3 scripts/fuzz_seeds.py --check    # fails if fuzz/seeds/ is not what it writes

The adjudicate seeds replay real games: each move is written as its index
among the legal moves in ICCS order (what the target reads), found with
pyffish, so the fuzzer starts from real repetitions and mutates them.
"""

import argparse
import gzip
import hashlib
import json
import os
import re
import shutil
import sys
import tempfile
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(os.path.dirname(ROOT), "shared")
CASES = os.path.join(SHARED, "cases")
CORPUS = os.path.join(SHARED, "corpus")
RECORDS = os.path.join(CORPUS, "records")
SEEDS = os.path.join(ROOT, "fuzz", "seeds")
COMPOSED = os.path.join(ROOT, "crates", "qili", "tests", "data")
COMPOSED_EVERY = 25
# Seeds kept per target; the adjudicator's are the rulebook's cases and more.
SEEDS_PER_TARGET = 60
SEEDS_FOR = {"adjudicate": 500}
START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
EDITIONS = {"cxa1999": 0, "cxa2020": 1, "axf": 2}
MAX_FILE = 8192
# A move in Chinese notation, as the PGN sample writes them (炮二平五, 馬８進７).
ZH_MOVE = "[車俥车馬傌马炮砲包相象仕士帥帅將将兵卒前後后中][一二三四五六七八九１２３４５６７８９][進进退平][一二三四五六七八九１２３４５６７８９]"
# Plies of a corpus game replayed before its first third occurrence.
REPLAY = 40


def cases():
    out = []
    for name in sorted(os.listdir(CASES)):
        if name.endswith(".jsonl"):
            with open(os.path.join(CASES, name), encoding="utf-8") as f:
                out += [json.loads(line) for line in f if line.strip()]
    # Some 1999 cases have no position yet (only a candidate one).
    return [c for c in out if "fen" in c and "moves" in c]


def repetition_games(n):
    """The first n corpus games with a position occurring three times."""
    out = []
    with gzip.open(os.path.join(CORPUS, "games.jsonl.gz"), "rt", encoding="utf-8") as f:
        for line in f:
            g = json.loads(line)
            if g.get("rep3_ply"):
                out.append(g)
                if len(out) == n:
                    break
    return out


def to_iccs(uci):
    """pyffish's xiangqi move (ranks 1-10) in ICCS (ranks 0-9)."""
    a, r1, b, r2 = re.fullmatch(r"([a-i])(\d+)([a-i])(\d+)", uci).groups()
    return f"{a}{int(r1) - 1}{b}{int(r2) - 1}"


def to_uci(iccs):
    return f"{iccs[0]}{int(iccs[1]) + 1}{iccs[2]}{int(iccs[3]) + 1}"


def move_bytes(fen, moves):
    """Each move as its index among the legal moves in ICCS order."""
    import pyffish

    out, played = bytearray(), []
    for m in moves:
        legal = sorted(to_iccs(u) for u in pyffish.legal_moves("xiangqi", fen, played))
        out.append(legal.index(m))
        played.append(to_uci(m))
    return bytes(out)


def composed():
    """Every COMPOSED_EVERY-th position composed for the engine's tests (the
    concepts of the ledger, mirrored and with the colours swapped), and every
    composed 1999 figure."""
    out = []
    for name in sorted(os.listdir(COMPOSED)):
        if name.endswith(".jsonl"):
            with open(os.path.join(COMPOSED, name), encoding="utf-8") as f:
                lines = [json.loads(line) for line in f if line.strip()]
            out += lines[::COMPOSED_EVERY] if len(lines) > COMPOSED_EVERY else lines
    return [c for c in out if "fen" in c and c.get("moves")]


def seeds_adjudicate():
    """Real repetitions, then every rulebook case and a sample of the composed
    ones, each under its own edition: the fuzzer mutates the positions the
    rules are about (a seeded run found a colour asymmetry on 5 December 2026
    that runs from real games alone had not)."""
    import pyffish

    for g in repetition_games(20):
        end = g["rep3_ply"]
        begin = max(0, end - REPLAY)
        uci = [to_uci(m) for m in g["moves"][:begin]]
        fen = pyffish.get_fen("xiangqi", g["fen"], uci) if uci else g["fen"]
        body = move_bytes(fen, g["moves"][begin:end])
        yield g["id"], bytes([begin % 3]) + fen.encode() + b"\n" + body
    for c in cases() + composed():
        edition = EDITIONS.get(c["rules"], 0)
        if c["moves"]:
            yield c["id"], bytes([edition]) + c["fen"].encode() + b"\n" + move_bytes(c["fen"], c["moves"])


def seeds_text(field):
    for c in cases():
        value = c.get(field)
        text = " ".join(value) if isinstance(value, list) else value
        if text:
            yield c["id"], text.encode()


def seeds_url():
    yield "library", b"#/"
    yield "about", b"#/about"
    yield "studies", b"#/studies"
    for c in cases():
        q = urllib.parse.quote(c["id"])
        yield f"case-{c['id']}", f"#/case/{q}?rules={c['rules']}&ply=2".encode()
        fen = urllib.parse.quote(c["fen"], safe="")
        moves = "+".join(c["moves"])
        yield c["id"], f"#/analysis?fen={fen}&moves={moves}&rules={c['rules']}&ply=1".encode()
        if c.get("moves_wxf"):
            wxf = c["moves_wxf"].replace(" ", "%20")
            yield c["id"] + "-wxf", f"#/analysis?fen={fen}&moves={wxf}".encode()


def seeds_studies():
    studies = [
        {
            "id": c["id"],
            "name": c["id"],
            "notes": c.get("note", ""),
            "fen": c["fen"],
            "moves": " ".join(c["moves"]),
            "rules": c["rules"] if c["rules"] in EDITIONS else "",
            "ply": len(c["moves"]) // 2,
            "created": 1764547200000 + i,
            "updated": 1764547200000 + 2 * i,
        }
        for i, c in enumerate(cases())
    ]
    for i in range(0, len(studies), 8):
        doc = {"format": "qili-studies", "version": 1, "studies": studies[i : i + 8]}
        yield f"doc-{i // 8:02}", json.dumps(doc, ensure_ascii=False).encode()
    yield "empty", b'{"format":"qili-studies","version":1,"studies":[]}'


def files(directory, suffixes):
    path = os.path.join(RECORDS, directory) if directory else os.path.join(CORPUS, "pgn-sample")
    for name in sorted(os.listdir(path)):
        if name.endswith(suffixes):
            with open(os.path.join(path, name), "rb") as f:
                yield name, f.read()


def targets():
    return {
        "adjudicate": seeds_adjudicate(),
        "fen": ((c["id"], c["fen"].encode()) for c in cases()),
        "iccs": seeds_text("moves"),
        "wxf": (
            (f"{i}-{n}", m.encode())
            for i, t in seeds_text("moves_wxf")
            for n, m in enumerate(t.decode().split()[:4])
        ),
        "zh": (
            (f"{name}-{n}", m.encode())
            for name, data in files("", (".pgn",))
            for n, m in enumerate(re.findall(ZH_MOVE, data.decode("cp950", "replace"))[:6])
        ),
        # Real openings; the target picks moves in its own order, so these
        # are games only up to the first few plies, then random ones.
        "notation_write": (
            (g["id"], move_bytes(START, g["moves"][:60])) for g in repetition_games(10) if g["fen"] == START
        ),
        "record_pgn": files("", (".pgn",)),
        "record_xqf": files("xqf", (".xqf",)),
        "record_dhtmlxq": files("dhtmlxq", (".ubb",)),
        "record_ccbridge": files("ccbridge", (".cbr", ".cbf", ".cbl")),
        "url_state": seeds_url(),
        "studies": seeds_studies(),
    }


def write(out_dir):
    for target, seeds in targets().items():
        d = os.path.join(out_dir, target)
        os.makedirs(d, exist_ok=True)
        seen = set()
        for name, data in seeds:
            if len(data) > MAX_FILE or data in seen or len(seen) >= SEEDS_FOR.get(target, SEEDS_PER_TARGET):
                continue
            seen.add(data)
            safe = re.sub(r"[^A-Za-z0-9_.-]", "_", name)[:40]
            digest = hashlib.sha1(data).hexdigest()[:8]
            with open(os.path.join(d, f"{safe}-{digest}"), "wb") as f:
                f.write(data)


def tree(d):
    out = {}
    for base, _, names in os.walk(d):
        for n in names:
            p = os.path.join(base, n)
            with open(p, "rb") as f:
                out[os.path.relpath(p, d)] = f.read()
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    if args.check:
        with tempfile.TemporaryDirectory() as tmp:
            write(tmp)
            if tree(tmp) != tree(SEEDS):
                sys.exit("fuzz/seeds/ is stale: run python3 scripts/fuzz_seeds.py")
        return
    shutil.rmtree(SEEDS, ignore_errors=True)
    write(SEEDS)


if __name__ == "__main__":
    main()
