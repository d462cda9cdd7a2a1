fn main() {
    std::process::exit(wonders::cli::run());
}
