//! `qili convert FILE --to pgn|dhtmlxq`: record files as a user converts them.

use std::path::PathBuf;
use std::process::{Command, Output};

fn qili(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qili"))
        .args(args)
        .output()
        .expect("the qili binary runs")
}

fn records() -> PathBuf {
    let p = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus/records"
    ));
    assert!(
        p.is_dir(),
        "the shared corpus is missing at {}",
        p.display()
    );
    p
}

fn path(rel: &str) -> String {
    records().join(rel).display().to_string()
}

fn ok(args: &[&str]) -> String {
    let o = qili(args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{args:?}: {err}");
    String::from_utf8(o.stdout).expect("UTF-8 output")
}

#[test]
fn xqf_to_pgn_and_back_through_dhtmlxq() {
    let xqf = path("xqf/wk_test_5_variations.xqf");
    let pgn = ok(&["convert", &xqf, "--to", "pgn", "--notation", "wxf"]);
    assert!(pgn.contains("[Game \"Chinese Chess\"]"), "{pgn}");
    // The alternative to the first move is kept too.
    assert!(pgn.contains("1. C2=5 (1. C2=6 H8+7"), "{pgn}");
    assert!(pgn.contains("1... C8=5 2. H2+3 H8+7"), "{pgn}");
    assert!(pgn.contains('('), "variations kept: {pgn}");

    let dir = std::env::temp_dir().join(format!("qili-cli-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn_file = dir.join("game.pgn");
    std::fs::write(&pgn_file, &pgn).unwrap();
    let ubb = ok(&["convert", pgn_file.to_str().unwrap(), "--to", "dhtmlxq"]);
    assert!(ubb.starts_with("[DhtmlXQ]"), "{ubb}");
    assert!(
        ubb.contains("[DhtmlXQ_movelist]774772427967706266658070[/DhtmlXQ_movelist]"),
        "{ubb}"
    );
    let ubb_file = dir.join("game.ubb");
    std::fs::write(&ubb_file, &ubb).unwrap();
    let again = ok(&[
        "convert",
        ubb_file.to_str().unwrap(),
        "--to",
        "pgn",
        "--notation",
        "wxf",
    ]);
    let moves = |s: &str| {
        s.lines()
            .filter(|l| !l.starts_with('['))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(moves(&again), moves(&pgn));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A 象棋桥 record with variations and a library, as PGN and DhtmlXQ: the
/// variations are kept, every game of the library is written.
#[test]
fn ccbridge_records_to_pgn_and_dhtmlxq() {
    let cbr = path("ccbridge/cc_test.cbr");
    let pgn = ok(&["convert", &cbr, "--to", "pgn", "--notation", "iccs"]);
    assert!(
        pgn.contains("[Title \"黄丹青讲座004-破解新式弃马局的攻防要领\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("1. h2e2 h9g7 2. h0g2 i9h9"), "{pgn}");
    assert_eq!(pgn.matches('(').count(), 11, "eleven variations: {pgn}");
    let cbl = path("ccbridge/cc_1989_longhua.cbl");
    let ubb = ok(&["convert", &cbl, "--to", "dhtmlxq"]);
    assert_eq!(ubb.matches("[DhtmlXQ]").count(), 35, "{ubb}");
    assert!(ubb.contains("[DhtmlXQ_red]徐天红[/DhtmlXQ_red]"), "{ubb}");
    let cbf = path("ccbridge/cc_test_cbf.cbf");
    let pgn = ok(&["convert", &cbf, "--to", "pgn"]);
    assert!(pgn.contains("[Annotator \"居荣鑫\"]"), "{pgn}");
}

#[test]
fn big5_pgn_in_chinese() {
    let pgn = records()
        .join("../pgn-sample/000.pgn")
        .display()
        .to_string();
    let out = ok(&["convert", &pgn, "--to", "pgn"]);
    assert!(out.contains("1. 炮八平六 马2进3"), "{out}");
    let trad = ok(&["convert", &pgn, "--to", "pgn", "--notation", "zh-pgn"]);
    assert!(trad.contains("1. 炮八平六 馬２進３"), "{trad}");
}

#[test]
fn damaged_file_reports_where() {
    let bad = path("xqf-corrupt/corrupt-0.xqf");
    let o = qili(&["convert", &bad, "--to", "pgn"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("corrupt-0.xqf: byte"), "{err}");
    assert!(err.contains("move"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn move_conversion_is_unchanged() {
    assert_eq!(
        ok(&["convert", "--from", "iccs", "--to", "wxf", "h2e2"]),
        "C2=5\n"
    );
    // --to pgn without a file is not a record conversion.
    let o = qili(&["convert", "--from", "iccs", "--to", "pgn", "h2e2"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn bad_notation_is_refused() {
    let xqf = path("xqf/wk_test1.xqf");
    let o = qili(&["convert", &xqf, "--to", "pgn", "--notation", "klingon"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown notation 'klingon'"));
}
