#!/bin/bash
# Matches `blokus gtp` against a Pentobi you built yourself, through Pentobi's twogtp, one
# game at a time, colours alternating, and summarises the result.
#
#   PENTOBI=/path/with/pentobi-gtp/and/twogtp examples/blokus/vs_pentobi.sh LEVEL SECONDS GAMES [OUT]
#
# LEVEL is Pentobi's level, SECONDS ours per move (`blokus gtp --time`). Build ours first:
# `cargo build --release --example blokus`. Pentobi: cmake -DPENTOBI_BUILD_GUI=OFF
# -DPENTOBI_BUILD_GTP=ON, then `make pentobi-gtp twogtp`.
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: PENTOBI=DIR $0 LEVEL SECONDS GAMES [OUT]" >&2; exit 2; }
: "${PENTOBI:?set PENTOBI to the folder holding pentobi-gtp and twogtp}"
level=$1 secs=$2 games=$3 out=${4:-vs-pentobi-$1-$2}
here=$(cd "$(dirname "$0")/../.." && pwd)
ours="$here/target/release/examples/blokus"
[ -x "$ours" ] || { echo "build ours first: cargo build --release --example blokus" >&2; exit 2; }
rm -f "$out.dat" "$out.blksgf"
"$PENTOBI/twogtp" --black "$ours gtp --time $secs --seed 1" \
  --white "$PENTOBI/pentobi-gtp --nobook --level $level --quiet --noresign --threads 1" \
  --game duo --nugames "$games" --threads 1 --file "$out" --quiet
python3 "$here/examples/blokus/twogtp_summary.py" "$out"
