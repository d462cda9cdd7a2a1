//! What only a command line may do: install the process's signal handler and draw progress.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use std::fmt;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

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
        "{elapsed_precise} [{wide_bar}] {human_pos}/{human_len} games  {rate}  ETA {remaining}",
    ) {
        bar.set_style(
            style
                .with_key("rate", |s: &ProgressState, w: &mut dyn fmt::Write| {
                    let _ = w.write_str(&rate(s.pos(), s.elapsed()));
                })
                .with_key("remaining", |s: &ProgressState, w: &mut dyn fmt::Write| {
                    let _ = w.write_str(&remaining(s.pos(), s.len(), s.elapsed()));
                }),
        );
    }
    bar.enable_steady_tick(Duration::from_millis(250));
    let ticker = bar.clone();
    (bar, Some(Arc::new(move |done| ticker.set_position(done))))
}

/// Games per second over the whole run so far, to about three figures: `8.0/s`, `512/s`,
/// `12,345/s` (`0.25/s` for a slow search).
fn rate(done: u64, elapsed: Duration) -> String {
    let secs = elapsed.as_secs_f64();
    if done == 0 || secs < 0.5 {
        return "-/s".into();
    }
    let r = done as f64 / secs;
    if r >= 100.0 {
        format!("{}/s", thousands(r.round() as u64))
    } else if r >= 1.0 {
        format!("{r:.1}/s")
    } else {
        format!("{r:.2}/s")
    }
}

/// The time left at the run's mean rate so far (steadier than the recent rate when each game
/// takes seconds): `42s`, `7m 05s`, `2h 13m`; `-` before the first game is done.
fn remaining(done: u64, total: Option<u64>, elapsed: Duration) -> String {
    let Some(total) = total else {
        return "-".into();
    };
    if done == 0 {
        return "-".into();
    }
    let secs = (elapsed.as_secs_f64() * (total.saturating_sub(done)) as f64 / done as f64) as u64;
    match secs {
        0..=59 => format!("{secs}s"),
        60..=3599 => format!("{}m {:02}s", secs / 60, secs % 60),
        _ => format!("{}h {:02}m", secs / 3600, secs % 3600 / 60),
    }
}

/// `12345` as `12,345`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_and_times_read_at_a_glance() {
        let s = Duration::from_secs;
        assert_eq!(rate(8026, Duration::from_millis(1_000_000)), "8.0/s");
        assert_eq!(rate(123_456, s(10)), "12,346/s");
        assert_eq!(rate(1, s(4)), "0.25/s");
        assert_eq!(rate(0, s(4)), "-/s");
        assert_eq!(remaining(400, Some(20_000), s(50)), "40m 50s");
        assert_eq!(remaining(400, Some(20_000), s(150)), "2h 02m");
        assert_eq!(remaining(100, Some(1_000), s(50)), "7m 30s");
        assert_eq!(remaining(900, Some(1_000), s(9)), "1s");
        assert_eq!(remaining(0, Some(1_000), s(9)), "-");
    }
}
