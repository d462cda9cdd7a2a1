#!/usr/bin/env bash
# Writes the outputs of a fixed set of small runs (CSV, summaries, records, replay, cards) into
# a directory, so that two builds can be compared byte for byte across a change that must not
# change behaviour:
#   scripts/identity_outputs.sh path/to/old/wonders /tmp/before
#   scripts/identity_outputs.sh target/release/wonders /tmp/after
#   diff -r /tmp/before /tmp/after
# The commands are those of results/README.md with smaller game counts, plus every 7 Wonders
# edition, player count and side choice.
set -euo pipefail
W=$1
O=$2
mkdir -p "$O"
run() { # name, then the command's arguments
  local name=$1
  shift
  "$W" "$@" > "$O/$name.stdout" 2> /dev/null || echo "exit $?" >> "$O/$name.stdout"
}
run duel_greedy simulate --game duel --games 3000 --bots greedy,greedy --seed 1 \
  --out "$O/duel_greedy.csv" --summary "$O/duel_greedy.md" --records "$O/duel_greedy.jsonl" --quiet
run duel_mcts simulate --game duel --games 40 --bots mcts:iterations=200 --seed 1 \
  --out "$O/duel_mcts.csv" --summary "$O/duel_mcts.json" --quiet
run duel_random simulate --game duel --games 3000 --bots random --wonders random \
  --variant errata-next-age --seed 9 --out "$O/duel_random.csv" --records "$O/duel_random.jsonl" --quiet
run duel_fixed simulate --game duel --games 500 --bots random,greedy --seed 3 \
  --fixed-wonders the_pyramids,the_sphinx,piraeus,the_colossus/the_appian_way,circus_maximus,the_mausoleum,the_great_library \
  --out "$O/duel_fixed.csv" --summary "$O/duel_fixed.csv.md" --quiet
run duel_tournament tournament --game duel --bots random,greedy,mcts:iterations=50 --games 30 \
  --seed 1 --out "$O/duel_tournament.csv" --summary "$O/duel_tournament.md" --quiet
for ed in v1 v2; do
  for p in 3 4 5 6 7; do
    case $ed in v1) sides=(a b mixed) ;; v2) sides=(day night random) ;; esac
    for s in "${sides[@]}"; do
      run "classic_${ed}_${p}_$s" simulate --game classic --edition $ed --players $p --sides $s \
        --games 300 --bots random --seed $p --out "$O/classic_${ed}_${p}_$s.csv" \
        --summary "$O/classic_${ed}_${p}_$s.md" --records "$O/classic_${ed}_${p}_$s.jsonl" --quiet
    done
  done
  run "classic_${ed}_greedy" simulate --game classic --edition $ed --players 4 --games 100 \
    --bots greedy,random,greedy,random --rotate-seats --seed 2 --out "$O/classic_${ed}_greedy.csv" \
    --summary "$O/classic_${ed}_greedy.md" --records "$O/classic_${ed}_greedy.jsonl" --quiet
done
# The expansions' rules (Leaders' payments and recruitment, Cities' rebates, debts and losses).
for x in leaders cities leaders,cities; do
  for p in 3 5 7; do
    tag="classic_${x/,/_}_$p"
    run "$tag" simulate --game classic --edition v2 --expansions $x --players $p --games 300 \
      --bots random --seed $p --out "$O/$tag.csv" --summary "$O/$tag.md" --records "$O/$tag.jsonl" \
      --quiet
  done
  run "classic_${x/,/_}_greedy" simulate --game classic --edition v2 --expansions $x --players 4 \
    --games 60 --bots greedy,random,greedy,random --seed 2 --out "$O/classic_${x/,/_}_greedy.csv" --quiet
done
run classic_tournament tournament --game classic --players 3 --bots random,greedy --games 20 \
  --seed 1 --out "$O/classic_tournament.csv" --quiet
for f in "$O"/*.jsonl; do
  run "replay_$(basename "$f" .jsonl)" replay "$f"
done
for s in 1 7 42; do
  run "play_duel_$s" play --game duel --seed $s --bots greedy,random
  run "play_classic_$s" play --game classic --players 5 --edition v2 --seed $s --bots random
  run "play_classic_v1_$s" play --game classic --players 3 --edition v1 --sides b --seed $s --bots random
done
