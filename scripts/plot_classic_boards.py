#!/usr/bin/env python3
"""Win share per board side against the fair share, per player count, from a 7 Wonders
`wonders simulate` CSV of a run over several player counts (`--players 3-7`).

Usage: scripts/plot_classic_boards.py GAMES.csv OUT.png > OUT.txt

For each board side and player count: the seats it held, its win share (a shared victory
counts 1/k to each of its k winners) with a Wilson 95% interval, the fair share 1/n, and the
ratio of the two (1 for a fair board). The chart draws the ratio with its interval, one
marker per player count, sides ordered by their overall ratio. The table goes to standard
output.
"""
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402
from plot_wonder_winrates import wilson  # noqa: E402  (the script's own folder is on the path)


def main() -> None:
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    path, out = sys.argv[1], sys.argv[2]
    df = pd.read_csv(path, usecols=["game_index", "players", "wonder", "side", "win"])
    winners = df.groupby("game_index")["win"].transform("sum").clip(lower=1)
    df["share"] = df["win"] / winners
    df["board"] = df["wonder"] + ":" + df["side"]
    rows = []
    for (board, players), g in df.groupby(["board", "players"]):
        rows.append((board, str(players), len(g), g["share"].sum(), 1.0 / players))
    for board, g in df.groupby("board"):
        fair = (1.0 / g["players"]).mean()
        rows.append((board, "all", len(g), g["share"].sum(), fair))
    table = pd.DataFrame(rows, columns=["board", "players", "seats", "wins", "fair"])
    table["share"] = table["wins"] / table["seats"]
    bounds = [wilson(w, n) for w, n in zip(table["wins"], table["seats"])]
    table["low"] = [lo for lo, _ in bounds]
    table["high"] = [hi for _, hi in bounds]
    table["ratio"] = table["share"] / table["fair"]
    order = (
        table[table["players"] == "all"].sort_values("ratio")["board"].tolist()
    )
    counts = sorted(c for c in table["players"].unique() if c != "all") + ["all"]
    fig, ax = plt.subplots(figsize=(8, 0.45 * len(order) + 1.5))
    step = 0.8 / len(counts)
    for k, count in enumerate(counts):
        sub = table[table["players"] == count].set_index("board").reindex(order)
        y = [i - 0.4 + step * (k + 0.5) for i in range(len(order))]
        err = [
            (sub["ratio"] - sub["low"] / sub["fair"]).tolist(),
            (sub["high"] / sub["fair"] - sub["ratio"]).tolist(),
        ]
        label = "all counts" if count == "all" else f"{count} players"
        ax.errorbar(sub["ratio"], y, xerr=err, fmt="o", ms=3, capsize=2, label=label)
    ax.axvline(1.0, color="grey", lw=0.8)
    ax.set_yticks(range(len(order)))
    ax.set_yticklabels(order)
    ax.set_xlabel("win share / fair share (95% Wilson interval)")
    games = df["game_index"].nunique()
    ax.set_title(f"{path.rsplit('/', 1)[-1]}: {games:,} games")
    ax.legend(fontsize=8, loc="lower right")
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    pd.set_option("display.width", 200)
    shown = table.sort_values(["players", "ratio"])[
        ["players", "board", "seats", "share", "low", "high", "fair", "ratio"]
    ]
    print(shown.to_string(index=False, float_format=lambda v: f"{v:.4f}"))


if __name__ == "__main__":
    main()
