#!/usr/bin/env bash
# Redraws every win-share chart of results/ from the table beside it, with a title that says
# the game, its options, the bots and the number of games (scripts/plot_table.py).
# The tables come from the runs of scripts/reference_runs.sh; rerun that for new numbers.
# Usage: scripts/plot_results.sh [python]   (a python with scripts/requirements.txt)
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${1:-python3}
R=results
plot() { "$PY" scripts/plot_table.py "$R/$1.txt" "$R/$1.png" "$2"; }

plot duel_greedy_1m_wonders "7 Wonders Duel, base game, Wonders drafted: win rate by Wonder
1,000,000 games, greedy against greedy, seed 1"
plot duel_greedy_1m_wonders_built "7 Wonders Duel, base game: win rate by Wonder built
1,000,000 games, greedy against greedy, seed 1"
plot duel_mcts200_wonders "7 Wonders Duel, base game, Wonders drafted: win rate by Wonder
100,000 games, MCTS (200 iterations) against itself, seed 1"
plot duel_mcts200_wonders_built "7 Wonders Duel, base game: win rate by Wonder built
100,000 games, MCTS (200 iterations) against itself, seed 1"
plot duel_pantheon_greedy_divinities "7 Wonders Duel with Pantheon: win share by Divinity activated
200,000 games, greedy against greedy, seed 1"
plot duel_pantheon_mcts200_divinities "7 Wonders Duel with Pantheon: win share by Divinity activated
20,000 games, MCTS (200 iterations) against itself, seed 1"
plot classic_v1_greedy_boards "7 Wonders 1st edition, 3-7 players, random sides: win share by board
1,000,000 games, greedy in every seat, seed 1"
plot classic_v2_greedy_boards "7 Wonders 2nd edition, 3-7 players, random sides: win share by board
1,000,000 games, greedy in every seat, seed 1"
plot classic_v2_leaders_cities_leaders "7 Wonders 2nd edition with Leaders and Cities, 3-7 players:
win share by leader recruited; 200,000 games, greedy in every seat"
plot classic_v2_leaders_cities_black_cards "7 Wonders 2nd edition with Leaders and Cities, 3-7 players:
win share by black card built; 200,000 games, greedy in every seat"
plot architects_wonders "7 Wonders Architects, 2-7 players: win share by Wonder
600,000 games (100,000 per player count), greedy in every seat, seed 1"
plot architects_mcts200_wonders "7 Wonders Architects, 3 players: win share by Wonder
10,000 games, MCTS (200 iterations) in every seat, seed 1"
"$PY" scripts/compare_human.py --redraw "$R/classic_v1_vs_humans.md" "$R/classic_v1_vs_humans.png"
