#!/usr/bin/env python3
"""Win share against the fair share per key of a `;`-separated CSV column (7 Wonders with
Leaders: `leaders`; with Cities: `black_cards`), with Wilson 95% intervals, from a
`wonders simulate` CSV of one or several player counts.

Usage: scripts/plot_features.py GAMES.csv COLUMN OUT.png > OUT.txt

A seat's share of a game is 1/k for each of k winners, else 0; its fair share is
1/players. For each key, the ratio is the seats' summed share over their summed fair share
(1 = as often as a seat without any edge wins); the interval is Wilson's on the share,
divided by the mean fair share of those seats.
"""
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

from plot_wonder_winrates import wilson  # noqa: E402  (same folder: the script's path)


def main() -> None:
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    path, column, out = sys.argv[1:]
    df = pd.read_csv(path, keep_default_na=False, usecols=["game_index", "players", "win", column])
    winners = df.groupby("game_index")["win"].transform("sum").clip(lower=1)
    df["share"] = df["win"] / winners
    df["fair"] = 1.0 / df["players"]
    df["key"] = df[column].str.split(";")
    df = df.explode("key")
    df = df[df["key"] != ""]
    per = df.groupby("key").agg(share=("share", "sum"), fair=("fair", "sum"), n=("share", "size"))
    per["ratio"] = per["share"] / per["fair"]
    mean_fair = per["fair"] / per["n"]
    bounds = [wilson(s, int(n)) for s, n in zip(per["share"], per["n"])]
    per["low"] = [b[0] for b in bounds] / mean_fair
    per["high"] = [b[1] for b in bounds] / mean_fair
    per = per.sort_values("ratio")

    print(f"{'key':<26} {'seats':>8} {'share/fair':>10}  95% interval")
    for key, row in per.iloc[::-1].iterrows():
        print(f"{key:<26} {int(row['n']):>8} {row['ratio']:>10.3f}  [{row['low']:.3f}, {row['high']:.3f}]")

    fig, ax = plt.subplots(figsize=(8, 0.28 * len(per) + 1.5))
    y = range(len(per))
    ax.errorbar(
        per["ratio"], list(y),
        xerr=[per["ratio"] - per["low"], per["high"] - per["ratio"]],
        fmt="o", capsize=2, markersize=3,
    )
    ax.axvline(1.0, color="grey", linestyle="--", linewidth=1)
    ax.set_yticks(list(y))
    ax.set_yticklabels(per.index, fontsize=7)
    ax.set_xlabel("win share / fair share (1/players), Wilson 95%")
    ax.set_title(f"{column}: win share against the fair share")
    fig.tight_layout()
    fig.savefig(out, dpi=110)


if __name__ == "__main__":
    main()
