//! The persistent summary cache: one file per key under the cache folder, written atomically
//! (temporary file, then rename) and checked on reading (magic, version, blake3 checksum of
//! the postcard payload), so a truncated or corrupt entry is a miss, never trusted. An entry
//! also carries the key and the method it was made for, and is used only when both are the
//! ones looked up: an entry renamed or copied onto another key is a miss, and is rewritten.

use super::Summary;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

const MAGIC: &[u8; 8] = b"HORNETS2";

/// A cache key: a blake3 hash of everything a summary depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key(pub [u8; 32]);

impl Key {
    pub fn hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }
}

/// Builds a key from its parts; each part is length-prefixed so that concatenations of
/// different parts cannot collide.
#[derive(Default)]
pub struct KeyBuilder(blake3::Hasher);

impl KeyBuilder {
    pub fn part(&mut self, bytes: &[u8]) -> &mut Self {
        self.0.update(&(bytes.len() as u64).to_le_bytes());
        self.0.update(bytes);
        self
    }

    pub fn finish(&self) -> Key {
        Key(*self.0.finalize().as_bytes())
    }
}

pub struct Cache {
    dir: PathBuf,
}

impl Cache {
    pub fn new(dir: impl Into<PathBuf>) -> Cache {
        Cache { dir: dir.into() }
    }

    fn path(&self, key: &Key) -> PathBuf {
        self.dir.join(format!("{}.summary", key.hex()))
    }

    /// The summary of `method` stored under `key`, if there is a sound one made for both.
    pub fn get(&self, key: &Key, method: &str) -> Option<Summary> {
        let bytes = std::fs::read(self.path(key)).ok()?;
        decode(&bytes, key).filter(|s| s.method == method)
    }

    /// Stores `summary` under `key`. Concurrent writers of the same key each rename a complete
    /// file into place, so readers see one whole entry or none.
    pub fn put(&self, key: &Key, summary: &Summary) -> std::io::Result<()> {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        std::fs::create_dir_all(&self.dir)?;
        let tmp = self.dir.join(format!(
            ".{}.{}.{}.tmp",
            key.hex(),
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::write(&tmp, encode(key, summary))?;
        std::fs::rename(&tmp, self.path(key)).inspect_err(|_| {
            let _ = std::fs::remove_file(&tmp);
        })
    }
}

/// `MAGIC`, the key, the blake3 checksum of the payload, the payload (the summary, which
/// names its method).
fn encode(key: &Key, summary: &Summary) -> Vec<u8> {
    let payload = postcard::to_allocvec(summary).expect("a summary serialises");
    let mut bytes = Vec::with_capacity(MAGIC.len() + 64 + payload.len());
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&key.0);
    bytes.extend_from_slice(blake3::hash(&payload).as_bytes());
    bytes.extend_from_slice(&payload);
    bytes
}

fn decode(bytes: &[u8], key: &Key) -> Option<Summary> {
    let rest = bytes.strip_prefix(MAGIC)?.strip_prefix(&key.0[..])?;
    if rest.len() < 32 {
        return None;
    }
    let (checksum, payload) = rest.split_at(32);
    if blake3::hash(payload).as_bytes() != checksum {
        return None;
    }
    postcard::from_bytes(payload).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clp::explore::Exploration;

    fn sample() -> Summary {
        Summary { method: "A.f(int)".into(), cases: "'A.f(int)$case'([A],A,ok,[]) :- true.\n".into(), shown: Vec::new(), composed: String::new(), exploration: Exploration::default() }
    }

    fn temp_cache(name: &str) -> Cache {
        let dir = std::env::temp_dir().join(format!("hornet-cache-test-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        Cache::new(dir)
    }

    #[test]
    fn round_trips() {
        let cache = temp_cache("round");
        let key = KeyBuilder::default().part(b"x").finish();
        assert_eq!(cache.get(&key, "A.f(int)"), None);
        cache.put(&key, &sample()).expect("writes");
        assert_eq!(cache.get(&key, "A.f(int)"), Some(sample()));
        let _ = std::fs::remove_dir_all(&cache.dir);
    }

    #[test]
    fn corrupt_and_truncated_entries_are_misses() {
        let cache = temp_cache("corrupt");
        let key = KeyBuilder::default().part(b"y").finish();
        cache.put(&key, &sample()).expect("writes");
        let path = cache.path(&key);
        let mut bytes = std::fs::read(&path).expect("reads");
        let last = bytes.len() - 1;
        bytes[last] ^= 0x55;
        std::fs::write(&path, &bytes).expect("writes");
        assert_eq!(cache.get(&key, "A.f(int)"), None);
        std::fs::write(&path, &bytes[..bytes.len() / 2]).expect("writes");
        assert_eq!(cache.get(&key, "A.f(int)"), None);
        let _ = std::fs::remove_dir_all(&cache.dir);
    }

    #[test]
    fn an_entry_is_used_only_for_its_key_and_method() {
        let cache = temp_cache("swapped");
        let (a, b) = (KeyBuilder::default().part(b"a").finish(), KeyBuilder::default().part(b"b").finish());
        cache.put(&a, &sample()).expect("writes");
        assert_eq!(cache.get(&a, "A.g(int)"), None, "another method's entry");
        std::fs::rename(cache.path(&a), cache.path(&b)).expect("renames");
        assert_eq!(cache.get(&b, "A.f(int)"), None, "an entry moved onto another key");
        let _ = std::fs::remove_dir_all(&cache.dir);
    }

    #[test]
    fn parts_are_delimited() {
        let ab_c = KeyBuilder::default().part(b"ab").part(b"c").finish();
        let a_bc = KeyBuilder::default().part(b"a").part(b"bc").finish();
        assert_ne!(ab_c, a_bc);
    }
}
