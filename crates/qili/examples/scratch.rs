use qili::{fen, iccs, rules::mate::mate_by_checks, Tolerance};
fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let pos = fen::position(&a[0], Tolerance::COMPOSED).unwrap();
    let mv = iccs::parse_line(&pos, &a[1]).unwrap();
    let mut p = pos.clone();
    for m in mv {
        p.play_unchecked(m);
    }
    let p = if a.get(2).map(|s| s == "pass").unwrap_or(false) {
        p.pass().unwrap()
    } else {
        p
    };
    for n in 1..=6 {
        let t = std::time::Instant::now();
        let r = mate_by_checks(&p, n);
        println!("{n}: {:?} {:?}", r, t.elapsed());
        if r.is_some() {
            break;
        }
    }
}
