#!/bin/sh
# The strength of `--policy mcts` (issue 31): two-player games, seats alternated, the search at
# a budget against `greedy` and against `random`; each policy's outright wins with Wilson's
# 95 % interval, and the decisions the search took a CPU-second. Not run in CI (minutes).
#
#   benches/mcts-strength.sh                 # the figures of docs/simulation.md
#   GAMES=1000 OTHER_GAMES=1000 CURVE_GAMES=100 benches/mcts-strength.sh   # 1,000 a pairing
#
# GAMES: games a pairing of base games at the default budget (200), OTHER_GAMES those of the
# other sets (100); CURVE_GAMES: games a budget of each set's budget/strength curve against
# greedy (60); BUDGETS: the curve's playouts (25 50 200, the default 100 measured above);
# SETS: which games (base hg2002 hg2020 hills); THREADS (2);
# PRIOR: the search's prior (prospect, the default, standing or immediate); WEIGHT: its weight (3).
set -eu
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin=target/release/carcspec
GAMES=${GAMES:-200}
CURVE_GAMES=${CURVE_GAMES:-60}
BUDGETS=${BUDGETS:-25 50 200}
SETS=${SETS:-base hg2002 hg2020 hills}
THREADS=${THREADS:-2}
SEED=${SEED:-31}
PRIOR=${PRIOR:-prospect}
WEIGHT=${WEIGHT:-3}

tiles_of() {
    case $1 in
        base) echo "--tiles carcassonne-base" ;;
        hg2002) echo "--ruleset hunters-gatherers --tiles hunters-gatherers-v2" ;;
        hg2020) echo "--ruleset hunters-gatherers-2020 --tiles hunters-gatherers-v2" ;;
        hills) echo "--tiles carcassonne-base hills-and-sheep" ;;
    esac
}

# One pairing: prints the policies' lines and the search's decisions a CPU-second (user time
# of the whole run over the decisions searched: the opponent's moves are counted against it).
pairing() {
    set_name=$1 opponent=$2 games=$3 playouts=$4
    timing=$(mktemp)
    # shellcheck disable=SC2046 # the tile options are words
    out=$(/usr/bin/time -f "%U" -o "$timing" $bin simulate $(tiles_of "$set_name") \
        --games "$games" --seed "$SEED" --policy mcts,"$opponent" --alternate-seats \
        --playouts "$playouts" --prior "$PRIOR" --prior-weight "$WEIGHT" -j "$THREADS")
    user=$(cat "$timing")
    rm -f "$timing"
    decisions=$(printf '%s\n' "$out" | sed -n 's/.* \([0-9]*\) decisions searched$/\1/p')
    printf '%s\n' "$out" | sed -n '/^policies/,$p'
    awk -v d="$decisions" -v u="$user" -v s="$set_name" -v o="$opponent" -v n="$games" -v p="$playouts" -v r="$PRIOR" \
        'BEGIN { printf "  => %s, mcts %s playouts (%s prior) vs %s, %s games: %d decisions searched in %.1f CPU s = %.1f decisions a CPU-second\n", s, p, r, o, n, d, u, (u > 0 ? d / u : 0) }'
}

default=100
for set_name in $SETS; do
    n=$GAMES
    [ "$set_name" = base ] || n=${OTHER_GAMES:-100}
    echo "== $set_name: default budget ($default playouts), $n games a pairing"
    pairing "$set_name" greedy "$n" "$default"
    pairing "$set_name" random "$n" "$default"
    echo "== $set_name: budget/strength curve against greedy, $CURVE_GAMES games a budget"
    for budget in $BUDGETS; do
        pairing "$set_name" greedy "$CURVE_GAMES" "$budget"
    done
done
