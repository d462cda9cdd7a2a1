/// The simulator allocates a few small values per game on its worker threads and frees them
/// on the writer's; glibc's allocator hands the pages of such arenas back to the kernel and
/// faults them in again, chunk after chunk (a tenth of a random-bot run). mimalloc keeps them.
#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Looks at standard output before Rust's runtime does: it opens `/dev/null` in place of a closed
/// descriptor, after which `wonders cards >&-` would lose its output without a word. Runs from
/// the ELF constructors, before `main`; it only asks the kernel about descriptor 1.
#[cfg(target_os = "linux")]
#[used]
#[link_section = ".init_array"]
static CHECK_STDOUT_AT_START: extern "C" fn() = {
    extern "C" fn check() {
        // SAFETY: F_GETFD reads a descriptor's flags; it touches no memory of ours.
        if unsafe { libc::fcntl(1, libc::F_GETFD) } == -1 {
            wonders::cli::note_stdout_closed_at_start();
        }
    }
    check
};

fn main() {
    std::process::exit(wonders::cli::run());
}
