//! Helpers shared by the integration tests (each test file is its own crate
//! and uses only part of this module).
#![allow(dead_code)]

pub mod symmetry;

/// A small deterministic generator (xorshift), so that random tests reproduce.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    /// One of `xs`, which must not be empty.
    pub fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len())]
    }
}

/// A rulebook case with a position (`../shared/cases/*.jsonl`, or our
/// composed positions in `tests/data`: the 1999 figures, the concepts).
pub struct Case {
    pub id: String,
    pub edition: qili::rules::Edition,
    pub fen: String,
    /// The moves, in ICCS.
    pub moves: Vec<String>,
    /// The whole line, for what the book expects.
    pub json: serde_json::Value,
}

/// The cases of a file (`name` as in `cxa2020.jsonl`); the 1999 figures
/// without a published position are left out.
pub fn read_cases(name: &str) -> Vec<Case> {
    let manifest = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let path = if name.ends_with("-composed.jsonl") {
        manifest.join("tests/data").join(name)
    } else {
        let dir = manifest.join("../../../shared/cases");
        assert!(
            dir.is_dir(),
            "the rulebook cases are expected in {} (the shared folder beside the repository)",
            dir.display()
        );
        dir.join(name)
    };
    let text = std::fs::read_to_string(&path).unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .filter_map(|line| {
            let json: serde_json::Value = serde_json::from_str(line).unwrap();
            let fen = json["fen"].as_str()?.to_string();
            let moves = json["moves"]
                .as_array()?
                .iter()
                .filter_map(|m| m.as_str())
                .map(String::from)
                .collect();
            Some(Case {
                id: json["id"].as_str().unwrap_or("?").to_string(),
                edition: json["rules"].as_str().unwrap().parse().unwrap(),
                fen,
                moves,
                json,
            })
        })
        .collect()
}

/// The word a move's label is shown with: the kind of idle move where there
/// is one (兑 献 拦 跟), else 将 杀 捉 闲.
pub fn label_word(m: &qili::rules::MoveKind) -> String {
    match m.idle {
        Some(k) if m.label == qili::rules::Label::Idle => k.zh().to_string(),
        _ => m.label.zh().to_string(),
    }
}

/// The first `limit` games of the corpus (`../shared/corpus/games.jsonl.gz`)
/// in which a position occurs three times, each cut at that third occurrence
/// (`rep3_ply`): the start position and the moves.
pub fn repetition_games(limit: usize) -> Vec<(qili::Position, Vec<qili::Move>)> {
    use std::io::BufRead;
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/corpus/games.jsonl.gz");
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    std::io::BufReader::new(flate2::read::GzDecoder::new(file))
        .lines()
        .map(Result::unwrap)
        .filter(|l| !l.trim().is_empty())
        .filter_map(|line| {
            let v: serde_json::Value = serde_json::from_str(&line).unwrap();
            let cut = v["rep3_ply"].as_u64()? as usize;
            let pos = qili::fen::position(v["fen"].as_str()?, qili::Tolerance::COMPOSED).ok()?;
            let text: Vec<&str> = v["moves"].as_array()?[..cut]
                .iter()
                .filter_map(|m| m.as_str())
                .collect();
            let moves = qili::iccs::parse_line(&pos, &text.join(" ")).ok()?;
            Some((pos, moves))
        })
        .take(limit)
        .collect()
}
