#!/usr/bin/env python3
"""Generate site/data/library.tsv, the 棋例 examples the web site replays.

    python3 scripts/gen_library.py            # rewrite site/data/library.tsv
    python3 scripts/gen_library.py --check    # fail if the file is out of date

Reads the rulebook cases (/work/shared/cases/*.jsonl, or $QILI_CASES) and our
own compositions for the 1999 figures that have no published position
(crates/qili/tests/data/cxa1999-composed.jsonl).

Only facts go into the site: the id, the library section, the figure's name, the
clause it illustrates, the start position and the moves. The expected answers
and the sources' commentary (expect, ruling_zh, summary, note, why …) are
dropped on purpose: the rules engine, running in the browser, must reach every
label and ruling by itself. Cases without a position are skipped.

Columns (tab-separated, one case a line, in library order, no header: the site's first load counts every byte):
    id  group  title  clause  related  composed  fen  moves
group: a section of the library, which names the edition too (cxa1999; cxa2020-fig and cxa2020-ref: cxa2020; the
rest: axf).
clause: the item of the 1999 chapter 7 the figure illustrates, or empty.
related: the id of the same diagram in another edition, or empty.
composed: 1 for our own compositions.  moves: ICCS, space-separated.
"""

import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CASES = os.environ.get("QILI_CASES", "/work/shared/cases")
COMPOSED = os.path.join(ROOT, "crates/qili/tests/data/cxa1999-composed.jsonl")
OUT = os.path.join(ROOT, "site/data/library.tsv")

ICCS = re.compile(r"^[a-i][0-9][a-i][0-9]$")
AXF_GROUPS = ["axf-d", "axf-appendix", "axf-extra"]


def read(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def clean(text):
    text = str(text)
    if "\t" in text or "\n" in text:
        sys.exit(f"gen_library: a tab or newline in {text!r}")
    return text


def row(case, group, title, clause="", related="", composed=False):
    moves = case.get("moves") or []
    for m in moves:
        if not ICCS.match(m):
            sys.exit(f"gen_library: {case['id']}: {m!r} is not an ICCS move")
    return "\t".join(
        clean(x)
        for x in (
            case["id"],
            group,
            title,
            clause,
            related,
            "1" if composed else "",
            # The board and the side to move: the counters of a diagram are
            # always "- - 0 1", and the site's first load counts every byte.
            " ".join(case["fen"].split()[:2]),
            " ".join(moves),
        )
    )


def cxa2020_title(case):
    m = re.search(r"numbering: (参考图\d+|图\d+)", case.get("source", ""))
    name = m.group(1) if m else case["id"]
    if "variant" in case.get("source", ""):
        name += "′"
    return name


def axf_title(case):
    src = case.get("source", "")
    m = re.search(r"example (D\d+\??)", src)
    if m:
        return "AXF " + m.group(1), "axf-d"
    number = case["id"].split("-")[-1]
    if "Appendix" in src:
        return "AXF #" + number, "axf-appendix"
    if "example ?" in src:
        return "AXF D? #" + number, "axf-d"
    return "AXF #" + number, "axf-extra"


def main():
    if not os.path.isdir(CASES):
        if "--check" in sys.argv[1:]:
            print(f"gen_library: {CASES} not found; check skipped", file=sys.stderr)
            return
        sys.exit(f"gen_library: {CASES} not found (set QILI_CASES)")
    composed = {c["id"]: c for c in read(COMPOSED)}
    cxa2020 = read(os.path.join(CASES, "cxa2020.jsonl"))
    to_1999 = {c["id"]: "cxa1999-" + c["rules1999_figure"] for c in cxa2020 if c.get("rules1999_figure")}
    to_2020 = {v: k for k, v in to_1999.items()}

    rows = []
    for case in read(os.path.join(CASES, "cxa1999.jsonl")):
        ours = case["id"] in composed
        if ours:
            case = composed[case["id"]] | {"clause_item": case.get("clause_item")}
        if "fen" not in case:
            continue
        figure = case["id"].split("-", 1)[1]
        rows.append(
            row(case, "cxa1999", "1999 " + figure, case.get("clause_item") or "",
                to_2020.get(case["id"], ""), ours)
        )
    for case in cxa2020:
        if "fen" not in case:
            continue
        title = cxa2020_title(case)
        group = "cxa2020-ref" if title.startswith("参考") else "cxa2020-fig"
        rows.append(row(case, group, "2020 " + title, "", to_1999.get(case["id"], "")))
    axf = []
    for case in read(os.path.join(CASES, "axf.jsonl")):
        if "fen" not in case:
            continue
        title, group = axf_title(case)
        axf.append((AXF_GROUPS.index(group), row(case, group, title)))
    rows.extend(r for _, r in sorted(axf, key=lambda x: x[0]))  # stable: file order within a group
    for case in read(os.path.join(CASES, "fsf.jsonl")):
        if "fen" not in case:
            continue
        rows.append(row(case, "fsf", "FSF " + case["id"].split("-")[-1]))

    text = "\n".join(rows) + "\n"
    if "--check" in sys.argv[1:]:
        with open(OUT, encoding="utf-8") as f:
            if f.read() != text:
                sys.exit("gen_library: site/data/library.tsv is out of date; run scripts/gen_library.py")
        return
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"gen_library: {len(rows)} cases -> {os.path.relpath(OUT, ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
