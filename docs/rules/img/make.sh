#!/bin/sh
# Draws the pictures of the rules pages (docs/rules/*.md) with the engine itself.
#
#     sh docs/rules/img/make.sh            # from anywhere inside the repository
#     SIZE=640 sh docs/rules/img/make.sh   # another width in pixels (default 480)
#
# Run it after any change to the board drawing (src/render/) or to a position below,
# look at the pictures, and commit them with the change. Every picture is one
# `boardbot render` call: a game, an optional position code (--from) and the moves
# played from it; the last move is highlighted.
set -eu

cd "$(dirname "$0")/../../.."
SIZE="${SIZE:-480}"
OUT=docs/rules/img

cargo build --release --quiet

# pic NAME GAME [render arguments...]: draws $OUT/NAME.png.
pic() {
    name="$1"
    shift
    game="$1"
    shift
    cargo run --release --quiet -- render "$game" --size "$SIZE" -o "$OUT/$name.png" "$@"
    echo "$OUT/$name.png"
}

# Kuba (docs/rules/kuba.md)
pic kuba-start kuba
pic kuba-capture kuba --from "WW3BB/W2R1BB/2RRR2/1WRRRR1/2R1WRR/BB1R1W1/BB3WW w 0-0 -" e3-E
pic kuba-ban kuba --from "WW3BB/W2R1B1/1WRRRB1/2RRRR1/2R1WRR/BB1R1W1/BB3WW w 1-0 -" b5-E

# Kewbz (docs/rules/kewbz.md)
pic kewbz-start kewbz
pic kewbz-corner kewbz d4 e4 d5
pic kewbz-extension kewbz d4 e4 d5 c4

# Cabale (docs/rules/cabale.md)
pic cabale-start cabale
pic cabale-turn cabale --from "..2../....../......./......../........./......../...r.../....../..1.. y 30-29 6-6 12-12 0.0-0.0 -" "A3>C3>C2+xC5#D4|D5"

# Nuba (docs/rules/nuba.md)
pic nuba-start nuba
pic nuba-capture nuba --from "R9.RX.R7/.G7R1.R4/R2..G2./..G4.R6/G8G1.../.G3GXG5G9 g g:- r:- -" d4-e5
pic nuba-musician nuba --from "R9.RX.R7/.G7R1.R4/R2..G2./..G4.R6/G8G1.../.G3GXG5G9 g g:- r:- -" b5-b6
