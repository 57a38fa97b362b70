fn main() {
    std::process::exit(carcspec::cli::run(std::env::args_os()));
}
