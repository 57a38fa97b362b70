#!/bin/sh
# Prints every figure of the speed targets (issue 14, docs/performance.md) in one run, each next
# to its target, so that a regression shows. Nothing here asserts a timing: read the figures
# against the targets (the last column says whether a figure meets its target on this run).
#
#   benches/compare.sh                 the full run (10,000 transcripts checked; simulate at
#                                      10,000 and 100,000 games; criterion's default times)
#   benches/compare.sh --quick         a short run (1,000 transcripts; simulate at 1,000 and
#                                      10,000 games; shorter criterion measurements)
#   benches/compare.sh --instructions  instruction counts under callgrind instead: exact for a
#                                      given binary and input, so comparable on a busy machine
#
# Environment: GAMES (transcripts checked), SIM_GAMES and SIM_GAMES_LARGE (the two runs of
# simulate whose peak memory is compared), BENCHES=0 to skip `cargo bench` (its figures are then
# left out), CARGO_TARGET_DIR as for cargo. See benches/README.md.
set -eu
cd "$(dirname "$0")/.."

mode=wall
quick=0
for arg in "$@"; do
    case "$arg" in
        --quick) quick=1 ;;
        --instructions) mode=instructions ;;
        -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "usage: benches/compare.sh [--quick] [--instructions]" >&2; exit 2 ;;
    esac
done
if [ "$quick" = 1 ]; then
    games=${GAMES:-1000}; sim_games=${SIM_GAMES:-1000}
    bench_args="--warm-up-time 1 --measurement-time 2"
else
    games=${GAMES:-10000}; sim_games=${SIM_GAMES:-10000}
    bench_args=""
fi
sim_games_large=${SIM_GAMES_LARGE:-$((sim_games * 10))}
target_dir=${CARGO_TARGET_DIR:-target}

cargo build --release --quiet
bin=$target_dir/release/carcspec
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# "ELAPSED CPU KIB" of a command (seconds of wall clock, seconds of user and system CPU, peak
# resident KiB). A failing command is reported: its figures would measure something else.
measure() {
    /usr/bin/time -f "%e %U %S %M %x" -o "$tmp/time" "$@" > /dev/null 2> "$tmp/stderr" || true
    # The last line: GNU time writes "Command exited with non-zero status" before it.
    read -r elapsed user system kib status <<EOF
$(tail -n 1 "$tmp/time")
EOF
    [ "$status" = 0 ] || echo "  warning: \`$*\` exited with $status" >&2
    awk -v e="$elapsed" -v u="$user" -v s="$system" -v k="$kib" \
        'BEGIN { printf "%.2f %.2f %d\n", e, u + s, k }'
}
# N / SECONDS, rounded; "n/a" for no time.
rate() { awk -v n="$1" -v s="$2" 'BEGIN { if (s > 0) printf "%.0f", n / s; else print "n/a" }'; }
# A number with thousands separators.
commas() { echo "$1" | sed -e ':a' -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|[^0-9]\)/\1,\2\3/;ta'; }
# "met" or "not met": whether VALUE OP LIMIT (OP is >= or <=).
verdict() {
    awk -v v="$1" -v op="$2" -v l="$3" 'BEGIN {
        if (v == "n/a") { print "n/a"; exit }
        ok = (op == ">=") ? (v + 0 >= l + 0) : (v + 0 <= l + 0)
        print ok ? "met" : "not met"
    }'
}

# The most tiles a game and a tile set may hold (crates/core/src/model/), as the scaling bench uses them.
limit() { sed -n "s/.*$1: u64 = \([0-9_]*\);.*/\1/p" "$2" | tr -d _; }
max_game_tiles=$(limit MAX_TILES_PER_GAME crates/core/src/model/game.rs)
max_set_tiles=$(limit MAX_TILES_PER_SET crates/core/src/model/tile.rs)

# The synthetic game of the scaling bench: one all-field tile laid in a square spiral, from a
# tile set in DIR multiplied as the game needs (a set holds at most $max_set_tiles tiles).
spiral_game() {
    multiplier=$(( ($1 + max_set_tiles - 1) / max_set_tiles ))
    printf 'tileset spiral\nruleset carcassonne\n\ntile F x%d start {\n  field: N E S W\n}\n' \
        $(($1 / multiplier)) > "$2/spiral.tiles"
    awk -v tiles="$1" -v multiplier="$multiplier" 'BEGIN {
        print "ruleset carcassonne"; print "players red blue"
        printf "tiles spiral.tiles x%d\n", multiplier
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
    }' > "$2/spiral.game"
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

# The median time of a criterion benchmark in nanoseconds, from the estimates criterion saves
# (GROUP, then a fixed string of the benchmark's name); "n/a" when it did not run in this run
# (estimates of earlier runs are older than the marker file).
touch "$tmp/started"
median_ns() {
    file=$(find "$target_dir/criterion/$1" -path "*$2*/new/estimates.json" -newer "$tmp/started" 2> /dev/null | head -n 1)
    if [ -n "$file" ]; then
        sed -n 's/.*"median":{"confidence_interval":{[^}]*},"point_estimate":\([0-9.eE+-]*\).*/\1/p' "$file"
    else
        echo n/a
    fi
}
# Elements a second of a benchmark that handles ELEMENTS in MEDIAN nanoseconds.
per_second() { awk -v n="$1" -v t="$2" 'BEGIN { if (t == "n/a" || t <= 0) print "n/a"; else printf "%.0f", n * 1e9 / t }'; }

if [ "${BENCHES:-1}" != 0 ]; then
    echo "criterion benches: engine, replay, simulate and scaling (output in $tmp/bench.log)..."
    # Only the benchmarks the targets are about: the base game; every size of the scaling bench.
    run_bench() {
        # shellcheck disable=SC2086
        cargo bench --quiet -p carcspec-benches --bench "$1" -- $bench_args "$2" >> "$tmp/bench.log" 2>&1 ||
            { echo "  warning: cargo bench -p carcspec-benches --bench $1 failed:" >&2; tail -n 20 "$tmp/bench.log" >&2; }
    }
    run_bench engine 'engine/'
    run_bench replay 'replay/a carcassonne base'
    run_bench simulate 'simulate/.*carcassonne base game'
    run_bench scaling 'scaling/'
fi
engine_placements=$(find "$target_dir/criterion/engine" -maxdepth 1 -name '*placements*' 2> /dev/null |
    sed -n 's/.*(\([0-9]*\) placements).*/\1/p' | head -n 1)
engine_rate=$(per_second "${engine_placements:-0}" "$(median_ns engine placements)")
# A base transcript names the shipped set (its catalog compiled once a process); the game with a
# tile file of its own also reads and compiles its 72 tiles at every check.
replay_placements=$(find "$target_dir/criterion/replay" -maxdepth 1 -name 'a carcassonne base transcript*' 2> /dev/null |
    sed -n 's/.* of \([0-9]*\) placed tiles.*/\1/p' | head -n 1)
replay_rate=$(per_second "${replay_placements:-0}" "$(median_ns replay 'a carcassonne base transcript')")
own_file_placements=$(find "$target_dir/criterion/replay" -maxdepth 1 -name 'a carcassonne base game*' 2> /dev/null |
    sed -n 's/.* of \([0-9]*\) placed tiles.*/\1/p' | head -n 1)
own_file_rate=$(per_second "${own_file_placements:-0}" "$(median_ns replay 'a carcassonne base game')")
# A game played on its own (its engine and replay built for it), and games as a run plays them.
sim_bench_rate=$(per_second 1 "$(median_ns simulate 'one random 2-player game_ carcassonne base game')")
sim_run_games=$(find "$target_dir/criterion/simulate" -maxdepth 1 -name '*in one run_ carcassonne base game' 2> /dev/null |
    sed -n 's/.*games, \([0-9]*\) in one run.*/\1/p' | head -n 1)
sim_run_rate=$(per_second "${sim_run_games:-0}" "$(median_ns simulate 'in one run_ carcassonne base game')")
# The smallest and the largest game of the scaling bench that ran.
sizes=$(find "$target_dir/criterion/scaling" -path '*/new/estimates.json' -newer "$tmp/started" 2> /dev/null |
    sed -n 's/.*check a game of \([0-9]*\) tiles.*/\1/p' | sort -n)
small=$(echo "$sizes" | head -n 1); large=$(echo "$sizes" | tail -n 1)
small_ns=n/a; large_ns=n/a
if [ -n "$small" ]; then
    small_ns=$(median_ns scaling "of $small tiles"); large_ns=$(median_ns scaling "of $large tiles")
fi
scaling=$(awk -v a="$small_ns" -v b="$large_ns" -v na="${small:-1}" -v nb="${large:-1}" 'BEGIN {
    if (a == "n/a" || b == "n/a") { print "n/a n/a n/a"; exit }
    pa = a / na / 1000; pb = b / nb / 1000
    printf "%.2f %.2f %.2f\n", pa, pb, pb / pa }')
set -- $scaling
per_small=$1; per_large=$2; ratio=$3

echo "release binary, one process at a time..."
set -- $(measure $bin check --threads 1 "$tmp/games")
check1_elapsed=$1; check1_cpu=$2; check1_kib=$3
set -- $(measure $bin check --threads 2 "$tmp/games")
check2_elapsed=$1; check2_cpu=$2; check2_kib=$3
check1_rate=$(rate "$games" "$check1_elapsed"); check1_cpu_rate=$(rate "$games" "$check1_cpu")
check2_rate=$(rate "$games" "$check2_elapsed"); check2_cpu_rate=$(rate "$games" "$check2_cpu")
speedup=$(awk -v a="$check1_elapsed" -v b="$check2_elapsed" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }')

set -- $(measure $bin simulate --tiles carcassonne-base --threads 1 --games "$sim_games" --seed 1)
sim_elapsed=$1; sim_cpu=$2; sim_kib=$3
sim_rate=$(rate "$sim_games" "$sim_elapsed"); sim_cpu_rate=$(rate "$sim_games" "$sim_cpu")
set -- $(measure $bin simulate --tiles carcassonne-base --games "$sim_games_large" --seed 1 --out "$tmp/simulated")
sim_large_elapsed=$1; sim_large_kib=$3
rm -rf "$tmp/simulated"

spiral_game "$max_game_tiles" "$tmp"
set -- $(measure $bin check "$tmp/spiral.game")
spiral_elapsed=$1; spiral_kib=$3

mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
mb() { awk -v k="$1" 'BEGIN { printf "%.1f", k * 1024 / 1e6 }'; }
row() { printf "  %-58s %-34s %-19s %s\n" "$1" "$2" "$3" "$4"; }

echo
echo "figures of issue 14 ($(date -u '+%Y-%m-%d %H:%M UTC'), $(git rev-parse --short HEAD 2> /dev/null || echo '?'), load $(cut -d' ' -f1-3 /proc/loadavg 2> /dev/null || echo '?'))"
row "figure" "measured" "target" "verdict"
row "replay of a base transcript, parse and lower included" \
    "$(commas "$replay_rate") placements/s" ">= 1,000,000/s" "$(verdict "$replay_rate" '>=' 1000000)"
row "the same game with a tile file of its own (read each time)" \
    "$(commas "$own_file_rate") placements/s" "" ""
row "engine replay of lowered base games" \
    "$(commas "$engine_rate") placements/s" ">= 3,000,000/s" "$(verdict "$engine_rate" '>=' 3000000)"
row "check $(commas "$games") base transcripts, --threads 1" \
    "$(commas "$check1_rate") games/s ($(commas "$check1_cpu_rate")/CPU-s)" ">= 10,000/s a core" "$(verdict "$check1_rate" '>=' 10000)"
row "check $(commas "$games") base transcripts, --threads 2" \
    "$(commas "$check2_rate") games/s ($(commas "$check2_cpu_rate")/CPU-s)" "near-linear" "${speedup}x of 1 thread"
row "random 2-player base games with farms, in a run (criterion)" \
    "$(commas "$sim_run_rate") games/s" ">= 12,000/s" "$(verdict "$sim_run_rate" '>=' 12000)"
row "one such game on its own, engine and replay built for it" \
    "$(commas "$sim_bench_rate") games/s" "" ""
row "simulate $(commas "$sim_games") base games, --threads 1 (process)" \
    "$(commas "$sim_rate") games/s ($(commas "$sim_cpu_rate")/CPU-s)" ">= 12,000/s" "$(verdict "$sim_rate" '>=' 12000)"
row "time a placement at $(commas "${small:-?}") / $(commas "${large:-?}") tiles (scaling bench)" \
    "$per_small / $per_large us (${ratio}x)" "<= 1.5x" "$(verdict "$ratio" '<=' 1.5)"
row "check a $(commas "$max_game_tiles")-tile game (the cap): peak memory" \
    "$(mib "$spiral_kib") MiB ($(mb "$spiral_kib") MB, ${spiral_elapsed} s)" "< 100 MB" "$(verdict "$(mb "$spiral_kib")" '<=' 100)"
row "simulate $(commas "$sim_games") games, --threads 1: peak memory" \
    "$(mib "$sim_kib") MiB" "< 100 MB" "$(verdict "$(mb "$sim_kib")" '<=' 100)"
row "simulate $(commas "$sim_games_large") games with --out: peak memory" \
    "$(mib "$sim_large_kib") MiB (${sim_large_elapsed} s)" "< 100 MB, flat" "$(verdict "$(mb "$sim_large_kib")" '<=' 100)"
echo
echo "peak memory of check: $(mib "$check1_kib") MiB on 1 thread, $(mib "$check2_kib") MiB on 2"
