//! The `qili` binary as a user runs it: output, exit codes, error messages.

use std::process::{Command, Output};

fn qili(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qili"))
        .args(args)
        .output()
        .expect("the qili binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("UTF-8 output")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("UTF-8 errors")
}

/// Runs and expects success; returns standard output.
fn ok(args: &[&str]) -> String {
    let o = qili(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    stdout(&o)
}

/// Runs and expects exit code 2 with a message and no panic; returns standard error.
fn fails(args: &[&str]) -> String {
    let o = qili(args);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert!(!err.trim().is_empty(), "{args:?}: no message");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    err
}

const MIDGAME: &str = "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C1N2/9/R1BAKAB1R w - - 0 1";

#[test]
fn perft_counts() {
    assert_eq!(ok(&["perft", "3"]), "79666\n");
    assert_eq!(ok(&["perft", "0"]), "1\n");
    assert_eq!(ok(&["perft", "--fen", qili::fen::START, "2"]), "1920\n");
}

#[test]
fn perft_divide() {
    let out = ok(&["perft", "--divide", "2"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 45);
    assert_eq!(*lines.last().unwrap(), "1920");
    let mut sum = 0;
    let mut names = Vec::new();
    for l in &lines[..44] {
        let (m, n) = l.split_once(": ").unwrap();
        assert_eq!(m.len(), 4, "{l}");
        names.push(m.to_string());
        sum += n.parse::<u64>().unwrap();
    }
    assert_eq!(sum, 1920);
    assert!(names.windows(2).all(|w| w[0] < w[1]), "sorted");
    assert!(names.contains(&"h2e2".to_string()));
    let out = ok(&["perft", "--fen", MIDGAME, "--divide", "1"]);
    let count: usize = out.lines().last().unwrap().parse().unwrap();
    assert_eq!(out.lines().count(), count + 1);
}

#[test]
fn moves_in_each_notation() {
    let iccs = ok(&["moves"]);
    assert_eq!(iccs.lines().count(), 44);
    assert!(iccs.lines().any(|l| l == "h2e2"));
    let wxf = ok(&["moves", "--notation", "wxf"]);
    assert!(wxf.lines().any(|l| l == "C2=5"));
    let zh = ok(&["moves", "--notation", "zh"]);
    assert!(zh.lines().any(|l| l == "炮二平五"));
    assert_eq!(zh.lines().count(), 44);
    let black = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1";
    assert!(ok(&["moves", "--fen", black, "--notation", "zh"])
        .lines()
        .any(|l| l == "马8进7"));
    assert!(ok(&["moves", "--fen", black, "--notation", "zh-trad"])
        .lines()
        .any(|l| l == "馬８進７"));
    // Checkmated: no moves, no error.
    let mated = "3k5/4R4/3R5/9/9/9/9/9/9/4K4 b";
    assert_eq!(ok(&["moves", "--fen", mated]), "");
}

#[test]
fn convert_between_notations() {
    assert_eq!(
        ok(&[
            "convert",
            "--from",
            "iccs",
            "--to",
            "zh",
            "h2e2 h9g7 h0g2 i9h9"
        ]),
        "炮二平五 马8进7 马二进三 车9平8\n"
    );
    assert_eq!(
        ok(&["convert", "--from", "iccs", "--to", "wxf", "h2e2", "h9g7", "h0g2"]),
        "C2=5 H8+7 H2+3\n"
    );
    assert_eq!(
        ok(&[
            "convert",
            "--from",
            "zh",
            "--to",
            "iccs",
            "炮二平五 馬８進７ 傌二進三"
        ]),
        "h2e2 h9g7 h0g2\n"
    );
    assert_eq!(
        ok(&[
            "convert",
            "--from",
            "zh",
            "--to",
            "zh-trad",
            "炮二平五 马8进7 车九进一"
        ]),
        "炮二平五 馬８進７ 俥九進一\n"
    );
    // `--` ends the options, so a move may look like one.
    assert_eq!(
        ok(&["convert", "--from", "wxf", "--to", "iccs", "--", "C2=5"]),
        "h2e2\n"
    );
}

#[test]
fn convert_auto_numbers_and_glued_chinese() {
    assert_eq!(
        ok(&[
            "convert",
            "--from",
            "auto",
            "--to",
            "iccs",
            "1. 炮二平五 H8+7 2. h0g2 车9平8 1-0"
        ]),
        "h2e2 h9g7 h0g2 i9h9\n"
    );
    assert_eq!(
        ok(&[
            "convert",
            "--from",
            "zh",
            "--to",
            "wxf",
            "炮二平五马8进7马二进三"
        ]),
        "C2=5 H8+7 H2+3\n"
    );
}

#[test]
fn convert_tandem_pieces_with_fen() {
    let tandem = "3k5/9/9/9/9/9/9/1R7/1R7/4K4 w - - 0 1";
    assert_eq!(
        ok(&["convert", "--fen", tandem, "--from", "wxf", "--to", "zh", "-R=5"]),
        "后车平五\n"
    );
    assert_eq!(
        ok(&[
            "convert",
            "--fen",
            tandem,
            "--from",
            "zh",
            "--to",
            "wxf",
            "前车进一"
        ]),
        "+R+1\n"
    );
}

#[test]
fn convert_errors_name_the_move() {
    let err = fails(&[
        "convert",
        "--from",
        "zh",
        "--to",
        "iccs",
        "炮二平五",
        "马8进7",
        "马二进三",
        "马8进7",
    ]);
    assert_eq!(
        err.trim(),
        "qili: move 4: 马8进7 — no black horse on file 8"
    );
    let err = fails(&["convert", "--from", "wxf", "--to", "zh", "C2=5 H8*7"]);
    assert!(err.contains("move 2: H8*7 — not WXF"), "{err}");
    let err = fails(&["convert", "--from", "iccs", "--to", "zh", "h2e2 h9h2"]);
    assert!(
        err.contains("move 2: h9h2 — not a legal move here"),
        "{err}"
    );
    let err = fails(&["convert", "--from", "auto", "--to", "zh", "h2e2 blah"]);
    assert!(err.contains("move 2: blah — not a move in ICCS"), "{err}");
    let tandem = "3k5/9/9/9/9/9/9/1R7/1R7/4K4 w - - 0 1";
    let err = fails(&[
        "convert",
        "--fen",
        tandem,
        "--from",
        "zh",
        "--to",
        "iccs",
        "车八平五",
    ]);
    assert!(err.contains("2 red rooks can make this move"), "{err}");
}

#[test]
fn bad_arguments_exit_2() {
    for args in [
        &[][..],
        &["frobnicate"],
        &["perft"],
        &["perft", "x"],
        &["perft", "-1"],
        &["perft", "2", "3"],
        &["perft", "--fen"],
        &["perft", "--fen", "not a fen", "1"],
        &["perft", "--fen", "4k4/9/9/9/9/9/9/9/9/4K4 w", "1"],
        &["perft", "--divide=yes", "1"],
        &["perft", "--depth", "1"],
        &["moves", "--notation", "san"],
        &["moves", "extra"],
        &["convert", "--to", "zh", "h2e2"],
        &["convert", "--from", "iccs", "h2e2"],
        &["convert", "--from", "iccs", "--to", "zh"],
        &["convert", "--from", "klingon", "--to", "zh", "h2e2"],
        &[
            "convert", "--from", "iccs", "--to", "zh", "--to", "wxf", "h2e2",
        ],
        &["convert", "--from", "zh", "--to", "zh", "炮二平五马"],
        &["help", "nothing"],
    ] {
        fails(args);
    }
}

#[test]
fn help_goes_to_stdout() {
    assert!(ok(&["help"]).contains("convert"));
    assert!(ok(&["--help"]).contains("perft"));
    assert!(ok(&["help", "perft"]).contains("--divide"));
    assert!(ok(&["convert", "--help"]).contains("--from"));
}

/// Every command in the list stands apart from its summary, the longest
/// name ("adjudicate") too.
#[test]
fn help_lists_each_command_apart_from_its_summary() {
    let help = ok(&["help"]);
    let list = help.split("commands:\n").nth(1).expect("a command list");
    for name in [
        "perft",
        "moves",
        "convert",
        "adjudicate",
        "annotate",
        "help",
    ] {
        assert!(
            list.lines().any(|l| l.starts_with(&format!("  {name}  "))),
            "{name} in {list}"
        );
    }
}

#[test]
fn garbage_never_panics() {
    let junk = [
        "",
        " ",
        "--",
        "-",
        "---",
        "=",
        "+",
        "-R+1",
        "炮",
        "\u{7f}",
        "前前前前",
        "９９９９",
        "🀄",
        "a0a0",
        "i9i9",
        "--fen=",
        "h2e2h9g7",
    ];
    for cmd in ["perft", "moves", "convert"] {
        for j in junk {
            let o = qili(&[cmd, j]);
            assert!(!stderr(&o).contains("panicked"), "{cmd} {j:?}");
            let o = qili(&[cmd, "--from", "auto", "--to", "wxf", j, j]);
            assert!(!stderr(&o).contains("panicked"), "{cmd} {j:?}");
        }
    }
}

/// 1999 图一: the lone rook checks every move (长将).
const FIG1_FEN: &str = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w";
const FIG1_MOVES: &str = "f0e0 e8f8 e0f0 f8e8";

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("qili-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn report_of_1999_figure_1_rules_in_both_languages() {
    let zh = ok(&[
        "report",
        "--rules",
        "cxa1999",
        "--fen",
        FIG1_FEN,
        "--moves",
        FIG1_MOVES,
        "--lang",
        "zh",
        "--date",
        "2026-12-01",
    ]);
    assert!(zh.starts_with("<!doctype html>"), "{zh}");
    assert!(
        zh.contains("红方判负") && zh.contains("长将") && zh.contains("禁止"),
        "{zh}"
    );
    assert!(zh.contains("依据 26.1") && zh.contains("2026-12-01"));
    assert!(zh.contains("车四平五") && zh.contains("R4=5"));
    let path = temp("fig1-en.html");
    let p = path.to_str().unwrap();
    ok(&[
        "report", "--rules", "cxa1999", "--fen", FIG1_FEN, "--moves", FIG1_MOVES, "--lang", "en",
        "--out", p,
    ]);
    let en = std::fs::read_to_string(&path).unwrap();
    assert!(en.contains("Red loses") && en.contains("perpetual check") && en.contains("forbidden"));
    assert!(en.contains("CXA rules, 1999 edition") && en.contains("data-ruling=\"red_loses\""));
    let svg_path = temp("fig1.svg");
    let s = svg_path.to_str().unwrap();
    ok(&[
        "report", "--rules", "cxa1999", "--fen", FIG1_FEN, "--moves", FIG1_MOVES, "--out", s,
    ]);
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    assert!(svg.starts_with("<?xml") && svg.contains("红方判负"));
    assert_eq!(
        svg.matches("data-piece=").count(),
        7,
        "the diagram's pieces"
    );
}

#[test]
fn report_and_diagram_keep_payloads_as_text() {
    let payload = "<script>alert(1)</script><img src=x onload=alert(2)>";
    let html = ok(&[
        "report", "--fen", FIG1_FEN, "--moves", FIG1_MOVES, "--title", payload,
    ]);
    assert!(
        !html.contains("<script") && !html.contains("<img"),
        "{html}"
    );
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onload=alert(2)&gt;"));
    let svg = ok(&["diagram", "--fen", FIG1_FEN, "--title", payload]);
    assert!(!svg.contains("<script") && !svg.contains("<img"), "{svg}");
}

#[test]
fn diagram_draws_the_ply_asked_with_its_hooks() {
    let svg = ok(&[
        "diagram", "--fen", FIG1_FEN, "--moves", FIG1_MOVES, "--ply", "1", "--arrows", "--flip",
    ]);
    assert!(svg.contains("data-piece=\"R\" data-square=\"e0\""), "{svg}");
    assert!(svg.contains("class=\"badge label-check\"") && svg.contains("class=\"last to\""));
    // Flipped: red's e0 is drawn at the top.
    assert!(svg.contains("data-square=\"e0\" transform=\"translate(450 100)\""));
    let start = ok(&[
        "diagram",
        "--ply",
        "0",
        "--glyphs",
        "simplified",
        "--lang",
        "en",
    ]);
    assert_eq!(start.matches("data-piece=").count(), 32);
    assert!(start.contains(">帅</text>") && start.contains("The start position"));
    assert!(fails(&["diagram", "--moves", "h2e2", "--ply", "2"]).contains("--ply"));
    assert!(fails(&["report", "--out", "x.pdf"]).contains(".html or .svg"));
    assert!(fails(&["diagram", "--lang", "fr"]).contains("--lang"));
}
