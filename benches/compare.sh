#!/bin/sh
# Prints the figures of the speed targets (issue 14, docs/performance.md) in one run, so that a
# regression shows. Nothing here asserts a timing: read the figures against the targets.
#
#   benches/compare.sh                 wall-clock figures of the release binary and the benches
#   benches/compare.sh --quick         fewer games, shorter benches (a smoke run)
#   benches/compare.sh --instructions  instruction counts under callgrind instead: exact for a
#                                      given binary and input, so comparable on a busy machine
#
# Environment: GAMES (transcripts checked, default 10000), SIM_GAMES (games simulated, default
# 10000), BENCHES=0 to skip `cargo bench`.
set -eu
cd "$(dirname "$0")/.."

mode=wall
quick=0
for arg in "$@"; do
    case "$arg" in
        --quick) quick=1 ;;
        --instructions) mode=instructions ;;
        *) echo "usage: benches/compare.sh [--quick] [--instructions]" >&2; exit 2 ;;
    esac
done
if [ "$quick" = 1 ]; then
    games=${GAMES:-1000}; sim_games=${SIM_GAMES:-1000}; bench_args="--warm-up-time 1 --measurement-time 2"
else
    games=${GAMES:-10000}; sim_games=${SIM_GAMES:-10000}; bench_args=""
fi

cargo build --release --quiet
bin=target/release/carcspec
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Seconds and peak KiB of a command, on one line: "SECONDS KIB". A failing command is reported:
# its figures would measure something else.
measure() {
    start=$(date +%s.%N)
    /usr/bin/time -f "%M %x" -o "$tmp/time" "$@" > /dev/null 2> "$tmp/stderr" || true
    end=$(date +%s.%N)
    read -r kib status < "$tmp/time"
    [ "$status" = 0 ] || echo "  warning: \`$*\` exited with $status" >&2
    awk -v a="$start" -v b="$end" -v k="$kib" 'BEGIN { printf "%.3f %d\n", b - a, k }'
}
rate() { awk -v n="$1" -v s="$2" 'BEGIN { if (s > 0) printf "%.0f", n / s; else print "n/a" }'; }

# The synthetic game of the scaling bench: one all-field tile laid in a square spiral, from a
# tile set of at most 10,000 copies (T219) named as many times as needed (G020: at most 50,000
# tiles in a game). The set is written to $tmp/fan-TILES.tiles.
spiral_game() {
    copies=$(( $1 < 10000 ? $1 : 10000 ))
    printf "tileset fan-field\nruleset carcassonne\n\ntile F x%d start {\n  field: N E S W\n}\n" \
        "$copies" > "$tmp/fan-$1.tiles"
    awk -v tiles="$1" -v copies="$copies" 'BEGIN {
        print "ruleset carcassonne"; print "players red blue"
        printf "tiles ./fan-%d.tiles x%d\n", tiles, tiles / copies
        x = 0; y = 0; dx = 1; dy = 0; leg = 1; n = 0
        while (n < tiles - 1) {
            for (k = 0; k < 2 && n < tiles - 1; k++) {
                for (i = 0; i < leg && n < tiles - 1; i++) {
                    x += dx; y += dy
                    printf "turn %s; draw F; place at %d,%d; pass\n", (n % 2 ? "blue" : "red"), x, y
                    n++
                }
                t = dx; dx = -dy; dy = t
            }
            leg++
        }
    }'
}

echo "simulating $games base games as transcripts..."
$bin simulate --tiles carcassonne-base --games "$games" --seed 1 --out "$tmp/games" > /dev/null

if [ "$mode" = instructions ]; then
    command -v valgrind > /dev/null || { echo "valgrind is not installed" >&2; exit 2; }
    sample=200
    mkdir "$tmp/sample"
    ls "$tmp/games" | head -n "$sample" | while read -r f; do cp "$tmp/games/$f" "$tmp/sample/"; done
    count() {
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 > /dev/null |
            awk '/refs:/ { gsub(",", "", $NF); print $NF }'
    }
    check_ir=$(count $bin check "$tmp/sample")
    sim_ir=$(count $bin simulate --threads 1 --games "$sample" --seed 1)
    echo
    echo "instructions (callgrind), $sample base games:"
    printf "  check of %d transcripts:        %14d  (%d a game)\n" "$sample" "$check_ir" $((check_ir / sample))
    printf "  simulate --threads 1, %d games: %14d  (%d a game)\n" "$sample" "$sim_ir" $((sim_ir / sample))
    exit 0
fi

if [ "${BENCHES:-1}" != 0 ]; then
    echo "criterion benches (engine, replay, simulate, scaling)..."
    for bench in engine replay simulate scaling; do
        # shellcheck disable=SC2086
        cargo bench --quiet --bench "$bench" -- $bench_args 2>&1 |
            grep -E "^[a-z]+/|time:|thrpt:|peak memory" | sed 's/^/  /' || true
    done
fi

echo
echo "release binary, one process:"
set -- $(measure $bin check "$tmp/games")
printf "  check %d base transcripts:          %6.2f s  %8s games/s  (target >= 10,000/s a core)  peak %d MiB\n" \
    "$games" "$1" "$(rate "$games" "$1")" $(($2 / 1024))
set -- $(measure $bin simulate --tiles carcassonne-base --threads 1 --games "$sim_games" --seed 1)
printf "  simulate %d base games, 1 thread:   %6.2f s  %8s games/s  (target >= 12,000/s)  peak %d MiB\n" \
    "$sim_games" "$1" "$(rate "$sim_games" "$1")" $(($2 / 1024))
set -- $(measure $bin simulate --tiles carcassonne-base --threads 1 --games $((sim_games * 4)) --seed 1)
printf "  simulate %d base games, 1 thread:   %6.2f s  %8s games/s  peak %d MiB (target: independent of the games)\n" \
    $((sim_games * 4)) "$1" "$(rate $((sim_games * 4)) "$1")" $(($2 / 1024))
for tiles in 1000 50000; do
    spiral_game "$tiles" > "$tmp/spiral-$tiles.game"
    set -- $(measure $bin check "$tmp/spiral-$tiles.game")
    printf "  check a %d-tile game:            %6.2f s  %8s placements/s  peak %d MiB (target < 100 MB; 50,000 is the cap)\n" \
        "$tiles" "$1" "$(rate "$tiles" "$1")" $(($2 / 1024))
done
