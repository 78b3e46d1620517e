//! An example's optional `hornet-options.txt`: options of `hornet gen` it needs, white-space
//! separated, `#` starting a comment line (`--k 1` for an example whose paths multiply too fast
//! for the default bound). Read by the end-to-end test, the cache test and the benchmark.

use std::path::Path;

/// The options in `example`'s `hornet-options.txt`, none when it has no such file.
pub fn read(example: &Path) -> Result<Vec<String>, String> {
    let path = example.join("hornet-options.txt");
    if !path.is_file() {
        return Ok(Vec::new());
    }
    let text = std::fs::read_to_string(&path).map_err(|e| format!("reading {}: {e}", path.display()))?;
    Ok(text
        .lines()
        .filter(|line| !line.trim_start().starts_with('#'))
        .flat_map(|line| line.split_whitespace().map(str::to_string))
        .collect())
}

/// The bound an example runs with: the `--k` of its options, else 2.
#[allow(dead_code)] // the end-to-end test passes the options to `hornet gen` as they are
pub fn bound(example: &Path) -> u32 {
    let options = read(example).unwrap_or_default();
    options.windows(2).find(|w| w[0] == "--k").and_then(|w| w[1].parse().ok()).unwrap_or(2)
}
