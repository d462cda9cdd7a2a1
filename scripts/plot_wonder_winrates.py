#!/usr/bin/env python3
"""Per-wonder win rates with Wilson 95% intervals, from a `wonders simulate` CSV.

Usage: scripts/plot_wonder_winrates.py GAMES.csv OUT.png [--built]

Duel rows list the 4 drafted wonders in `wonders` (`;`-separated) and those built in
`wonders_built`; 7 Wonders rows have `wonder` and `side`. A shared victory counts 1/k.
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


def main() -> None:
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    path, out = sys.argv[1], sys.argv[2]
    built = "--built" in sys.argv[3:]
    df = pd.read_csv(path, keep_default_na=False)
    # A shared victory counts 1/k to each of its k winners.
    winners = df.groupby(["game_index"])["win"].transform("sum").clip(lower=1)
    df["share"] = df["win"] / winners
    if "wonders" in df.columns:
        column = "wonders_built" if built else "wonders"
        df["wonder"] = df[column].str.split(";")
        df = df.explode("wonder")
        df = df[df["wonder"] != ""]
        what = "built" if built else "drafted"
    else:
        df["wonder"] = df["wonder"] + ":" + df["side"]
        what = "played (wonder:side)"
    per = df.groupby("wonder")["share"].agg(["sum", "count"]).reset_index()
    per["rate"] = per["sum"] / per["count"]
    bounds = [wilson(w, n) for w, n in zip(per["sum"], per["count"])]
    per["low"] = [b[0] for b in bounds]
    per["high"] = [b[1] for b in bounds]
    per = per.sort_values("rate")

    fig, ax = plt.subplots(figsize=(8, 0.4 * len(per) + 1.5))
    y = range(len(per))
    ax.errorbar(
        per["rate"], list(y),
        xerr=[per["rate"] - per["low"], per["high"] - per["rate"]],
        fmt="o", capsize=3,
    )
    ax.set_yticks(list(y))
    ax.set_yticklabels([f"{w} (n={n})" for w, n in zip(per["wonder"], per["count"])])
    games = df["game_index"].nunique()
    bots = ", ".join(sorted(df["bot"].unique()))
    ax.set_xlabel("win rate (shared victories count 1/k), Wilson 95% interval")
    ax.set_title(f"Win rate by wonder {what}\n{games:,} games, bots {bots}", fontsize=11)
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    print(per[["wonder", "count", "rate", "low", "high"]].to_string(index=False))


if __name__ == "__main__":
    main()
