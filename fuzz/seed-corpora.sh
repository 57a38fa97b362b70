#!/bin/sh
# Seeds each fuzz target's corpus (fuzz/corpus/<target>/, not committed) from the repository's
# own inputs, as fuzz/seeds.txt lists them (the list tests/fuzz_seeds.rs runs the targets on).
# Run from anywhere; safe to run again.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
corpus="$root/fuzz/corpus"
grep -v '^[[:space:]]*\(#\|$\)' "$root/fuzz/seeds.txt" | while read -r target byte source names; do
    mkdir -p "$corpus/$target"
    # The format byte, or nothing.
    prefix() { if [ "$byte" != - ]; then printf "\\$(printf '%03o' "$byte")"; fi; }
    case "$source" in
    export:*)
        format=${source#export:}
        for set in $names; do
            { prefix; cargo run -q --manifest-path "$root/Cargo.toml" -- tiles export --format "$format" "$set"; } \
                > "$corpus/$target/${format}_$set"
        done
        ;;
    .*)
        for folder in $names; do
            # `?folder`: read when it is there (the reference data of ../shared).
            case "$folder" in
            \?*)
                folder=${folder#\?}
                if [ ! -d "$root/$folder" ]; then
                    echo "fuzz/seeds.txt: $folder is not there, its seeds are skipped" >&2
                    continue
                fi
                ;;
            esac
            if [ ! -d "$root/$folder" ]; then
                echo "fuzz/seeds.txt: no folder $folder" >&2
                exit 1
            fi
            find "$root/$folder" -type f -name "*$source" | while read -r file; do
                name=$(echo "$file" | sed "s|$root/||; s|/|_|g")
                { prefix; cat "$file"; } > "$corpus/$target/$name"
            done
        done
        ;;
    *)
        echo "fuzz/seeds.txt: unknown source $source" >&2
        exit 1
        ;;
    esac
done
echo "seeded: $(ls "$corpus" | wc -l) corpora in $corpus"
