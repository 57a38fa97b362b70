// mimalloc rather than the C library's allocator: a check or a simulation makes and frees
// many small records a game, and glibc's allocator on the main thread (where a one-thread run
// works) took a sixth more time for them than mimalloc (docs/performance.md, "The allocator").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    std::process::exit(carcspec::cli::run(std::env::args_os()));
}
