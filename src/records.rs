//! Best results kept between runs: one small text file a game in the user's data directory.
//!
//! A game opens its [`Records`] once, [`submits`](Records::submit) each finished result under
//! a key (a level, a board size, a rule set) and shows the [table](Records::table). The file
//! is created on the first record; a file that cannot be read back is reported in one line
//! and moved aside (`<file>.corrupt`), never a crash, so one bad byte costs the old records
//! only.
//!
//! The directory is `$PLATEAU_DATA_DIR` when set (the CLI tests point it at a scratch
//! folder), else `$XDG_DATA_HOME/plateau`, else `~/.local/share/plateau` (`%APPDATA%\plateau`
//! on Windows). With none of them the records live for the run only.
//!
//! ```
//! use plateau::records::{Order, Records};
//!
//! let dir = std::env::temp_dir().join(format!("plateau-doc-{}", std::process::id()));
//! let mut times = Records::open_in(&dir, "minesweeper", Order::Lower).records;
//! assert_eq!(times.submit("expert", 93_400, 0, "seed 7").unwrap(), Some(1));
//! assert_eq!(times.submit("expert", 120_000, 0, "seed 8").unwrap(), Some(2));
//! // Read back from the file, best first.
//! let again = Records::open_in(&dir, "minesweeper", Order::Lower).records;
//! assert_eq!(again.best("expert").map(|e| e.primary), Some(93_400));
//! assert_eq!(again.table("expert").len(), 2);
//! # std::fs::remove_dir_all(&dir).unwrap();
//! ```

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// How many entries a key keeps by default.
pub const DEFAULT_KEEP: usize = 10;

/// Which results are better.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// Smaller is better (times, moves).
    Lower,
    /// Larger is better (scores).
    Higher,
}

/// One result in a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// What the table is ordered by (milliseconds, moves, points).
    pub primary: u64,
    /// The tie-break, ordered the same way (0 when the game has none).
    pub secondary: u64,
    /// When it was set, in seconds since the Unix epoch.
    pub when: u64,
    /// Free text shown beside it (a seed, a name); tabs and line breaks become spaces.
    pub label: String,
}

/// The best results of one game, by key.
#[derive(Debug, Clone)]
pub struct Records {
    path: Option<PathBuf>,
    order: Order,
    keep: usize,
    tables: BTreeMap<String, Vec<Entry>>,
}

/// What [`Records::open`] found: the records, and a one-line warning when the file was
/// unreadable and moved aside.
#[derive(Debug)]
pub struct Opened {
    /// The records (empty when there was no file or it was set aside).
    pub records: Records,
    /// Set when the old file could not be read: say it to the player once.
    pub warning: Option<String>,
}

/// The directory records go to, from the environment (see the module docs).
pub fn data_dir() -> Option<PathBuf> {
    let var = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if let Some(dir) = var("PLATEAU_DATA_DIR") {
        return Some(dir);
    }
    if let Some(dir) = var("XDG_DATA_HOME") {
        return Some(dir.join("plateau"));
    }
    if cfg!(windows)
        && let Some(dir) = var("APPDATA")
    {
        return Some(dir.join("plateau"));
    }
    var("HOME").map(|home| home.join(".local").join("share").join("plateau"))
}

impl Records {
    /// Opens `<data dir>/<game>.records` (see [`data_dir`]); without a data directory the
    /// records are kept in memory for this run.
    pub fn open(game: &str, order: Order) -> Opened {
        match data_dir() {
            Some(dir) => Records::open_in(&dir, game, order),
            None => Opened {
                records: Records::in_memory(order),
                warning: None,
            },
        }
    }

    /// Opens `<dir>/<game>.records`.
    pub fn open_in(dir: &Path, game: &str, order: Order) -> Opened {
        let path = dir.join(format!("{game}.records"));
        let mut records = Records {
            path: Some(path.clone()),
            ..Records::in_memory(order)
        };
        let text = match fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                return Opened {
                    records,
                    warning: None,
                };
            }
            Err(e) => {
                // Unreadable (permissions...): keep it, but do not overwrite what we cannot read.
                records.path = None;
                return Opened {
                    records,
                    warning: Some(format!(
                        "best results not kept: cannot read {}: {e}",
                        path.display()
                    )),
                };
            }
        };
        match parse(&text) {
            Ok(tables) => {
                records.tables = tables;
                records.tidy();
                Opened {
                    records,
                    warning: None,
                }
            }
            Err(line) => {
                let aside = path.with_extension("records.corrupt");
                let warning = match fs::rename(&path, &aside) {
                    Ok(()) => format!(
                        "{} was unreadable (line {line}): moved to {}, starting afresh",
                        path.display(),
                        aside.display()
                    ),
                    Err(e) => {
                        records.path = None;
                        format!(
                            "{} is unreadable (line {line}) and could not be moved aside ({e}): best results not kept",
                            path.display()
                        )
                    }
                };
                Opened {
                    records,
                    warning: Some(warning),
                }
            }
        }
    }

    /// Records that are never written anywhere.
    pub fn in_memory(order: Order) -> Records {
        Records {
            path: None,
            order,
            keep: DEFAULT_KEEP,
            tables: BTreeMap::new(),
        }
    }

    /// Keeps at most `n` entries a key (at least 1; default [`DEFAULT_KEEP`]).
    #[must_use]
    pub fn keep(mut self, n: usize) -> Records {
        self.keep = n.max(1);
        self.tidy();
        self
    }

    /// The file written, if any.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The entries of `key`, best first.
    pub fn table(&self, key: &str) -> &[Entry] {
        self.tables.get(key).map_or(&[], Vec::as_slice)
    }

    /// The best entry of `key`.
    pub fn best(&self, key: &str) -> Option<&Entry> {
        self.table(key).first()
    }

    /// The keys that have entries, in order.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.tables.keys().map(String::as_str)
    }

    /// Enters a result: its 1-based rank if it made the table (the file is then saved),
    /// `None` if it did not.
    ///
    /// # Errors
    /// The file could not be written; the entry is kept in memory all the same.
    pub fn submit(
        &mut self,
        key: &str,
        primary: u64,
        secondary: u64,
        label: &str,
    ) -> io::Result<Option<usize>> {
        let entry = Entry {
            primary,
            secondary,
            when: SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_secs()),
            label: clean(label),
        };
        let order = self.order;
        let table = self.tables.entry(clean(key)).or_default();
        // After the entries it ties with: the older record stands.
        let rank = table.partition_point(|e| !better(order, &entry, e));
        if rank >= self.keep {
            return Ok(None);
        }
        table.insert(rank, entry);
        table.truncate(self.keep);
        self.save()?;
        Ok(Some(rank + 1))
    }

    fn tidy(&mut self) {
        let order = self.order;
        for table in self.tables.values_mut() {
            table.sort_by(|a, b| {
                if better(order, a, b) {
                    std::cmp::Ordering::Less
                } else if better(order, b, a) {
                    std::cmp::Ordering::Greater
                } else {
                    std::cmp::Ordering::Equal
                }
            });
            table.truncate(self.keep);
        }
    }

    fn save(&self) -> io::Result<()> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        let mut text =
            String::from("# plateau records: key, primary, secondary, unix time, label\n");
        for (key, table) in &self.tables {
            for e in table {
                let _ = writeln!(
                    text,
                    "{key}\t{}\t{}\t{}\t{}",
                    e.primary, e.secondary, e.when, e.label
                );
            }
        }
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir)?;
        }
        // Written aside then renamed, so a crash mid-write never leaves half a file.
        let tmp = path.with_extension("records.tmp");
        fs::write(&tmp, text)?;
        fs::rename(&tmp, path)
    }
}

/// Whether `a` ranks strictly before `b`.
fn better(order: Order, a: &Entry, b: &Entry) -> bool {
    let (a, b) = ((a.primary, a.secondary), (b.primary, b.secondary));
    match order {
        Order::Lower => a < b,
        Order::Higher => a > b,
    }
}

fn clean(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// The tables of a records file, or the 1-based number of the first bad line.
fn parse(bytes: &[u8]) -> Result<BTreeMap<String, Vec<Entry>>, usize> {
    let mut tables: BTreeMap<String, Vec<Entry>> = BTreeMap::new();
    for (i, line) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = std::str::from_utf8(line).map_err(|_| i + 1)?;
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.splitn(5, '\t').collect();
        let number = |k: usize| {
            fields
                .get(k)
                .and_then(|f| f.parse::<u64>().ok())
                .ok_or(i + 1)
        };
        let key = fields[0];
        let (primary, secondary, when) = (number(1)?, number(2)?, number(3)?);
        let label = fields.get(4).map_or_else(String::new, |l| (*l).to_owned());
        if key.is_empty() {
            return Err(i + 1);
        }
        tables.entry(key.to_owned()).or_default().push(Entry {
            primary,
            secondary,
            when,
            label,
        });
    }
    Ok(tables)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("plateau-records-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn keeps_the_best_in_order_and_round_trips() {
        let dir = scratch("order");
        let mut r = Records::open_in(&dir, "tetris", Order::Higher)
            .records
            .keep(3);
        assert_eq!(r.submit("guideline", 500, 3, "a").unwrap(), Some(1));
        assert_eq!(r.submit("guideline", 900, 5, "b").unwrap(), Some(1));
        assert_eq!(r.submit("guideline", 500, 4, "c").unwrap(), Some(2));
        // Ties go after the older entry.
        assert_eq!(r.submit("guideline", 500, 3, "d").unwrap(), None);
        assert_eq!(r.submit("guideline", 100, 0, "e").unwrap(), None);
        let labels: Vec<_> = r
            .table("guideline")
            .iter()
            .map(|e| e.label.as_str())
            .collect();
        assert_eq!(labels, ["b", "c", "a"]);
        let back = Records::open_in(&dir, "tetris", Order::Higher)
            .records
            .keep(3);
        assert_eq!(back.table("guideline"), r.table("guideline"));
        assert!(back.table("classic").is_empty());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_corrupt_file_is_moved_aside_not_fatal() {
        let dir = scratch("corrupt");
        fs::create_dir_all(&dir).unwrap();
        let file = dir.join("taquin.records");
        fs::write(&file, "4x4\t30\t1000\t5\tok\n4x4\tthirty\t0\t0\t\n").unwrap();
        let opened = Records::open_in(&dir, "taquin", Order::Lower);
        let warning = opened.warning.unwrap();
        assert!(warning.contains("line 2"), "{warning}");
        assert!(dir.join("taquin.records.corrupt").exists());
        assert!(!file.exists());
        let mut r = opened.records;
        assert!(r.best("4x4").is_none());
        assert_eq!(r.submit("4x4", 40, 0, "").unwrap(), Some(1));
        assert!(file.exists());
        // Binary garbage too.
        fs::write(&file, [0xff, 0xfe, b'\n', 0]).unwrap();
        assert!(
            Records::open_in(&dir, "taquin", Order::Lower)
                .warning
                .is_some()
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn labels_and_keys_cannot_break_the_format() {
        let dir = scratch("labels");
        let mut r = Records::open_in(&dir, "m", Order::Lower).records;
        r.submit("a\tb", 1, 0, "x\ny\tz").unwrap();
        let back = Records::open_in(&dir, "m", Order::Lower);
        assert!(back.warning.is_none());
        assert_eq!(back.records.best("a b").unwrap().label, "x y z");
        fs::remove_dir_all(&dir).unwrap();
    }
}
