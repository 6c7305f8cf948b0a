#!/bin/bash
# Plays Duo games of Pentobi against itself through its twogtp, for `blokus learn` to fit
# the learned move knowledge to (the committed weights: 418 games at level 6, made by two
# runs of this script, 178 and 240 games, concatenated).
#
#   PENTOBI=/path/with/pentobi-gtp/and/twogtp examples/blokus/learn_games.sh LEVEL GAMES OUT
#   cargo run --release --example blokus -- learn OUT.blksgf
#
# Pentobi: cmake -DPENTOBI_BUILD_GUI=OFF -DPENTOBI_BUILD_GTP=ON, then
# `make pentobi-gtp twogtp`. Its games differ from run to run (it seeds from the clock).
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: PENTOBI=DIR $0 LEVEL GAMES OUT" >&2; exit 2; }
: "${PENTOBI:?set PENTOBI to the folder holding pentobi-gtp and twogtp}"
level=$1 games=$2 out=$3
engine="$PENTOBI/pentobi-gtp --nobook --level $level --quiet --noresign --threads 1"
rm -f "$out.dat" "$out.blksgf"
"$PENTOBI/twogtp" --black "$engine" --white "$engine" --game duo --nugames "$games" \
  --threads 2 --file "$out" --quiet
echo "$out.blksgf: $(grep -c 'GN\[' "$out.blksgf") games"
