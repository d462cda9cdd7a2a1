//! What only a command line may do: install the process's signal handler and draw progress.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::registry::Progress;

/// The stop flag of a run. The first call installs the handler: the first Ctrl-C, SIGTERM
/// (what `timeout`, containers and batch schedulers send) or SIGHUP raises the flag, so runs
/// stop after the games in progress and keep whole games only; a second one exits at once with
/// status 130.
pub fn stop_flag() -> Result<Arc<AtomicBool>, String> {
    static FLAG: OnceLock<Result<Arc<AtomicBool>, String>> = OnceLock::new();
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let handler_flag = Arc::clone(&flag);
        ctrlc::set_handler(move || {
            if handler_flag.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
        })
        .map(|()| flag)
        .map_err(|e| format!("cannot install the Ctrl-C handler: {e}"))
    })
    .clone()
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
