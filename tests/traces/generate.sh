#!/bin/sh
# generate.sh - how the simulated traces of this folder were made. The
# traces are fixed inputs of the regression suite: run this only to add
# new ones, then review them and regenerate their expectations with
# 'make regen-traces'.
#
#   tests/traces/generate.sh PITBOSS
set -eu
pitboss=${1:-pitboss}
cd "$(dirname "$0")"
sim() { name=$1; shift; "$pitboss" sim "$@" --output "$name.trace"; }

sim sim-clean-greedy        --seed 1
sim sim-clean-random        --seed 2 --player random
sim sim-bounce              --seed 3 --bounce 0.2
sim sim-miss                --seed 4 --miss 0.05
sim sim-extra               --seed 5 --extra 0.05
sim sim-swap                --seed 6 --swap 0.05
sim sim-roll                --seed 7 --roll 0.03
sim sim-dead-line           --seed 8 --dead
sim sim-stuck-line          --seed 9 --stuck
sim sim-level-miss-bounce   --seed 10 --miss 0.01 --bounce 0.05
sim sim-level-miss-extra-swap --seed 11 --miss 0.03 --extra 0.03 --swap 0.01
sim sim-illegal             --seed 12 --illegal 0.15
sim sim-illegal-noisy       --seed 13 --illegal 0.1 --miss 0.02 --bounce 0.05
sim sim-illegal-lifts       --seed 14 --illegal 0.15 --lifts
sim sim-lifts-noisy         --seed 15 --lifts --miss 0.03 --extra 0.02
sim sim-no-buttons          --seed 16 --no-buttons --miss 0.02
sim sim-no-buttons-illegal  --seed 17 --no-buttons --illegal 0.1
sim sim-snapshots           --seed 18 --snapshots
sim sim-snapshots-misread   --seed 19 --snapshots --miss 0.3
sim sim-pits4-seeds3        --seed 20 -o 'pits=4 seeds=3' --miss 0.02
sim sim-pits8-seeds6        --seed 21 -o 'pits=8 seeds=6' --miss 0.01
sim sim-pits3-seeds1        --seed 22 -o 'pits=3 seeds=1'
sim sim-cross               --seed 23 -o cross --miss 0.02
sim sim-cross-illegal       --seed 24 -o cross --illegal 0.1
sim sim-pie                 --seed 25 -o pie --games 2
sim sim-empty-capture       --seed 26 -o empty-capture --miss 0.02
sim sim-no-sweep            --seed 27 -o no-sweep --extra 0.02
sim sim-teams               --seed 28 -o teams --swap 0.03
sim sim-first-north         --seed 29 -o first=N --bounce 0.1
sim sim-seeds6              --seed 30 -o seeds=6 --miss 0.02 --extra 0.01
sim sim-two-games           --seed 31 --games 2 --miss 0.01 --bounce 0.05
sim sim-everything          --seed 32 --miss 0.02 --extra 0.02 --swap 0.01 --roll 0.01 --bounce 0.05 --illegal 0.05 --dead
sim sim-table7              --seed 33 --table 7 --miss 0.02
sim sim-strict-table        --seed 34 --miss 0.03 --dead --stuck --illegal 0.05
sim sim-transport-clean     --seed 35 --game transport -o size=8
sim sim-transport-lifts-bounce --seed 36 --game transport -o size=8 --lifts --bounce 0.1
sim sim-transport-illegal   --seed 37 --game transport -o size=8 --illegal 0.15
sim sim-transport-stuck     --seed 38 --game transport --stuck --illegal 0.05 --lifts
