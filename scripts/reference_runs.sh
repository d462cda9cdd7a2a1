#!/usr/bin/env bash
# Regenerates the reference runs in results/ (see results/README.md for what each is).
# Usage: scripts/reference_runs.sh [all|tournament|greedy|mcts|architects|charts|classic|expansions|teams|pantheon]
# `classic` is the 7 Wonders set (not part of `all`: it runs for hours); CLASSIC_GAMES and
# CLASSIC_MCTS_GAMES cap its game counts for a partial run that RESUME=1 continues later.
# The charts need Python with matplotlib and pandas: pip install -r scripts/requirements.txt
# Every run overwrites its files in results/; RESUME=1 instead continues an interrupted
# greedy or MCTS run from the games already in its CSV (simulate --resume); use it only with
# the code that played them.
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
cargo build --release --quiet
W=target/release/wonders
R=results
# Outputs already there are written again (--force); with RESUME=1 the long runs, those
# that end in "${again[@]}", continue from the games their CSV holds instead.
again=(--force)
if [[ ${RESUME:-0} == 1 ]]; then again=(--resume); fi

if [[ $what == all || $what == tournament ]]; then
  # Bot strength in Duel: every pair, 500 seeds x 2 seatings = 1,000 games per pair.
  $W tournament --game duel --bots random,greedy,mcts:iterations=2000 --games 500 --seed 1 \
    --out $R/duel_tournament.csv --summary $R/duel_tournament.md --quiet --force
fi

if [[ $what == all || $what == greedy ]]; then
  # Balance: 1,000,000 Duel games between greedy bots (the CSV is large: kept out of git,
  # the summary and chart are committed).
  $W simulate --game duel --games 1000000 --bots greedy,greedy --seed 1 \
    --out $R/duel_greedy_1m.csv --summary $R/duel_greedy_1m.md --quiet "${again[@]}"
fi

if [[ $what == all || $what == mcts ]]; then
  GAMES=${MCTS_GAMES:-100000}
  $W simulate --game duel --games "$GAMES" --bots mcts:iterations=200 --seed 1 \
    --out $R/duel_mcts200.csv --summary $R/duel_mcts200.md --quiet "${again[@]}"
fi

if [[ $what == expansions ]]; then
  # 7 Wonders 2nd edition with Leaders and Cities: 3-7 players interleaved, a random side per
  # table, greedy self-play (the CSV is kept out of git); win share per leader recruited and
  # per black card built against the fair share, charts and tables.
  $W simulate --game classic --edition v2 --expansions leaders,cities --players 3-7 \
    --sides random --games "${EXPANSION_GAMES:-200000}" --bots greedy --seed 1 --threads 1 \
    --out $R/classic_v2_leaders_cities_greedy.csv \
    --summary $R/classic_v2_leaders_cities_greedy.md --quiet "${again[@]}"
  for column in leaders black_cards; do
    python3 scripts/plot_features.py $R/classic_v2_leaders_cities_greedy.csv $column \
      $R/classic_v2_leaders_cities_$column.png > $R/classic_v2_leaders_cities_$column.txt
  done
fi

if [[ $what == pantheon ]]; then
  # Duel with Pantheon: greedy and MCTS self-play, win share per Divinity activated.
  $W simulate --game duel --expansions pantheon --games "${PANTHEON_GAMES:-200000}" \
    --bots greedy,greedy --seed 1 --threads 1 --out $R/duel_pantheon_greedy.csv \
    --summary $R/duel_pantheon_greedy.md --quiet "${again[@]}"
  $W simulate --game duel --expansions pantheon --games "${PANTHEON_MCTS_GAMES:-20000}" \
    --bots mcts:iterations=200 --seed 1 --threads 2 --out $R/duel_pantheon_mcts200.csv \
    --summary $R/duel_pantheon_mcts200.md --quiet "${again[@]}"
  for run in greedy mcts200; do
    python3 scripts/plot_features.py $R/duel_pantheon_$run.csv divinities_activated \
      $R/duel_pantheon_${run}_divinities.png > $R/duel_pantheon_${run}_divinities.txt
  done
fi

if [[ $what == teams ]]; then
  # 7 Wonders' team variant (Leaders and Cities, 4 and 6 players interleaved, a random side per
  # table): greedy self-play (win share per team position and per pair of partners' boards;
  # the CSV is kept out of git), then one bot per team: greedy against random, and MCTS
  # against greedy.
  $W simulate --game classic --edition v2 --expansions leaders,cities --variant teams \
    --players 4,6 --sides random --games "${TEAM_GAMES:-200000}" --bots greedy --seed 1 \
    --threads 1 --out $R/classic_v2_teams_greedy.csv --summary $R/classic_v2_teams_greedy.md \
    --quiet "${again[@]}"
  for p in 4 6; do
    $W tournament --game classic:players=$p,edition=v2,expansions=leaders+cities,variant=teams \
      --bots random,greedy --games 500 --seed 1 --threads 1 \
      --summary $R/classic_teams_${p}p_greedy_vs_random.md --quiet --force
  done
  $W tournament --game classic:players=4,edition=v2,expansions=leaders+cities,variant=teams \
    --bots greedy,mcts:iterations=200 --games 100 --seed 1 --threads 1 \
    --summary $R/classic_teams_4p_mcts200_vs_greedy.md --quiet --force
fi

if [[ $what == classic ]]; then
  # 7 Wonders balance, 1st and 2nd edition: 3-7 players interleaved, a random side per table,
  # greedy self-play toward 1,000,000 games and MCTS self-play toward 50,000 (CSVs kept out of
  # git; summaries committed). Then the 1st edition against the human data.
  for p in 3 5 7; do
    $W tournament --game classic:players=$p,edition=v2 --bots random,greedy --games 500 --seed 1 \
      --threads 1 --summary $R/classic_${p}p_greedy_vs_random.md --quiet --force
  done
  $W tournament --game classic:players=3,edition=v2 --bots greedy,mcts:iterations=500 --games 100 \
    --seed 1 --threads 1 --out $R/classic_3p_mcts500_vs_greedy.csv \
    --summary $R/classic_3p_mcts500_vs_greedy.md --quiet --force
  $W simulate --game classic --players 3 --edition v2 --games 600 --rotate-seats \
    --bots mcts:iterations=500,greedy,greedy --seed 1 --threads 1 \
    --out $R/classic_3p_mcts500_1v2_greedy.csv --summary $R/classic_3p_mcts500_1v2_greedy.md --quiet --force
  # The decoupled search against the sequential one at equal time per move (issue 30). A
  # wall-clock budget: the counts of iterations, hence the games, depend on the machine and
  # its load, so these two reproduce within their intervals, not byte for byte. Run them on
  # an otherwise idle machine. `c=0.1` is today's default, named as the files name it.
  S=mcts:time_ms=10,simultaneous=sequential
  $W simulate --game classic --edition v2 --players 3 --sides random --games 2000 --rotate-seats \
    --bots mcts:time_ms=10,c=0.1,$S,$S --seed 40 --threads 2 \
    --out $R/classic_3p_decoupled_vs_sequential_10ms.csv \
    --summary $R/classic_3p_decoupled_vs_sequential_10ms.md --quiet --force
  $W simulate --game classic --edition v2 --players 5 --sides random --games 2000 --rotate-seats \
    --bots mcts:time_ms=10,c=0.1,$S,$S,$S,$S --seed 41 --threads 2 \
    --out $R/classic_5p_decoupled_vs_sequential_10ms.csv \
    --summary $R/classic_5p_decoupled_vs_sequential_10ms.md --quiet --force
  # The 3-player model against today's bots (results/models/classic_3p.md).
  M=net:model=$R/models/classic_3p.onnx
  $W simulate --game classic --players 3 --games 600 --seed 4040 --rotate-seats \
    --bots $M,greedy,greedy --summary $R/models/classic_3p_net_vs_greedy_600.md --quiet --force
  $W simulate --game classic --players 3 --sides random --games 600 --seed 4041 --rotate-seats \
    --bots $M,greedy,greedy --summary $R/models/classic_3p_net_vs_greedy_random_sides_600.md --quiet --force
  $W simulate --game classic --players 3 --games 300 --seed 4042 --rotate-seats \
    --bots $M,mcts:iterations=200,mcts:iterations=200 \
    --summary $R/models/classic_3p_net_vs_mcts200_300.md --quiet --force
  $W simulate --game classic --players 3 --games 300 --seed 4043 --rotate-seats \
    --bots $M,random,random --summary $R/models/classic_3p_net_vs_random_300.md --quiet --force
  for ed in v1 v2; do
    # A partial MCTS run is committed gzipped (its CSV is too large for git uncompressed):
    # unpack it so --resume continues it on a fresh checkout.
    mcts_csv=$R/classic_${ed}_mcts200.csv
    if [[ ${RESUME:-0} == 1 && ! -e $mcts_csv && -e $mcts_csv.gz ]]; then
      gunzip -k "$mcts_csv.gz"
    fi
    $W simulate --game classic --edition $ed --players 3-7 --sides random \
      --games "${CLASSIC_GAMES:-1000000}" --bots greedy --seed 1 --threads 1 \
      --out $R/classic_${ed}_greedy.csv --summary $R/classic_${ed}_greedy.md --quiet "${again[@]}"
    $W simulate --game classic --edition $ed --players 3-7 --sides random \
      --games "${CLASSIC_MCTS_GAMES:-50000}" --bots mcts:iterations=200 --seed 1 --threads 1 \
      --out $R/classic_${ed}_mcts200.csv --summary $R/classic_${ed}_mcts200.md --quiet \
      "${again[@]}"
  done
  for ed in v1 v2; do
    python3 scripts/plot_classic_boards.py $R/classic_${ed}_greedy.csv \
      $R/classic_${ed}_greedy_boards.png > $R/classic_${ed}_greedy_boards.txt
  done
  python3 scripts/compare_human.py scripts/data/bga_7w1e_board_winrates_dmag2020.csv \
    $R/classic_v1_vs_humans.png $R/classic_v1_greedy.csv $R/classic_v1_mcts200.csv \
    > $R/classic_v1_vs_humans.md
fi

if [[ $what == all || $what == architects ]]; then
  # 7 Wonders Architects: greedy at every player count, with Medals at 4 players, and MCTS at
  # 3 and 5 players.
  for n in 2 3 4 5 6 7; do
    $W simulate --game architects --players $n --games 100000 --bots greedy --seed 1 \
      --out $R/architects_greedy_${n}p.csv --summary $R/architects_greedy_${n}p.md --quiet "${again[@]}"
  done
  $W simulate --game architects --players 4 --expansions medals --games 100000 --bots greedy \
    --seed 1 --out $R/architects_medals_greedy_4p.csv --summary $R/architects_medals_greedy_4p.md \
    --quiet "${again[@]}"
  for n in 3 5; do
    $W simulate --game architects --players $n --games 10000 --bots mcts:iterations=200 --seed 1 \
      --out $R/architects_mcts200_${n}p.csv --summary $R/architects_mcts200_${n}p.md --quiet "${again[@]}"
  done
fi

if [[ $what == all || $what == charts ]]; then
  if [[ -f $R/architects_greedy_2p.csv ]]; then
    python3 scripts/plot_architects.py $R/architects_wonders.png $R/architects_greedy_{2,3,4,5,6,7}p.csv \
      > $R/architects_wonders.txt
  fi
  for run in duel_greedy_1m duel_mcts200; do
    if [[ -f $R/$run.csv ]]; then
      python3 scripts/plot_wonder_winrates.py $R/$run.csv $R/${run}_wonders.png > $R/${run}_wonders.txt
      python3 scripts/plot_wonder_winrates.py $R/$run.csv $R/${run}_wonders_built.png --built \
        > $R/${run}_wonders_built.txt
    fi
  done
  # The plot scripts above write the tables (and first drafts of the charts); the published
  # charts are drawn from the tables, titled and styled alike.
  scripts/plot_results.sh python3
fi
