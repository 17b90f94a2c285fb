//! # Qili for JavaScript
//!
//! The Xiangqi rules and the 棋例 engine of the `qili` crate as a WebAssembly
//! module for Node and the browser (built by `scripts/build_npm.sh` into the
//! npm package `qili`).
//!
//! Everything goes in and out as plain JS values: strings, arrays and objects.
//! Positions are FEN strings; `null` or `undefined` where a FEN is expected
//! means the standard starting position. Moves may be written in ICCS
//! (`h2e2`), WXF (`C2=5`) or Chinese (`炮二平五`, `馬８進７`), each move in
//! whichever. Every failure is thrown as a JS `Error` whose message says what
//! and where (`move 4: 马8进7 — no black horse on file 8`); no input can
//! crash the module.
//!
//! The plain-Rust side of each function lives in [`api`], where it is tested
//! without a JavaScript engine.
#![deny(missing_docs)]
#![forbid(unsafe_code)]
// A panic would trap and leave JS callers with a dead module: no code path
// here may panic on input.
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::indexing_slicing,
        clippy::panic,
        clippy::unreachable
    )
)]

pub mod api;
pub mod record;

use js_sys::Array;
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::api::{Notation, Reader};

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** A notation to write moves in: ICCS `h2e2`, WXF `C2=5`, Chinese `炮二平五`
 * (simplified, ASCII digits for black) or traditional Chinese `馬８進７`. */
export type Notation = "iccs" | "wxf" | "zh" | "zh-trad" | "zh-pgn";

/** A notation to read moves in: `auto` decides for each move by its syntax. */
export type NotationOrAuto = Notation | "auto";

/** The rulebook that judges repetitions: 中国象棋竞赛规则 1999 or 2020 of the
 * Chinese Xiangqi Association, or the Asian Xiangqi Federation's rules. */
export type Rules = "cxa1999" | "cxa2020" | "axf";

/** `red_loses`, `black_loses`, `draw` or `none`. */
export type Ruling = "red_loses" | "black_loses" | "draw" | "none";

/** A text in Chinese and English. */
export interface Bilingual {
  zh: string;
  en: string;
}

/** A piece chased by a move (捉, clause 29). */
export interface ChaseReport {
  /** Its point (ICCS), e.g. `e7`. */
  square: string;
  /** The piece, as a FEN letter (upper case red). */
  piece: string;
  /** Points of the pieces that would take it. */
  attackers: string[];
  /** How it is attacked (29.1). */
  method: "direct" | "exchange" | "through_check";
  /** For `through_check`: the checking move (ICCS). */
  check: string | null;
  /** Why it counts as unprotected: 无根, 假根, 少根, or worth more than its taker (28.16). */
  root: "none" | "false" | "insufficient" | "outvalued";
  /** Its defenders by the movement rules. */
  protectors: string[];
  /** Material won (rook 4, horse/cannon 2, advisor/elephant/crossed pawn 1). */
  gain: number;
  /** Only the king attacks it (27.1). */
  king_only: boolean;
  /** Only pawns attack it (27.2). */
  pawn_only: boolean;
  /** The line that wins it (ICCS), from the position after the move with
   * the chasing side to move again: the capture and the exchange, or the
   * checks, the replies and the capture. */
  line: string[];
  /** The material the chasing side wins by playing `line`. */
  balance: number;
  /** For `through_check`: after `check`, some of the defender's replies on
   * the way were left out because the checks then mate (29.1). */
  mates_aside: boolean;
}

/** A line about a piece the move concerns other than a chase. */
export interface ClaimReport {
  /** The piece it is about (ICCS point). */
  square: string;
  /** 兑 (`trade`), 献 (`offer`), a protected piece (`protected`: taking it
   * loses the taker) or a capture met by mate (`mated`, 29.4). */
  claim: "trade" | "offer" | "protected" | "mated";
  /** The side that plays the line's first move. */
  side: "red" | "black";
  /** The moves (ICCS), from the position after the move. */
  line: string[];
  /** The material the side that starts wins by playing it. */
  balance: number;
}

/** One move of an adjudicated game, labelled. */
export interface MoveReport {
  /** 1-based ply. */
  ply: number;
  side: "red" | "black";
  /** ICCS, e.g. `h2e2`. */
  iccs: string;
  /** Chinese notation, e.g. `炮二平五`. */
  zh: string;
  /** WXF notation, e.g. `C2=5`. */
  wxf: string;
  /** 将 (check), 杀 (mate threat), 捉 (chase) or 闲 (idle). */
  label: "将" | "杀" | "捉" | "闲";
  /** For idle moves: 兑 (exchange), 献 (offer), 拦 (block) or 跟 (follow). */
  sub: "兑" | "献" | "拦" | "跟" | null;
  /** Points the label is about: the king checked, the pieces chased, the
   * pieces an idle kind concerns. */
  targets: string[];
  /** New chases (29.2), with how and why. */
  chases: ChaseReport[];
  /** Lines about the other pieces the move concerns (兑, 献, …). */
  claims: ClaimReport[];
  /** Pieces attacked before and after the move (从捉到捉). */
  standing: string[];
  /** The threatened mating line (ICCS), for 杀. */
  mate_line: string[] | null;
  /** The clause that decided the label, e.g. `28.1`. */
  clause: string;
  /** A judgement left to the arbiter (clause), if any. */
  arbiter: string | null;
  /** Why, in words. */
  explanation: Bilingual;
}

/** One side's part in a repetition cycle. */
export interface SideReport {
  /** The rulebook's name of the pattern: 长将, 长捉, 一将一捉, 闲 … */
  pattern: string;
  /** Its English name. */
  pattern_en: string;
  /** `true` if the pattern is forbidden (25.2). */
  forbidden: boolean;
  /** Plies (1-based) of this side's moves in the cycle. */
  plies: number[];
  /** The label each of them counts as in the cycle. */
  labels: string[];
  /** AXF: the piece chased throughout, if any. */
  common_target: string | null;
}

/** The repetition the game ends in. */
export interface CycleReport {
  /** First ply of the cycle (1-based). */
  first_ply: number;
  /** Last ply of the cycle (1-based). */
  last_ply: number;
  /** How many times the final position has occurred. */
  occurrences: number;
  red: SideReport;
  black: SideReport;
  /** The clause of the ruling. */
  clause: string | null;
}

/** The adjudication of a game: the object `qili adjudicate` prints. */
export interface Report {
  rules: Rules;
  /** The start position (FEN). */
  fen: string;
  /** The position reached (FEN). */
  final_fen: string;
  /** What happens if the cycle continues. */
  ruling: Ruling;
  /** The result binding now, under the edition's counting. */
  verdict: Ruling;
  /** Why the verdict. */
  verdict_reason: "checkmate" | "stalemate" | "insufficient_material" | "natural_limit" | "repetition" | "varied_repetition" | null;
  /** Every move. */
  moves: MoveReport[];
  /** The repetition, if the final position occurred before. */
  cycle: CycleReport | null;
  /** "27.3" when the ruling rests on chases an arbiter must confirm (CXA editions: AXF has no such clause), else null. */
  arbiter: "27.3" | null;
  /** The explanation of the ruling. */
  explanation: Bilingual;
  /** The ruling and verdict under every rulebook, so that differences show. */
  by_edition: Record<Rules, EditionResult>;
}

/** The ruling and verdict of one rulebook. */
export interface EditionResult {
  /** What happens if the cycle continues. */
  ruling: Ruling;
  /** The result binding now. */
  verdict: Ruling;
}

/** One thing wrong with a FEN position. */
export interface FenProblem {
  code: "missing_king" | "too_many_pieces" | "impossible_square" | "kings_facing" | "opposite_check";
  /** The problem in words, e.g. `'A' can never stand on a2`. */
  message: string;
  /** `true` for the problems of composed positions (rulebook diagrams), which are accepted. */
  tolerated: boolean;
  /** The point concerned (`impossible_square`). */
  square: string | null;
  /** The piece concerned, as a FEN letter. */
  piece: string | null;
  /** The side concerned. */
  color: "red" | "black" | null;
}

/** How a game ends by the position alone. */
export interface Outcome {
  /** The winner, or `null` for a draw. */
  winner: "red" | "black" | null;
  reason: "checkmate" | "stalemate" | "insufficient_material";
}

/** A FEN as read by `readFen`. */
export interface FenInfo {
  /** The FEN in canonical form: `board w|b - - halfmoves fullmoves`. */
  fen: string;
  turn: "red" | "black";
  /** Plies since the last capture. */
  halfmoves: number;
  /** The move number. */
  fullmoves: number;
  /** Every piece: point (ICCS, `a0`–`i9`) → FEN letter (`K`, `r`…). */
  board: Record<string, string>;
  /** `true` if the other functions accept this FEN: no problem but tolerated ones. */
  valid: boolean;
  /** `true` if there is no problem at all. */
  strict: boolean;
  /** Every problem, tolerated or not. */
  problems: FenProblem[];
  /** Whether the side to move is in check; `null` unless valid. */
  check: boolean | null;
  /** How the game ends here; `null` if it goes on or the position is not valid. */
  outcome: Outcome | null;
}

/** The games of a record file read by `parseRecord`. */
export interface RecordFile {
  /** The games read, in file order. */
  games: RecordGame[];
  /** The games that could not be read (the others are still returned). */
  errors: RecordError[];
}

/** A game of a record file that could not be read. */
export interface RecordError {
  /** Its place in the file, from 1. */
  game: number;
  /** Why and where, e.g. `line 3, column 9 (game 1): …`. */
  message: string;
}

/** One game of a record file. */
export interface RecordGame {
  /** The tags (`Event`, `Red`, `Black`, `Date` …) in file order. */
  tags: Record<string, string>;
  /** The position before the first move (FEN). */
  fen: string;
  /** The position at the end of the main line (FEN). */
  final_fen: string;
  /** The recorded result. */
  result: "1-0" | "0-1" | "1/2-1/2" | "*";
  /** The comment before the first move. */
  comment: string | null;
  /** The main line, with comments and variations. */
  moves: RecordMove[];
  /** What the reader left out, e.g. a variation cut at an illegal move. */
  warnings: string[];
}

/** One move of a game record. */
export interface RecordMove {
  /** ICCS, e.g. `h2e2`. */
  iccs: string;
  /** Chinese notation, e.g. `炮二平五`. */
  zh: string;
  /** WXF notation, e.g. `C2=5`. */
  wxf: string;
  /** The comment after the move. */
  comment: string | null;
  /** Numeric annotation glyphs (1 good move, 2 mistake, …). */
  nags: number[];
  /** Alternatives to this move, each starting in the position before it. */
  variations: RecordLine[];
}

/** A variation of a game record. */
export interface RecordLine {
  /** The comment before its first move. */
  comment: string | null;
  moves: RecordMove[];
}

/** A setup for `writeFen`. A `FenInfo` will do; other fields are ignored. */
export interface SetupInput {
  /** Point (ICCS, `a0`–`i9`) → FEN letter (`KABNRCP` red, `kabnrcp` black). */
  board: Record<string, string>;
  /** `red` (default) or `black`; `w`, `r` and `b` are read too. */
  turn?: string;
  /** Plies since the last capture (default 0). */
  halfmoves?: number;
  /** The move number (default 1). */
  fullmoves?: number;
}
"#;

/// A `JsError` (a JS `Error` once thrown) with `message`.
fn fail(message: impl AsRef<str>) -> JsError {
    JsError::new(message.as_ref())
}

/// What `value` is, for messages: `number`, `object`, `null`…
fn type_name(value: &JsValue) -> String {
    if value.is_null() {
        "null".into()
    } else if Array::is_array(value) {
        "array".into()
    } else {
        value.js_typeof().as_string().unwrap_or_else(|| "?".into())
    }
}

/// A string argument.
fn string(value: &JsValue, name: &str) -> Result<String, JsError> {
    value
        .as_string()
        .ok_or_else(|| fail(format!("{name} must be a string, not {}", type_name(value))))
}

/// An optional string argument: `null` and `undefined` are `None`.
fn optional_string(value: &JsValue, name: &str) -> Result<Option<String>, JsError> {
    if value.is_null() || value.is_undefined() {
        Ok(None)
    } else {
        string(value, name).map(Some)
    }
}

/// A FEN argument: a string, or `null`/`undefined` for the start.
fn position(value: &JsValue) -> Result<qili::Position, JsError> {
    let text = optional_string(value, "fen")?;
    api::position(text.as_deref()).map_err(fail)
}

/// A rules argument.
fn edition(value: &JsValue) -> Result<qili::rules::Edition, JsError> {
    api::edition(&string(value, "rules")?).map_err(fail)
}

/// A move list: one string of moves separated by spaces (move numbers such
/// as `1.` and a result such as `1-0` skipped), or an array of strings, one
/// move each. `null`/`undefined` is no move.
fn moves(value: &JsValue) -> Result<Vec<String>, JsError> {
    if value.is_null() || value.is_undefined() {
        return Ok(Vec::new());
    }
    if let Some(text) = value.as_string() {
        return Ok(api::split_moves(&text));
    }
    let Some(array) = value.dyn_ref::<Array>() else {
        return Err(fail(format!(
            "moves must be a string or an array of strings, not {}",
            type_name(value)
        )));
    };
    array
        .iter()
        .enumerate()
        .map(|(i, m)| string(&m, &format!("moves[{i}]")))
        .collect()
}

/// A plain JS object (`null` for missing fields, objects for maps), as
/// `JSON.parse` of `qili adjudicate`'s output would give.
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| fail(format!("cannot build the result: {e}")))
}

/// The standard starting position as FEN:
/// `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`.
#[wasm_bindgen(js_name = startFen)]
pub fn start_fen() -> String {
    qili::fen::START.to_string()
}

/// The version of the qili crates this module was built from.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// The legal moves of the side to move, sorted by their ICCS text (`a0a1`
/// first). Empty when the game is over (mate or 困毙).
///
/// ```js
/// legalMoves().length                 // 44
/// legalMoves(null, "zh").includes("炮二平五") // true
/// ```
#[wasm_bindgen(js_name = legalMoves)]
pub fn legal_moves(
    #[wasm_bindgen(
        unchecked_optional_param_type = "string | null",
        param_description = "the position (FEN); the starting position if missing or null"
    )]
    fen: JsValue,
    #[wasm_bindgen(
        unchecked_optional_param_type = "Notation",
        param_description = "`iccs` (default), `wxf`, `zh` or `zh-trad`"
    )]
    notation: JsValue,
) -> Result<Vec<String>, JsError> {
    let pos = position(&fen)?;
    let notation = match optional_string(&notation, "notation")? {
        None => Notation::Iccs,
        Some(name) => api::notation(&name).map_err(fail)?,
    };
    Ok(api::legal_moves(&pos, notation))
}

/// Plays one move and returns the FEN of the position after it.
///
/// ```js
/// play(null, "炮二平五") // "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
/// ```
#[wasm_bindgen]
pub fn play(
    #[wasm_bindgen(
        unchecked_param_type = "string | null",
        param_description = "the position (FEN); null for the starting position"
    )]
    fen: JsValue,
    #[wasm_bindgen(
        unchecked_param_type = "string",
        param_description = "the move, in ICCS, WXF or Chinese"
    )]
    r#move: JsValue,
) -> Result<String, JsError> {
    let pos = position(&fen)?;
    api::play(pos, &string(&r#move, "move")?).map_err(fail)
}

/// Reads a FEN: the canonical FEN, the pieces, whether it is a legal
/// position and every problem it has. Throws only if the text is not a FEN
/// (the message says where); an illegal position comes back with
/// `valid: false` and its `problems`.
#[wasm_bindgen(js_name = readFen, unchecked_return_type = "FenInfo")]
pub fn read_fen(
    #[wasm_bindgen(unchecked_param_type = "string", param_description = "the FEN")] fen: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::read_fen(&string(&fen, "fen")?).map_err(fail)?)
}

/// Writes a setup as FEN (canonical form), legal position or not:
/// `writeFen(readFen(fen))` is `readFen(fen).fen`.
///
/// ```js
/// writeFen({ board: { e0: "K", e9: "k", a3: "P" }, turn: "black" }) // "4k4/9/9/9/9/9/P8/9/9/4K4 b - - 0 1"
/// ```
#[wasm_bindgen(js_name = writeFen)]
pub fn write_fen(
    #[wasm_bindgen(
        unchecked_param_type = "SetupInput",
        param_description = "the pieces, the side to move and the counters"
    )]
    setup: JsValue,
) -> Result<String, JsError> {
    if !setup.is_object() || Array::is_array(&setup) {
        return Err(fail(format!(
            "setup must be an object with a board, not {}",
            type_name(&setup)
        )));
    }
    let input: api::SetupInput = serde_wasm_bindgen::from_value(setup).map_err(|e| {
        // The error is a JS `Error`; its message without the "Error: " prefix.
        let message = JsValue::from(e)
            .dyn_into::<js_sys::Error>()
            .ok()
            .and_then(|e| e.message().as_string())
            .unwrap_or_else(|| "not a setup".into());
        fail(format!("setup: {message}"))
    })?;
    api::write_fen(&input).map_err(fail)
}

/// Rewrites a move list in another notation, playing it from `fen`.
///
/// ```js
/// convert(null, "h2e2 h9g7", "zh")   // ["炮二平五", "马8进7"]
/// convert(null, ["炮二平五", "馬８進７"], "wxf") // ["C2=5", "H8+7"]
/// ```
#[wasm_bindgen(js_name = convert)]
pub fn convert(
    #[wasm_bindgen(
        unchecked_param_type = "string | null",
        param_description = "the start position (FEN); null for the starting position"
    )]
    fen: JsValue,
    #[wasm_bindgen(
        unchecked_param_type = "string | string[]",
        param_description = "the moves: an array, or one string separated by spaces (`1.` and `1-0` are skipped)"
    )]
    moves: JsValue,
    #[wasm_bindgen(
        unchecked_param_type = "Notation",
        param_description = "the notation to write"
    )]
    to: JsValue,
    #[wasm_bindgen(
        unchecked_optional_param_type = "NotationOrAuto",
        param_description = "the notation of `moves`; `auto` (default) decides per move"
    )]
    from: JsValue,
) -> Result<Vec<String>, JsError> {
    let pos = position(&fen)?;
    let list = self::moves(&moves)?;
    let to = api::notation(&string(&to, "to")?).map_err(fail)?;
    let from = match optional_string(&from, "from")? {
        None => Reader::Auto,
        Some(name) => api::reader(&name).map_err(fail)?,
    };
    api::convert(&pos, &list, from, to).map_err(fail)
}

/// Labels one move 将 (check), 杀 (mate threat), 捉 (chase) or 闲 (idle,
/// with 兑/献/拦/跟) under the chosen rules: the entry the move would have in
/// `adjudicate`'s `moves`.
///
/// ```js
/// labelMove("cxa1999", "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w", "f0e0").label // "将"
/// ```
#[wasm_bindgen(js_name = labelMove, unchecked_return_type = "MoveReport")]
pub fn label_move(
    #[wasm_bindgen(
        unchecked_param_type = "Rules",
        param_description = "`cxa1999`, `cxa2020` or `axf`"
    )]
    rules: JsValue,
    #[wasm_bindgen(
        unchecked_param_type = "string | null",
        param_description = "the position before the move (FEN); null for the starting position"
    )]
    fen: JsValue,
    #[wasm_bindgen(
        unchecked_param_type = "string",
        param_description = "the move, in ICCS, WXF or Chinese"
    )]
    r#move: JsValue,
) -> Result<JsValue, JsError> {
    let edition = edition(&rules)?;
    let pos = position(&fen)?;
    let report = api::label_move(edition, &pos, &string(&r#move, "move")?).map_err(fail)?;
    to_js(&report)
}

/// Adjudicates a game: labels every move, finds the repetition the game
/// ends in and rules on it under the chosen rules (and, in `by_edition`,
/// under each of the others). Returns the same object as `qili adjudicate`
/// prints.
///
/// ```js
/// const r = adjudicate("cxa1999", "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w", "f0e0 e8f8 e0f0 f8e8");
/// r.ruling                     // "red_loses" (长将)
/// r.moves.map((m) => m.label)  // ["将", "闲", "将", "闲"]
/// ```
#[wasm_bindgen(unchecked_return_type = "Report")]
pub fn adjudicate(
    #[wasm_bindgen(
        unchecked_param_type = "Rules",
        param_description = "`cxa1999`, `cxa2020` or `axf`"
    )]
    rules: JsValue,
    #[wasm_bindgen(
        unchecked_param_type = "string | null",
        param_description = "the start position (FEN); null for the starting position"
    )]
    fen: JsValue,
    #[wasm_bindgen(
        unchecked_param_type = "string | string[]",
        param_description = "the moves in any notation: an array, or one string separated by spaces"
    )]
    moves: JsValue,
) -> Result<JsValue, JsError> {
    let edition = edition(&rules)?;
    let pos = position(&fen)?;
    let list = self::moves(&moves)?;
    to_js(&api::adjudicate(edition, &pos, &list).map_err(fail)?)
}

/// Counts the leaves of the legal move tree `depth` plies deep (a move
/// generation test: 44, 1920, 79666, 3290240 … from the start). Runs to the
/// end before returning; depth 5 takes seconds.
#[wasm_bindgen]
pub fn perft(
    #[wasm_bindgen(
        unchecked_param_type = "string | null",
        param_description = "the position (FEN); null for the starting position"
    )]
    fen: JsValue,
    #[wasm_bindgen(
        unchecked_param_type = "number",
        param_description = "plies, a whole number ≥ 0"
    )]
    depth: JsValue,
) -> Result<f64, JsError> {
    let pos = position(&fen)?;
    let depth = depth
        .as_f64()
        .filter(|d| d.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(d))
        .ok_or_else(|| {
            fail(format!(
                "depth must be a whole number ≥ 0, not {}",
                describe(&depth)
            ))
        })?;
    // In range and whole, so the cast is exact.
    Ok(api::perft(&pos, depth as u32) as f64)
}

/// A short description of a value for messages: numbers as written, other
/// values by type.
fn describe(value: &JsValue) -> String {
    match value.as_f64() {
        Some(n) => format!("{n}"),
        None => type_name(value),
    }
}

/// Reads a game record file — PGN, DhtmlXQ (UBB, also inside an HTML page),
/// XQF, or 象棋桥's CBR, CBL (a library: its games in order, each with its
/// section heading as the `Section` tag) and CBF — with the format and the
/// text encoding (UTF-8, GBK/GB18030, Big5) detected. Every move is checked. Returns every game that could be
/// read, with the errors of the others; throws when no game at all could be
/// read.
///
/// ```js
/// const { games } = parseRecord('[Red "胡荣华"]\n1. 炮二平五 马8进7 2. 马二进三 1-0');
/// games[0].moves.map((m) => m.iccs) // ["h2e2", "h9g7", "h0g2"]
/// adjudicate("cxa2020", games[0].fen, games[0].moves.map((m) => m.iccs))
/// ```
#[wasm_bindgen(js_name = parseRecord, unchecked_return_type = "RecordFile")]
pub fn parse_record(
    #[wasm_bindgen(
        unchecked_param_type = "string | Uint8Array | ArrayBuffer",
        param_description = "the file: text, or its bytes (needed for XQF, CBR, CBL and for GBK/Big5 text)"
    )]
    input: JsValue,
) -> Result<JsValue, JsError> {
    let bytes = if let Some(text) = input.as_string() {
        text.into_bytes()
    } else if let Some(array) = input.dyn_ref::<js_sys::Uint8Array>() {
        array.to_vec()
    } else if let Some(buffer) = input.dyn_ref::<js_sys::ArrayBuffer>() {
        js_sys::Uint8Array::new(buffer).to_vec()
    } else {
        return Err(fail(format!(
            "the record must be a string, a Uint8Array or an ArrayBuffer, not {}",
            type_name(&input)
        )));
    };
    to_js(&record::parse(&bytes).map_err(fail)?)
}
