//! `wonders replay`: re-execute records and check them, streaming: one record in memory at a
//! time whatever the file's size.

use std::cell::Cell;
use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::PathBuf;
use std::rc::Rc;

use clap::Args;

use super::output::{CliResult, Out};
use crate::common::record::StrictValue;
use crate::registry;

/// The longest record read (a 7-player game with Leaders and Cities is about 40 KB
/// pretty-printed): a file with a longer one is refused rather than read whole into memory. A
/// parsed record takes up to about 50 times its text (a value of 32 bytes for each `,0` of an
/// array, and the array's growth), so this bounds replay's memory to about 100 MB whatever the
/// file holds.
const MAX_RECORD_BYTES: u64 = 2 << 20;

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// A record (JSON, pretty-printed or not) or a JSON Lines file of records; `-` reads
    /// standard input.
    file: PathBuf,
    /// Print one line per record replayed.
    #[arg(long)]
    verbose: bool,
    /// Write a self-contained web page stepping through the (first) record to this file.
    #[arg(long, value_name = "OUT.html")]
    html: Option<PathBuf>,
}

/// A reader that fails once more than [`MAX_RECORD_BYTES`] have been read since the last
/// record ended (the deserialiser reports where each one ends).
struct Bounded<R> {
    inner: R,
    read: Rc<Cell<u64>>,
    record_start: Rc<Cell<u64>>,
}

impl<R: Read> Read for Bounded<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.read.get() - self.record_start.get() > MAX_RECORD_BYTES {
            return Err(io::Error::other(format!(
                "a record longer than {} MB",
                MAX_RECORD_BYTES >> 20
            )));
        }
        let n = self.inner.read(buf)?;
        self.read.set(self.read.get() + n as u64);
        Ok(n)
    }
}

pub fn run(args: ReplayArgs) -> CliResult {
    if let Some(out) = &args.html {
        return super::web::replay_html(&args.file, out);
    }
    let name = args.file.display().to_string();
    let input: Box<dyn Read> = if name == "-" {
        Box::new(io::stdin().lock())
    } else {
        Box::new(File::open(&args.file).map_err(|e| format!("cannot read {name}: {e}"))?)
    };
    let record_start = Rc::new(Cell::new(0));
    let reader = BufReader::with_capacity(
        1 << 16,
        Bounded {
            inner: input,
            read: Rc::new(Cell::new(0)),
            record_start: Rc::clone(&record_start),
        },
    );
    // A key given twice in one object is refused, not read as its last value.
    let mut stream = serde_json::Deserializer::from_reader(reader).into_iter::<StrictValue>();
    let mut out = Out::new();
    let mut count = 0u64;
    loop {
        let record = match stream.next() {
            None => break,
            Some(Ok(StrictValue(v))) => v,
            Some(Err(e)) if e.is_io() => {
                return Err(format!("cannot read {name}: record {count}: {e}").into())
            }
            Some(Err(e)) if e.classify() == serde_json::error::Category::Data => {
                return Err(format!(
                    "{name}: line {}, column {}: record {count}: {}",
                    e.line(),
                    e.column(),
                    json_problem(&e)
                )
                .into())
            }
            Some(Err(e)) => {
                return Err(format!(
                    "{name}: line {}, column {}: record {count} is not valid JSON: {}",
                    e.line(),
                    e.column(),
                    json_problem(&e)
                )
                .into())
            }
        };
        record_start.set(stream.byte_offset() as u64);
        let replayed = registry::replay(&record).map_err(|e| format!("record {count}: {e}"))?;
        if args.verbose {
            out.line(&format!(
                "record {count}: ok, {} action{}{}",
                replayed.actions,
                if replayed.actions == 1 { "" } else { "s" },
                if replayed.result_checked {
                    ", result checked"
                } else {
                    ", no result to check"
                }
            ))?;
        }
        count += 1;
    }
    if count == 0 {
        return Err(format!("{name}: no record found").into());
    }
    out.line(&format!(
        "{count} record{} replayed, all consistent",
        if count == 1 { "" } else { "s" }
    ))?;
    out.finish()?;
    Ok(0)
}

/// serde_json's message without its own " at line L column C" (the caller says where).
fn json_problem(e: &serde_json::Error) -> String {
    let text = e.to_string();
    match text.rfind(" at line ") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}
