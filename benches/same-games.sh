#!/usr/bin/env bash
# Do two carcspec binaries play the same games? For a refactoring that must not change
# behaviour: every ruleset, expansion combination and variant value, the random and greedy
# policies and the search, on one thread and on two, each run's transcripts (`--out`) and JSON
# report compared byte for byte.
#
#   benches/same-games.sh BEFORE AFTER        (two carcspec binaries)
#
# Prints one line a configuration (`same` or `DIFFERENT`) and a count; exits 0 when every
# configuration is the same, 1 otherwise, 2 on a usage error or a run that fails. GAMES (default
# 40) sets the games of the random and greedy runs; the search plays 2 games at 10 playouts.
set -euo pipefail

if [ $# -ne 2 ] || [ ! -x "$1" ] || [ ! -x "$2" ]; then
  echo "usage: benches/same-games.sh BEFORE AFTER (two carcspec binaries)" >&2
  exit 2
fi
BEFORE="$1"
AFTER="$2"
GAMES="${GAMES:-40}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# One configuration a line: the arguments of `simulate` (policy, seed, threads added below).
CONFIGS=(
  "--tiles carcassonne-base"
  "--tiles carcassonne-base --players 5"
  "--tiles carcassonne-base --variant farmers=off"
  "--tiles carcassonne-base --variant player-count=jcloisterzone --players 1"
  "--tiles carcassonne-base hills-and-sheep"
  "--tiles carcassonne-base hills-and-sheep --variant hill-tiebreaker=number-of-followers"
  "--tiles carcassonne-base hills-and-sheep --variant closed-flock=stable-at-once"
  "--tiles carcassonne-base hills-and-sheep --variant closed-flock-timing=after-draws"
  "--tiles carcassonne-base hills-and-sheep --variant hills=off"
  "--tiles carcassonne-base hills-and-sheep --variant vineyards=off"
  "--tiles carcassonne-base inns-and-cathedrals"
  "--tiles carcassonne-base inns-and-cathedrals --players 6"
  "--tiles carcassonne-base inns-and-cathedrals --variant inn-and-cathedral-final-scoring=ignore"
  "--tiles carcassonne-base inns-and-cathedrals --variant tiny-city-scoring=2"
  "--tiles carcassonne-base the-river"
  "--tiles carcassonne-base the-river-2"
  "--tiles carcassonne-base the-river the-river-2 --variant river-turns=jcloisterzone"
  "--tiles carcassonne-base-gardens"
  "--tiles carcassonne-base-gardens hills-and-sheep inns-and-cathedrals the-river-2"
  "--tiles hunters-gatherers-v2"
  "--tiles hunters-gatherers-v2 --variant returned-figures-on-bonus-tile=allowed"
  "--tiles hunters-gatherers-v2 --ruleset hunters-gatherers-2020"
  "--tiles hunters-gatherers-v2 --ruleset hunters-gatherers-2020 --variant returned-figures-on-bonus-tile=forbidden"
  "--tiles hunters-gatherers-v2 --ruleset hunters-gatherers-2020 --variant hunting-trap-lone-tigers=covered"
  "--tiles hunters-gatherers-v2 --ruleset hunters-gatherers-2020 --variant wild-fire-and-hunting-trap=tigers-flee"
  "--tiles hunters-gatherers-v2 --ruleset hunters-gatherers-2020 --variant pit-trap-deer-eaten=inside-first"
  "--tiles hunters-gatherers-v2 --ruleset hunters-gatherers-2020 --variant unplaceable-menhir-tile=lost"
  "--tiles hunters-gatherers-v2 --ruleset hunters-gatherers-2020 --variant lake-at-both-ends=twice"
  "--tiles hunters-gatherers-v2 --ruleset hunters-gatherers-2020 --variant shaman-figure-on-tile=forbidden"
)

same=0
different=0
run() {
  local label="$1"
  shift
  local out
  for side in before after; do
    out="$WORK/$side"
    rm -rf "$out"
    local binary="$BEFORE"
    [ "$side" = after ] && binary="$AFTER"
    if ! "$binary" simulate "$@" --format json --out "$out" >"$WORK/$side.json" 2>"$WORK/$side.err"; then
      echo "run failed ($side): simulate $*" >&2
      cat "$WORK/$side.err" >&2
      exit 2
    fi
  done
  if diff -r "$WORK/before" "$WORK/after" >/dev/null && cmp -s "$WORK/before.json" "$WORK/after.json"; then
    same=$((same + 1))
    echo "same       $label"
  else
    different=$((different + 1))
    echo "DIFFERENT  $label"
  fi
}

for config in "${CONFIGS[@]}"; do
  # shellcheck disable=SC2086 # a configuration is its words
  for policy in random greedy; do
    for threads in 1 2; do
      run "$config --policy $policy -j $threads" $config --policy "$policy" --games "$GAMES" --seed 7 -j "$threads"
    done
  done
done
# The search on a few configurations (it is slow): every decision searched, both threads.
for config in "--tiles carcassonne-base" "--tiles carcassonne-base hills-and-sheep inns-and-cathedrals" \
  "--tiles carcassonne-base the-river-2" "--tiles hunters-gatherers-v2 --ruleset hunters-gatherers-2020"; do
  for threads in 1 2; do
    # shellcheck disable=SC2086
    run "$config --policy mcts -j $threads" $config --policy mcts --playouts 10 --games 2 --seed 7 -j "$threads"
  done
done

echo "$same configurations the same, $different different"
[ "$different" -eq 0 ]
