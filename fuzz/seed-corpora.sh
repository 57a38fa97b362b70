#!/bin/sh
# Seeds each fuzz target's corpus (fuzz/corpus/<target>/, not committed) from the repository's
# own inputs: spec/, tests/fixtures/ and tiles/. Run from anywhere; safe to run again.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
corpus="$root/fuzz/corpus"
seed() { # target, files…
    target=$1; shift
    mkdir -p "$corpus/$target"
    for file in "$@"; do
        [ -f "$file" ] && cp "$file" "$corpus/$target/$(echo "$file" | sed "s|$root/||; s|/|_|g")"
    done
    return 0
}
tiles=$(find "$root/tiles" "$root/tests/fixtures" "$root/spec" -name '*.tiles')
games=$(find "$root/spec" "$root/tests/fixtures" -name '*.game')
jcz=$(find "$root/tests/fixtures" -name '*.jcz')
seed tiles_lint $tiles
seed roundtrip_tiles $tiles
seed game_check $games
seed roundtrip_game $games
seed jcz_check $jcz
seed roundtrip_jcz $jcz
# tile_documents reads its first byte as the format: 0 JSON, 1 YAML.
mkdir -p "$corpus/tile_documents"
for file in $(find "$root/tests/fixtures" -name '*.json'); do
    { printf '\000'; cat "$file"; } > "$corpus/tile_documents/json_$(basename "$file")"
done
for file in $(find "$root/tests/fixtures" -name '*.yaml'); do
    { printf '\001'; cat "$file"; } > "$corpus/tile_documents/yaml_$(basename "$file")"
done
for set in carcassonne-base hills-and-sheep; do
    { printf '\000'; cargo run -q --manifest-path "$root/Cargo.toml" -- tiles export --format json "$set"; } \
        > "$corpus/tile_documents/json_$set"
    { printf '\001'; cargo run -q --manifest-path "$root/Cargo.toml" -- tiles export --format yaml "$set"; } \
        > "$corpus/tile_documents/yaml_$set"
done
echo "seeded: $(ls "$corpus" | wc -l) corpora in $corpus"
