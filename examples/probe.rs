use scryer_prolog::*;
fn main() {
    let mut m = MachineBuilder::default().with_streams(StreamConfig::stdio()).build();
    for f in ["prolog/jvm.pl", "prolog/state.pl", "prolog/explore.pl"] {
        let t = std::fs::read_to_string(f).unwrap();
        let modname = f.trim_start_matches("prolog/").trim_end_matches(".pl");
        m.load_module_string(modname, format!("{t}\n'$s1'.\n"));
        let a: Vec<_> = m.run_query(format!("{modname}:'$s1', true.")).collect();
        println!("{f}: {a:?}");
    }
    let a: Vec<_> = m.run_query("jvm:arith(add, int, 2147483647, 1, R).").collect();
    println!("{a:?}");
    m.consult_module_string("user_prog", "p(X) :- jvm:arith(add, int, X, 1, R), R #> 3.\n");
    let a: Vec<_> = m.run_query("use_module(library(clpz)), p(X), X #< 5.").collect();
    println!("{a:?}");
}
