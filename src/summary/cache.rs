//! The persistent summary cache: one file per key under the cache folder, written atomically
//! (temporary file, then rename) and checked on reading (magic, version, blake3 checksum of
//! the postcard payload), so a truncated or corrupt entry is a miss, never trusted.

use super::Summary;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

const MAGIC: &[u8; 8] = b"HORNETS1";

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

    /// The summary stored under `key`, if there is a sound one.
    pub fn get(&self, key: &Key) -> Option<Summary> {
        let bytes = std::fs::read(self.path(key)).ok()?;
        decode(&bytes)
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
        std::fs::write(&tmp, encode(summary))?;
        std::fs::rename(&tmp, self.path(key)).inspect_err(|_| {
            let _ = std::fs::remove_file(&tmp);
        })
    }
}

fn encode(summary: &Summary) -> Vec<u8> {
    let payload = postcard::to_allocvec(summary).expect("a summary serialises");
    let mut bytes = Vec::with_capacity(MAGIC.len() + 32 + payload.len());
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(blake3::hash(&payload).as_bytes());
    bytes.extend_from_slice(&payload);
    bytes
}

fn decode(bytes: &[u8]) -> Option<Summary> {
    let rest = bytes.strip_prefix(MAGIC)?;
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
        Summary { method: "A.f(int)".into(), cases: "'A.f(int)$case'([A],A,ok,[]) :- true.\n".into(), exploration: Exploration::default() }
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
        assert_eq!(cache.get(&key), None);
        cache.put(&key, &sample()).expect("writes");
        assert_eq!(cache.get(&key), Some(sample()));
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
        assert_eq!(cache.get(&key), None);
        std::fs::write(&path, &bytes[..bytes.len() / 2]).expect("writes");
        assert_eq!(cache.get(&key), None);
        let _ = std::fs::remove_dir_all(&cache.dir);
    }

    #[test]
    fn parts_are_delimited() {
        let ab_c = KeyBuilder::default().part(b"ab").part(b"c").finish();
        let a_bc = KeyBuilder::default().part(b"a").part(b"bc").finish();
        assert_ne!(ab_c, a_bc);
    }
}
