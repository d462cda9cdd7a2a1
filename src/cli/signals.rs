//! What only a command line may do: install the process's signal handler and draw progress.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::registry::Progress;

/// A repeated signal this soon after the first counts as the same request: `timeout` sends
/// its signal to the process and then to its whole group, so the process gets it twice at once.
const SAME_SIGNAL: Duration = Duration::from_millis(500);

/// The stop flag of a run. The first call installs the handler: the first Ctrl-C, SIGTERM
/// (what `timeout`, containers and batch schedulers send) or SIGHUP raises the flag, so runs
/// stop after the games in progress and keep whole games only; another one, later than
/// [`SAME_SIGNAL`] after it, exits at once with status 130. Files a run writes whole at the
/// end (summaries) are renamed into place, so even that exit never leaves one torn or empty.
pub fn stop_flag() -> Result<Arc<AtomicBool>, String> {
    static FLAG: OnceLock<Result<Arc<AtomicBool>, String>> = OnceLock::new();
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let handler_flag = Arc::clone(&flag);
        let first: OnceLock<Instant> = OnceLock::new();
        ctrlc::set_handler(move || {
            let at = *first.get_or_init(Instant::now);
            if handler_flag.swap(true, Ordering::SeqCst) && at.elapsed() > SAME_SIGNAL {
                std::process::exit(130);
            }
        })
        .map(|()| flag)
        .map_err(|e| format!("cannot install the Ctrl-C handler: {e}"))
    })
    .clone()
}

/// Makes a write past the file-size limit (`ulimit -f`) fail with an error, reported as any
/// other write error, instead of killing the process by SIGXFSZ with a row half written.
pub fn ignore_file_size_signal() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to "ignore" runs no code of ours in a handler;
    // it is done once, at start, before any thread is spawned.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

/// A progress bar on stderr with rate and ETA, when asked for and stderr is a terminal, and the
/// callback that moves it.
pub fn progress_bar(show: bool, total: u64) -> (ProgressBar, Option<Progress>) {
    if !show || !std::io::stderr().is_terminal() {
        return (ProgressBar::hidden(), None);
    }
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(
        "{elapsed_precise} [{wide_bar}] {human_pos}/{human_len} games  {per_sec}  ETA {eta}",
    ) {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(250));
    let ticker = bar.clone();
    (bar, Some(Arc::new(move |done| ticker.set_position(done))))
}
