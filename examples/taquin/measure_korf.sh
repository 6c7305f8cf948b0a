#!/usr/bin/env bash
# Korf's 100 through `taquin solve`, three rounds: the default (the quick 5-5-5 tables built
# in the run), the 6-6-3 tables built, the same loaded from a file, the 7-7-1 tables loaded
# from a file; each output checked against the first.
# With PEER=<a command reading the same boards on stdin> (for example a driver over slidy
# you built yourself, outside this project) it is timed in the same rounds.
# Usage: examples/taquin/measure_korf.sh [DIR]   (DIR keeps the boards and the table files)
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=${1:-/tmp/taquin-korf}
mkdir -p "$dir"
cargo build --release --example taquin
taquin=target/release/examples/taquin
p663="1,5,6,9,10,13/7,8,11,12,14,15/2,3,4"
p771="1,2,3,4,5,6,7/9,10,11,12,13,14,15/8"
# The fixture in this crate's convention: a half turn and t -> 16 - t (see the README).
grep -v '^#' crates/taquin/tests/korf100.txt | awk 'NF==18 { for (i=0;i<16;i++) { t=$(i+3); o[15-i]=(t==0?0:16-t) }; s=o[0]; for (i=1;i<16;i++) s=s" "o[i]; print s }' > "$dir/boards.txt"
# The files, saved once (the 7-7-1 ones take about a minute).
[ -e "$dir/663.pdb" ] || "$taquin" solve --pdb "$dir/663.pdb" < "$dir/boards.txt" > /dev/null
[ -e "$dir/771.pdb" ] || "$taquin" solve --partition "$p771" --pdb "$dir/771.pdb" < "$dir/boards.txt" > /dev/null
run() {
    local name=$1; shift
    /usr/bin/time -o "$dir/time" -f "%e s wall %U s user" "$@" < "$dir/boards.txt" > "$dir/out" 2>/dev/null
    printf '%-22s %s  (%s)\n' "$name" "$(cat "$dir/time")" \
        "$(awk '{ s += $1 } END { printf "%d lines, %d moves", NR, s }' "$dir/out")"
}
uptime
for round in 1 2 3; do
    run "555 built (default)" "$taquin" solve
    cp "$dir/out" "$dir/first"
    run "663 built" "$taquin" solve --partition "$p663"
    cmp -s "$dir/out" "$dir/first" || echo "  differs from the first output"
    run "663 loaded" "$taquin" solve --pdb "$dir/663.pdb"
    cmp -s "$dir/out" "$dir/first" || echo "  differs from the first output"
    run "771 loaded" "$taquin" solve --partition "$p771" --pdb "$dir/771.pdb"
    cmp -s "$dir/out" "$dir/first" || echo "  differs from the first output"
    if [ -n "${PEER:-}" ]; then run "peer" $PEER; fi
done
uptime
