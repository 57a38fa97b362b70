#!/usr/bin/env bash
# Simulate-then-check and the reference scorer over every combination of the Carcassonne
# expansions: each combination plays GAMES games (default 5000) per policy, `carcspec check`
# must find every game clean, and the independent reference scorer (tests/reference/, which
# shares no code with the engine) must agree with the checker on each. Run from the repository:
#   bash benches/expansions-check.sh            # 22 runs of 5,000 games
#   GAMES=500 bash benches/expansions-check.sh  # a quick look
# Not part of `cargo test` or .ci/run: it takes about six minutes of both cores.
set -euo pipefail
games=${GAMES:-5000}
cargo build --release --locked -q
cargo test --locked -q --test suite --no-run
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
status=0
run() {
  local name=$1 players=$2 policy=$3
  shift 3
  local dir="$out/$name-$policy"
  target/release/carcspec simulate --tiles "$@" --players "$players" --games "$games" \
    --seed 27 --policy "$policy" --out "$dir" >/dev/null
  local checked
  if ! checked=$(target/release/carcspec check -q "$dir" | tail -1); then
    checked="$checked (NOT every game clean)"
    status=1
  fi
  if REFERENCE_GAMES_DIR="$dir" cargo test --locked -q --test suite \
    reference_scorer::the_reference_scorer_agrees_with_the_checker_on_a_folder >/dev/null 2>&1; then
    echo "$name ($policy, $players players): $checked; the reference agrees"
  else
    echo "$name ($policy, $players players): $checked; the reference DISAGREES (games kept in $dir)"
    status=1
    trap - EXIT
  fi
}
for policy in random greedy; do
  run river 3 $policy carcassonne-base the-river
  run river-2 4 $policy carcassonne-base the-river-2
  run both-rivers 2 $policy carcassonne-base the-river the-river-2
  run abbot 3 $policy carcassonne-base-gardens --expansion abbot-and-gardens
  run inns 6 $policy carcassonne-base inns-and-cathedrals
  run river-sheep 5 $policy carcassonne-base the-river hills-and-sheep
  run abbot-sheep 4 $policy carcassonne-base-gardens hills-and-sheep --expansion abbot-and-gardens
  run inns-sheep 6 $policy carcassonne-base inns-and-cathedrals hills-and-sheep
  run river-2-inns 3 $policy carcassonne-base the-river-2 inns-and-cathedrals
  run abbot-inns 5 $policy carcassonne-base-gardens inns-and-cathedrals --expansion abbot-and-gardens
  run all 6 $policy carcassonne-base-gardens the-river the-river-2 inns-and-cathedrals \
    hills-and-sheep --expansion abbot-and-gardens
done
exit $status
