#!/usr/bin/env python3
"""7 Wonders Architects: win rate per Wonder at each player count, as a multiple of the fair
share 1/n (so counts compare), with Wilson 95% intervals, from `wonders simulate` CSVs.

Usage: scripts/plot_architects.py OUT.png RUN_2p.csv RUN_3p.csv ...

Each CSV is one run (one player count); rows have `wonder`, `players`, `win`. A shared
victory counts 1/k to each of its k winners. Prints the numbers as a table.
"""
import math
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402


def wilson(wins: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return centre - half, centre + half


def per_wonder(path: str) -> pd.DataFrame:
    df = pd.read_csv(path, keep_default_na=False, usecols=["game_index", "players", "wonder", "win", "bot"])
    winners = df.groupby("game_index")["win"].transform("sum").clip(lower=1)
    df["share"] = df["win"] / winners
    per = df.groupby(["players", "wonder"])["share"].agg(["sum", "count"]).reset_index()
    per["bots"] = ", ".join(sorted(df["bot"].unique()))
    per["rate"] = per["sum"] / per["count"]
    bounds = [wilson(w, n) for w, n in zip(per["sum"], per["count"])]
    per["low"] = [b[0] for b in bounds]
    per["high"] = [b[1] for b in bounds]
    for c in ["rate", "low", "high"]:
        per[c + "_x_fair"] = per[c] * per["players"]
    return per


def main() -> None:
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    out, paths = sys.argv[1], sys.argv[2:]
    per = pd.concat([per_wonder(p) for p in paths], ignore_index=True)
    wonders = sorted(per["wonder"].unique())
    counts = sorted(per["players"].unique())
    fig, ax = plt.subplots(figsize=(9, 0.55 * len(wonders) * 1.6 + 1.5))
    step = 0.8 / max(len(counts), 1)
    for k, n in enumerate(counts):
        part = per[per["players"] == n].set_index("wonder").reindex(wonders)
        y = [i + (k - (len(counts) - 1) / 2) * step for i in range(len(wonders))]
        ax.errorbar(
            part["rate_x_fair"], y,
            xerr=[part["rate_x_fair"] - part["low_x_fair"], part["high_x_fair"] - part["rate_x_fair"]],
            fmt="o", capsize=2, markersize=4, label=f"{n} players",
        )
    ax.axvline(1.0, color="grey", linewidth=1)
    ax.set_yticks(range(len(wonders)))
    ax.set_yticklabels(wonders)
    ax.set_xlabel("win rate / fair share (1 = fair; shared victories count 1/k), Wilson 95% interval")
    bots = ", ".join(sorted(per["bots"].unique()))
    ax.set_title(f"7 Wonders Architects: win rate by Wonder and player count ({bots})", fontsize=11)
    ax.grid(axis="x", alpha=0.3)
    # "best": at 6-7 players Alexandria sits far right, under a fixed lower-right legend.
    ax.legend(fontsize=8, loc="best")
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    table = per[["players", "wonder", "count", "rate", "low", "high", "rate_x_fair"]]
    print(table.sort_values(["players", "rate"], ascending=[True, False]).to_string(index=False))


if __name__ == "__main__":
    main()
