//! Writing to standard output the Unix way: a closed pipe (`wonders cards | head -1`) ends the
//! command quietly, any other write error (a full disk, `> /dev/full`) is an `error:` line and
//! a non-zero exit, never a panic and never a silent loss.

use std::io::{self, BufWriter, StdoutLock, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// Why a command stopped early.
#[derive(Debug)]
pub enum CliError {
    /// A user-facing error: printed as one `error:` line, exit status 1.
    Message(String),
    /// Standard output was closed by its reader: stop quietly.
    BrokenPipe,
}

impl From<String> for CliError {
    fn from(message: String) -> CliError {
        CliError::Message(message)
    }
}

/// The exit status of a command, or why it stopped.
pub type CliResult = Result<i32, CliError>;

/// The exit status after a broken pipe: what a shell reports for a process ended by SIGPIPE.
pub const BROKEN_PIPE_STATUS: i32 = 141;

/// Maps a write error on standard output to the command's outcome.
pub fn stdout_error(e: io::Error) -> CliError {
    if e.kind() == io::ErrorKind::BrokenPipe {
        CliError::BrokenPipe
    } else {
        CliError::Message(format!("cannot write to standard output: {e}"))
    }
}

/// Buffered standard output whose every error is a [`CliError`]; call [`Out::finish`] at the
/// end so a failing final flush is reported too.
pub struct Out {
    inner: BufWriter<StdoutLock<'static>>,
    closed: bool,
}

impl Out {
    /// Standard output, locked and buffered.
    pub fn new() -> Out {
        Out {
            inner: BufWriter::new(io::stdout().lock()),
            closed: stdout_was_closed(),
        }
    }

    /// Writes `text` as it is.
    pub fn write(&mut self, text: &str) -> Result<(), CliError> {
        if self.closed {
            return Err(CliError::Message(
                "cannot write to standard output: it is closed (redirect it to /dev/null to \
                 discard the output)"
                    .into(),
            ));
        }
        self.inner.write_all(text.as_bytes()).map_err(stdout_error)
    }

    /// Writes `line` and a newline.
    pub fn line(&mut self, line: &str) -> Result<(), CliError> {
        self.write(line)?;
        self.write("\n")
    }

    /// The writer itself, for serialisers; map their errors with [`stdout_error`].
    pub fn writer(&mut self) -> &mut impl Write {
        &mut self.inner
    }

    /// Flushes everything written.
    pub fn finish(mut self) -> Result<(), CliError> {
        self.inner.flush().map_err(stdout_error)
    }
}

/// Set by the `wonders` program when it started with standard output closed
/// (`wonders cards >&-`): it looks before Rust's runtime opens `/dev/null` in its place, after
/// which the two cannot be told apart (a `> /dev/null`, or Python's `subprocess.DEVNULL`, is a
/// choice and stays allowed).
static STDOUT_CLOSED_AT_START: AtomicBool = AtomicBool::new(false);

/// Records that standard output was closed when the process started (see `src/main.rs`).
pub fn note_stdout_closed_at_start() {
    STDOUT_CLOSED_AT_START.store(true, Ordering::Relaxed);
}

fn stdout_was_closed() -> bool {
    STDOUT_CLOSED_AT_START.load(Ordering::Relaxed)
}
