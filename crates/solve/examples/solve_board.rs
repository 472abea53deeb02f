//! Solves one board and prints the figures: `cargo run --release -p tengen-solve --example
//! solve_board -- 4x4 [rules] [table_bits] [first_depth] [regions|no-regions] [first_budget]`
//! (`SOLVE_STATS=1` prints where the nodes went: each depth-limited search, the cut-offs;
//! `SOLVE_GUESS=v` sets MTD(f)'s first guess, `SOLVE_SLOTS=n` the safe-region assumptions kept
//! apart per colour (`SolveOptions::assumption_slots`: 1 or 8; default: the board's),
//! `SOLVE_RACE=k` races the test at the top of the
//! board's range once a test has taken k nodes, `SOLVE_RACE=off` not at all, `SOLVE_FAILS=0`
//! keeps no fails within a search (`SolveOptions::keep_fails`), `SOLVE_FUTILE=0` makes no
//! futility cut (`SolveOptions::futility`), `SOLVE_FUTILE=1` the cut without the opponent's
//! strings (`SolveOptions::futility_strings`); the last line
//! splits the nodes into proofs and searches that proved nothing). A light driver for measuring
//! the search without building the whole command line tool.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let size = args.first().map(String::as_str).unwrap_or("3x3");
    let (w, h) = size.split_once('x').expect("WxH");
    let rules = args
        .get(1)
        .map(String::as_str)
        .unwrap_or("chinese-ogs,komi=0")
        .parse()
        .expect("rules");
    let bits = args
        .get(2)
        .map(|b| b.parse().expect("table bits"))
        .unwrap_or(20);
    let options = tengen_solve::SolveOptions {
        table_bits: bits,
        progress: Some(Box::new({
            let mut next = 0.0;
            let mut last = None;
            let stats = std::env::var_os("SOLVE_STATS").is_some();
            move |p: &tengen_solve::Progress| {
                if let Some(r) = p.last_round.filter(|_| stats) {
                    // Each depth-limited search as it ends (the same line as at the end).
                    if last != Some(r) {
                        last = Some(r);
                        eprintln!(
                            "  {:>8.1} s  test >= {:>3}  depth {:>3}  pessimistic for {}  nodes {:>11}  futile {:>9}  {}",
                            p.seconds,
                            r.beta,
                            r.depth,
                            if r.pessimistic_for_root { "root " } else { "other" },
                            r.nodes,
                            r.futile_cuts,
                            if r.proven { "proven" } else { "-" }
                        );
                    }
                }
                if p.seconds >= next {
                    next = p.seconds + 10.0;
                    eprintln!(
                        "  {:>12} nodes {:>8.1} s  [{}, {}]",
                        p.nodes, p.seconds, p.lower, p.upper
                    )
                }
            }
        })),
        first_depth: args.get(3).map_or(0, |d| d.parse().expect("first depth")),
        safe_regions: args
            .get(4)
            .map_or(tengen_solve::SolveOptions::default().safe_regions, |r| {
                r != "no-regions"
            }),
        first_budget: args.get(5).map_or(0, |b| b.parse().expect("first budget")),
        assumption_slots: std::env::var("SOLVE_SLOTS").map_or(0, |v| v.parse().expect("slots")),
        keep_fails: std::env::var("SOLVE_FAILS").map_or(true, |v| v != "0"),
        futility: std::env::var("SOLVE_FUTILE").map_or(true, |v| v != "0"),
        futility_strings: std::env::var("SOLVE_FUTILE").map_or(true, |v| v != "1"),
        first_guess: std::env::var("SOLVE_GUESS").map_or(0, |g| g.parse().expect("first guess")),
        race_top: std::env::var("SOLVE_RACE")
            .map_or(tengen_solve::SolveOptions::default().race_top, |r| {
                (r != "off").then(|| r.parse().expect("SOLVE_RACE: nodes or off"))
            }),
    };
    let s = tengen_solve::solve(w.parse().unwrap(), h.parse().unwrap(), rules, options)
        .expect("solvable");
    println!(
        "{size}: {} nodes {} seconds {:.2} table {}/{}",
        s.result, s.nodes, s.seconds, s.table_entries, s.table_capacity
    );
    if std::env::var_os("SOLVE_STATS").is_some() {
        let st = &s.stats;
        for r in &st.rounds {
            println!("  {r}");
        }
        println!(
            "  at limit {} (pessimistic side alive {}, its regions {}, enclosed {})  safe cuts {} (enclosed {})  futile {}  table cuts same {} other {} refused {} (assumptions {})  etc {}  max ply {}  pv nodes {}",
            st.horizon_leaves,
            st.alive_leaves,
            st.region_leaves,
            st.enclosed_leaves,
            st.safe_cuts,
            st.enclosed_cuts,
            st.futile_cuts,
            st.table_cuts_same,
            st.table_cuts_other,
            st.table_refused,
            st.table_refused_dep,
            st.etc_cuts,
            st.max_ply,
            st.pv_nodes
        );
        // Where the searches' nodes went, test by test (consecutive searches of one `beta`
        // up to the one that settled it): the proofs, the other searches of the side that
        // proved (given up, or too shallow), and the searches of the side that could not.
        let (mut proof, mut same_side, mut other_side) = (0u64, 0u64, 0u64);
        let mut start = 0;
        for (i, r) in st.rounds.iter().enumerate() {
            if !r.proven {
                continue;
            }
            for q in &st.rounds[start..i] {
                if q.pessimistic_for_root == r.pessimistic_for_root {
                    same_side += q.nodes;
                } else {
                    other_side += q.nodes;
                }
            }
            proof += r.nodes;
            start = i + 1;
        }
        let unsettled: u64 = st.rounds[start..].iter().map(|q| q.nodes).sum();
        println!(
            "  nodes in proofs {proof}, in the proving side's other searches {same_side}, in the other side's {other_side}, in a test not settled {unsettled}"
        );
    }
}
