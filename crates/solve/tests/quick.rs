use tengen_solve::{solve, SolveOptions};
#[test]
fn tiny() {
    let sizes: Vec<(usize, usize)> = std::env::var("SIZES").unwrap_or("2x2,2x3".into()).split(',').map(|t| { let (a, b) = t.split_once('x').unwrap(); (a.parse().unwrap(), b.parse().unwrap()) }).collect();
    let rules = std::env::var("RULES").unwrap_or("chinese-ogs,komi=0".into());
    for (w, h) in sizes {
        let s = solve(w, h, rules.parse().unwrap(), SolveOptions::default()).unwrap();
        eprintln!("{w}x{h}: {} nodes {} {:.2}s pv {}", s.result, s.nodes, s.seconds, s.pv.len());
    }
}
