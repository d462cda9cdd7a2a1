/// The simulator allocates a few small values per game on its worker threads and frees them
/// on the writer's; glibc's allocator hands the pages of such arenas back to the kernel and
/// faults them in again, chunk after chunk (a tenth of a random-bot run). mimalloc keeps them.
#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    std::process::exit(wonders::cli::run());
}
