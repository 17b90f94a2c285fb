// The JS API as a Node user sees it: the package directory built by
// scripts/build_npm.sh, loaded the way `require("qili")` would load it.
//
//   bash scripts/test_node.sh            # builds, then runs this file
//   node --test tests/node/                # after a build
//
// QILI_NPM_DIR overrides the package directory; QILI_CLI, if set to the
// `qili` binary, makes the adjudication test compare with `qili adjudicate`.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const pkgDir = process.env.QILI_NPM_DIR ?? resolve(here, "../../target/npm/qili");
const qili = createRequire(import.meta.url)(pkgDir);
const pkg = JSON.parse(readFileSync(resolve(pkgDir, "package.json"), "utf8"));

const START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
// 1999 图一: the lone rook checks every move (长将).
const FIGURE_1 = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w";
// 2020 图2: the horse chases the rook, which offers an exchange once.
const FIGURE_2020_2 = "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w - - 0 1";

/** Calls `f`; returns the thrown value (failing if nothing was thrown). */
function thrown(f) {
  try {
    f();
  } catch (e) {
    return e;
  }
  assert.fail("expected an exception");
}

test("the package directory", () => {
  assert.equal(pkg.name, "qili");
  assert.match(pkg.version, /^\d+\.\d+\.\d+/);
  assert.equal(pkg.version, qili.version());
  for (const field of ["main", "types"]) {
    assert.ok(pkg.files.includes(pkg[field]), `${field} is in files`);
  }
  for (const f of pkg.files) readFileSync(resolve(pkgDir, f));
  const names = Object.keys(qili).sort();
  assert.deepEqual(names, [
    "adjudicate", "convert", "labelMove", "legalMoves", "parseRecord", "perft", "play",
    "readFen", "startFen", "version", "writeFen",
  ]);
});

test("legal moves from the start", () => {
  assert.equal(qili.startFen(), START);
  const moves = qili.legalMoves();
  assert.equal(moves.length, 44);
  assert.deepEqual(qili.legalMoves(START), moves);
  assert.deepEqual([...moves].sort(), moves, "sorted by ICCS");
  assert.ok(qili.legalMoves(null, "zh").includes("炮二平五"));
  assert.ok(qili.legalMoves(undefined, "wxf").includes("C2=5"));
  assert.ok(qili.legalMoves(START, "zh-trad").includes("傌二進三"));
  assert.equal(qili.perft(null, 0), 1);
  assert.equal(qili.perft(START, 3), 79666);
});

test("play returns the new FEN", () => {
  const after = qili.play(START, "炮二平五");
  assert.equal(after, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
  assert.equal(qili.play(null, "h2e2"), after);
  assert.equal(qili.play(null, "C2=5"), after);
  const info = qili.readFen(after);
  assert.equal(info.turn, "black");
  assert.equal(info.board.e2, "C");
  assert.equal(info.board.h2, undefined);
  const next = qili.play(after, "马8进7");
  assert.equal(qili.readFen(next).board.g7, "n");
});

test("FEN read and write", () => {
  const start = qili.readFen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r");
  assert.equal(start.fen, START);
  assert.equal(start.valid, true);
  assert.equal(start.strict, true);
  assert.deepEqual(start.problems, []);
  assert.equal(start.check, false);
  assert.equal(start.outcome, null);
  assert.equal(Object.keys(start.board).length, 32);
  assert.equal(qili.writeFen(start), START);

  const composed = qili.readFen("3k5/9/9/9/9/9/9/A7A/9/4K4 w");
  assert.equal(composed.valid, true);
  assert.equal(composed.strict, false);
  assert.deepEqual(composed.problems.map((p) => [p.code, p.square, p.tolerated]), [
    ["impossible_square", "a2", true],
    ["impossible_square", "i2", true],
  ]);

  const facing = qili.readFen("4k4/9/9/9/9/9/9/9/9/4K4 w");
  assert.equal(facing.valid, false);
  assert.equal(facing.problems[0].code, "kings_facing");
  assert.equal(facing.check, null);
  assert.equal(qili.writeFen(facing), facing.fen);

  const mate = qili.readFen("3k5/3R5/3R5/9/9/9/9/9/9/4K4 b");
  assert.deepEqual(mate.outcome, { winner: "red", reason: "checkmate" });
  assert.equal(mate.check, true);
  assert.deepEqual(qili.legalMoves(mate.fen), []);

  assert.equal(
    qili.writeFen({ board: { e0: "K", e9: "k", a3: "P" }, turn: "black" }),
    "4k4/9/9/9/9/9/P8/9/9/4K4 b - - 0 1",
  );
});

test("notation convert round trip", () => {
  const iccs = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b0c2", "c6c5", "h0h4", "b7a7"];
  const zh = qili.convert(null, iccs, "zh");
  assert.deepEqual(zh.slice(0, 2), ["炮二平五", "马8进7"]);
  const trad = qili.convert(null, zh.join(" "), "zh-trad", "zh");
  assert.deepEqual(trad.slice(0, 2), ["炮二平五", "馬８進７"]);
  const wxf = qili.convert(START, trad, "wxf");
  assert.deepEqual(wxf.slice(0, 2), ["C2=5", "H8+7"]);
  assert.deepEqual(qili.convert(null, wxf, "iccs", "wxf"), iccs);
  // Move numbers and the result of a pasted game are skipped; notations may mix.
  assert.deepEqual(qili.convert(null, "1. 炮二平五 H8+7 2. h0g2 1-0", "iccs"), iccs.slice(0, 3));
});

test("adjudicate the 1999 图一 case", () => {
  const report = qili.adjudicate("cxa1999", FIGURE_1, "f0e0 e8f8 e0f0 f8e8");
  assert.equal(report.rules, "cxa1999");
  assert.equal(report.ruling, "red_loses");
  assert.deepEqual(report.moves.map((m) => m.label), ["将", "闲", "将", "闲"]);
  assert.equal(report.cycle.red.pattern, "长将");
  assert.equal(report.cycle.red.forbidden, true);
  assert.equal(typeof report.explanation.zh, "string");
  // The same game as an array, in Chinese.
  const zh = qili.adjudicate("cxa1999", FIGURE_1, ["车四平五", "将5平6", "车五平四", "将6平5"]);
  assert.deepEqual(zh, report);
  // labelMove gives the entry of adjudicate's moves.
  assert.deepEqual(qili.labelMove("cxa1999", FIGURE_1, "车四平五"), report.moves[0]);
});

test("the same object as `qili adjudicate`", { skip: !process.env.QILI_CLI && "QILI_CLI not set" }, () => {
  for (const [rules, fen, moves] of [
    ["cxa1999", FIGURE_1, "f0e0 e8f8 e0f0 f8e8"],
    ["cxa2020", FIGURE_2020_2, "h6i4 i9h9 i4h6 h9i9"],
    ["axf", START, "h2e2 h9g7"],
  ]) {
    const out = execFileSync(process.env.QILI_CLI, ["adjudicate", "--rules", rules, "--fen", fen, "--moves", moves]);
    assert.deepEqual(qili.adjudicate(rules, fen, moves), JSON.parse(out), `${rules} ${moves}`);
  }
});

test("game records: PGN and DhtmlXQ text, XQF bytes", () => {
  const pgn = '[Event "例"]\n[Red "胡荣华"]\n1. 炮二平五 {中炮} 马8进7 (1... 炮8平5) 2. 马二进三 1-0\n';
  const { games, errors } = qili.parseRecord(pgn);
  assert.deepEqual(errors, []);
  assert.equal(games.length, 1);
  const [game] = games;
  assert.deepEqual(game.tags, { Event: "例", Red: "胡荣华" });
  assert.equal(game.result, "1-0");
  assert.equal(game.fen, START);
  assert.deepEqual(game.moves.map((m) => m.iccs), ["h2e2", "h9g7", "h0g2"]);
  assert.equal(game.moves[0].comment, "中炮");
  assert.equal(game.moves[1].variations[0].moves[0].zh, "炮8平5");
  assert.equal(game.final_fen, qili.play(qili.play(qili.play(null, "h2e2"), "h9g7"), "h0g2"));
  // The same bytes as a Uint8Array and an ArrayBuffer.
  const bytes = new TextEncoder().encode(pgn);
  assert.deepEqual(qili.parseRecord(bytes), { games, errors });
  assert.deepEqual(qili.parseRecord(bytes.buffer), { games, errors });

  const ubb = "[DhtmlXQ][DhtmlXQ_red]胡荣华[/DhtmlXQ_red][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQ]";
  const dx = qili.parseRecord(ubb).games[0];
  assert.deepEqual(dx.tags, { Red: "胡荣华" });
  assert.deepEqual(dx.moves.map((m) => m.zh), ["炮二平五", "马8进7"]);

  // One bad game among good ones is reported, the others still read.
  const mixed = qili.parseRecord(`${pgn}\n[Event "bad"]\n1. 炮二平五 马2进8\n`);
  assert.equal(mixed.games.length, 1);
  assert.equal(mixed.errors.length, 1);
  assert.equal(mixed.errors[0].game, 2);
  assert.match(mixed.errors[0].message, /game 2/);
  // Nothing readable throws.
  assert.equal(thrown(() => qili.parseRecord("")).message, "no game found in the record");
  assert.ok(thrown(() => qili.parseRecord(42)) instanceof Error);
});

const SHARED = process.env.QILI_SHARED ?? resolve(here, "../../../shared");
const XQF = resolve(SHARED, "corpus/records/xqf/ee_SAMPLE.xqf");

test("an XQF file from the corpus", { skip: !existsSync(XQF) && `no ${XQF}` }, () => {
  const expected = JSON.parse(readFileSync(XQF.replace(/\.xqf$/, ".expected.json"), "utf8"));
  const file = readFileSync(XQF);
  const bytes = new Uint8Array(file.buffer, file.byteOffset, file.byteLength);
  const [game] = qili.parseRecord(bytes).games;
  assert.equal(game.fen, expected.fen);
  assert.deepEqual(game.moves.map((m) => m.iccs), expected.moves);
});

const CBL = resolve(SHARED, "corpus/records/ccbridge/cc_1989_longhua.cbl");

test("a 象棋桥 library from the corpus", { skip: !existsSync(CBL) && `no ${CBL}` }, () => {
  const expected = JSON.parse(readFileSync(CBL.replace(/\.cbl$/, ".expected.json"), "utf8"));
  const file = readFileSync(CBL);
  const { games, errors } = qili.parseRecord(new Uint8Array(file.buffer, file.byteOffset, file.byteLength));
  assert.deepEqual(errors, []);
  assert.equal(games.length, 35);
  games.forEach((g, i) => {
    assert.equal(g.tags.Title, expected.games[i].title);
    assert.deepEqual(g.moves.map((m) => m.iccs), expected.games[i].moves);
  });
  assert.deepEqual([...new Set(games.map((g) => g.tags.Section))], expected.sections);
});

/** Field names of each interface declared in the .d.ts. */
function declaredFields(dts) {
  const out = {};
  for (const [, name, body] of dts.matchAll(/export interface (\w+) \{([\s\S]*?)\n\}/g)) {
    const fields = [...body.replace(/\/\*\*[\s\S]*?\*\//g, "").matchAll(/^\s*(\w+)\??:/gm)].map((m) => m[1]);
    out[name] = fields.sort();
  }
  return out;
}

test("the .d.ts declares the objects returned", () => {
  const declared = declaredFields(readFileSync(resolve(pkgDir, pkg.types), "utf8"));
  const keys = (o) => Object.keys(o).sort();
  const check = (name, obj) => assert.deepEqual(keys(obj), declared[name], `interface ${name}`);

  const report = qili.adjudicate("cxa2020", FIGURE_2020_2, "h6i4 i9h9 i4h6 h9i9");
  check("Report", report);
  assert.deepEqual(Object.keys(report.by_edition), ["cxa1999", "cxa2020", "axf"]);
  check("EditionResult", report.by_edition.axf);
  check("Bilingual", report.explanation);
  check("CycleReport", report.cycle);
  check("SideReport", report.cycle.red);
  for (const m of report.moves) check("MoveReport", m);
  const chase = report.moves.flatMap((m) => m.chases)[0];
  assert.ok(chase, "a chase to check");
  check("ChaseReport", chase);
  const claim = report.moves.flatMap((m) => m.claims)[0];
  assert.ok(claim, "a claim to check");
  check("ClaimReport", claim);

  const record = qili.parseRecord('[Red "x"]\n1. 炮二平五 {c} (1. 马二进三) 马8进7 *');
  check("RecordFile", record);
  check("RecordGame", record.games[0]);
  check("RecordMove", record.games[0].moves[0]);
  check("RecordLine", record.games[0].moves[0].variations[0]);
  check("RecordError", qili.parseRecord('1. h2e2\n\n[Event "2"]\n1. h2h8').errors[0]);

  const info = qili.readFen("3k5/3R5/3R5/9/9/9/9/9/9/A3K4 b");
  check("FenInfo", info);
  check("FenProblem", info.problems[0]);
  check("Outcome", info.outcome);
  for (const name of ["adjudicate(rules: Rules", "labelMove(rules: Rules", "readFen(fen: string): FenInfo"]) {
    assert.ok(readFileSync(resolve(pkgDir, pkg.types), "utf8").includes(name), name);
  }
});

test("errors are Error instances that say what and where", () => {
  const cases = [
    [() => qili.convert(null, "炮二平五 马8进7 马二进三 马8进7", "iccs"), "move 4: 马8进7 — no black horse on file 8"],
    [() => qili.adjudicate("cxa1999", null, ["h2e2", "h2e2"]), "move 2: h2e2 — not a legal move here"],
    [() => qili.play(null, "马2进8"), "马2进8 — the red horse on file 2 (h0) cannot move forward to file 8"],
    [() => qili.legalMoves("rnbakabnr/9/9/9/9/9/9/9/9/RNBAKXBNR w"), "fen: unexpected character 'X' in rank 0 of the FEN (column 32)"],
    [() => qili.play("4k4/9/9/9/9/9/9/9/9/4K4 w", "e0e1"), "fen: illegal position: the kings face each other on an open file"],
    [() => qili.adjudicate("fide", null, []), "unknown rules 'fide' (expected cxa1999, cxa2020 or axf)"],
    [() => qili.legalMoves(null, "san"), "unknown notation 'san'"],
    [() => qili.legalMoves(42), "fen must be a string, not number"],
    [() => qili.adjudicate("axf", null, ["h2e2", 7]), "moves[1] must be a string, not number"],
    [() => qili.perft(null, -1), "depth must be a whole number ≥ 0, not -1"],
    [() => qili.writeFen({ board: { e0: "X" } }), "board.e0: 'X' is not a FEN piece letter"],
    [() => qili.writeFen({ board: { j0: "K" } }), "board: 'j0' is not a point"],
    [() => qili.writeFen("e0"), "setup must be an object with a board, not string"],
    [() => qili.readFen("9/9/9 w"), "fen: the board field of the FEN has 3 ranks, expected 10"],
  ];
  for (const [f, message] of cases) {
    const e = thrown(f);
    assert.ok(e instanceof Error, `${message}: an Error`);
    assert.ok(!(e instanceof WebAssembly.RuntimeError), `${message}: not a trap`);
    assert.ok(e.message.startsWith(message), `"${e.message}" starts with "${message}"`);
  }
});

/** A small deterministic generator (xorshift32) for garbage text. */
function rng(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
}

function garbageText(next) {
  const parts = [
    "rnbakabnr", "/", "9", "1", "k", "K", "w", "b", " ", "-", "0", "h2e2", "炮", "二", "平", "五",
    "进", "8", "前", "后", "+", "=", "C", "R", "a", "i", "１", "馬", "\u0000", "\ud800", "🀄", "1.",
    "99999999999", "3k5/9/9/9/9/9/9/9/9/4K4 w", FIGURE_1, "\n",
  ];
  let s = "";
  for (let n = next() % 14; n > 0; n--) {
    s += next() % 6 === 0 ? String.fromCharCode(next() % 0x10000) : parts[next() % parts.length];
  }
  return s;
}

test("garbage never crashes the module", () => {
  const hostile = new Proxy({}, {
    get() {
      throw new Error("hostile getter");
    },
    ownKeys() {
      throw new Error("hostile keys");
    },
  });
  const values = [
    undefined, null, 0, -1, 1.5, NaN, Infinity, -Infinity, 1e300, 2 ** 53, 5n, true, false,
    "", " ", "\u0000", "\ud800", "🀄".repeat(1000), "x".repeat(1 << 20), "h2e2 ".repeat(2000),
    {}, [], [1, 2], [null], ["h2e2", {}], { board: 5 }, { board: { e0: 7 } }, { board: [] },
    { board: { e0: "K" }, turn: 3 }, { board: {}, halfmoves: -1 }, { board: {}, fullmoves: 1.5 },
    () => 1, Symbol("s"), new Date(0), new Uint8Array(4), new Map([["e0", "K"]]), hostile,
  ];
  const fns = [
    (v) => qili.legalMoves(v),
    (v) => qili.legalMoves(null, v),
    (v) => qili.play(v, "h2e2"),
    (v) => qili.play(null, v),
    (v) => qili.readFen(v),
    (v) => qili.writeFen(v),
    (v) => qili.writeFen({ board: v }),
    (v) => qili.convert(v, "h2e2", "zh"),
    (v) => qili.convert(null, v, "zh"),
    (v) => qili.convert(null, "h2e2", v),
    (v) => qili.convert(null, "h2e2", "zh", v),
    (v) => qili.labelMove(v, null, "h2e2"),
    (v) => qili.labelMove("axf", v, "h2e2"),
    (v) => qili.labelMove("axf", null, v),
    (v) => qili.adjudicate(v, null, []),
    (v) => qili.adjudicate("cxa1999", v, []),
    (v) => qili.adjudicate("cxa1999", FIGURE_1, v),
    (v) => qili.perft(v, 1),
    (v) => qili.parseRecord(v),
    (v) => qili.perft(null, typeof v === "number" && v >= 0 && v <= 4 ? -v - 1 : v),
  ];
  const next = rng(20240601);
  const texts = Array.from({ length: 300 }, () => garbageText(next));
  let errors = 0;
  for (const f of fns) {
    for (const v of [...values, ...texts]) {
      try {
        f(v);
      } catch (e) {
        errors++;
        assert.ok(!(e instanceof WebAssembly.RuntimeError), `trap: ${e.message}`);
        assert.ok(e instanceof Error, `an Error, not ${typeof e}`);
        assert.ok(e.message.length > 0, "a message");
      }
    }
  }
  assert.ok(errors > 1000, `most garbage is refused (${errors} errors)`);
  // The module still works.
  assert.equal(qili.legalMoves().length, 44);
  assert.equal(qili.adjudicate("cxa1999", FIGURE_1, "f0e0 e8f8 e0f0 f8e8").ruling, "red_loses");
});

test("the web build: init once, then the same API", async () => {
  const webDir = resolve(pkgDir, "../qili-web");
  const webPkg = JSON.parse(readFileSync(resolve(webDir, "package.json"), "utf8"));
  assert.equal(webPkg.type, "module");
  assert.equal(webPkg.version, pkg.version);
  const web = await import(resolve(webDir, webPkg.main));
  await web.default({ module_or_path: readFileSync(resolve(webDir, "qili_bg.wasm")) });
  assert.equal(web.legalMoves().length, 44);
  assert.equal(web.adjudicate("cxa1999", FIGURE_1, "f0e0 e8f8 e0f0 f8e8").ruling, "red_loses");
  assert.ok(thrown(() => web.play(null, "h2h8")) instanceof Error);
});
