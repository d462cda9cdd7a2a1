#!/usr/bin/env python3
"""Bots against people: per board and side, win share / fair share in our 1st-edition runs
beside the same ratio in 8,357 human games on Board Game Arena.

Usage: scripts/compare_human.py HUMAN.csv OUT.png RUN.csv [RUN.csv ...] > OUT.md

HUMAN.csv is scripts/data/bga_7w1e_board_winrates_dmag2020.csv (its source is stated in
results/README.md). Each RUN.csv is a `wonders simulate --game classic --edition v1` CSV;
its label is the file name. A win is counted as the humans' data counts it: every seat of a
shared victory wins. The fair share of a seat is 1/n of its game; a board's ratio is its
wins over the sum of its seats' fair shares, so runs mixing player counts compare with the
human "all" rows. The human player-count mix (3p 54% of games, 4p 31%) differs from our
uniform 3-7, and so does the side mix: people played A sides on 12% of the seats, mostly
among B sides, while our runs draw one side per table, so an A board faces A boards. The
correlations within each side are printed beside the overall one; the 3-player comparison
(the largest human sample) is printed too.

The rank correlation is Spearman's rho over the 14 board sides, its 95% interval from the
Fisher transform with standard error 1.03/sqrt(n-3) (Fieller, Hartley and Pearson, 1957).
"""
import math
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

NAMES = {
    "gizah": "Gizah",
    "babylon": "Babylon",
    "olympia": "Olympia",
    "rhodos": "Rhodos",
    "ephesos": "Ephesos",
    "alexandria": "Alexandria",
    "halikarnassos": "Halikarnassos",
}


def spearman(x: pd.Series, y: pd.Series) -> tuple[float, float, float]:
    rho = x.rank().corr(y.rank())
    n = len(x)
    if n < 4 or abs(rho) >= 1:
        return rho, float("nan"), float("nan")
    z = math.atanh(rho)
    half = 1.959964 * 1.03 / math.sqrt(n - 3)
    return rho, math.tanh(z - half), math.tanh(z + half)


def bot_ratios(path: str, players: int | None) -> pd.DataFrame:
    df = pd.read_csv(path, usecols=["players", "wonder", "side", "win"])
    if players is not None:
        df = df[df["players"] == players]
    df["fair"] = 1.0 / df["players"]
    g = df.groupby(["wonder", "side"]).agg(seats=("win", "size"), wins=("win", "sum"),
                                           fair=("fair", "sum"))
    g["ratio"] = g["wins"] / g["fair"]
    g = g.reset_index()
    g["board"] = g["wonder"].map(NAMES)
    g["side"] = g["side"].str.upper()
    return g[["board", "side", "seats", "wins", "ratio"]]


def main() -> None:
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    human_path, out_png, runs = sys.argv[1], sys.argv[2], sys.argv[3:]
    human = pd.read_csv(human_path)
    print("# Bots against people: 7 Wonders 1st edition, win share / fair share per board side\n")
    print("Human data: Board Game Arena, April 2020 (8,357 games, 3-7 players; see "
          "results/README.md for the source and its caveats). A ratio of 1 is a fair board; "
          "a win counts for every seat of a shared victory, as in the human data.\n")
    fig, axes = plt.subplots(1, len(runs), figsize=(6 * len(runs), 5.5), squeeze=False)
    for ax, run in zip(axes[0], runs):
        label = run.rsplit("/", 1)[-1].removesuffix(".csv")
        for players in (None, 3):
            key = "all" if players is None else str(players)
            h = human[human["players"].astype(str) == key][
                ["board", "side", "seats", "win_ratio_vs_fair"]
            ].rename(columns={"seats": "human_seats", "win_ratio_vs_fair": "human_ratio"})
            b = bot_ratios(run, players).rename(columns={"seats": "bot_seats",
                                                         "ratio": "bot_ratio"})
            m = h.merge(b, on=["board", "side"], how="inner")
            rho, lo, hi = spearman(m["bot_ratio"], m["human_ratio"])
            scope = "all player counts" if players is None else "3 players"
            print(f"## {label}: {scope}\n")
            print(f"Spearman rank correlation of the ratios over {len(m)} board sides: "
                  f"rho = {rho:.2f}, 95% interval [{lo:.2f}, {hi:.2f}].")
            for side in ("A", "B"):
                one = m[m["side"] == side]
                r1, l1, h1 = spearman(one["bot_ratio"], one["human_ratio"])
                print(f"Within the {len(one)} {side} sides: rho = {r1:.2f} "
                      f"[{l1:.2f}, {h1:.2f}].")
            print()
            m["gap"] = m["bot_ratio"] - m["human_ratio"]
            print("| board | side | human seats | human ratio | bot seats | bot ratio | bot - human |")
            print("|---|---|---:|---:|---:|---:|---:|")
            for r in m.sort_values("human_ratio", ascending=False).itertuples():
                print(f"| {r.board} | {r.side} | {r.human_seats} | {r.human_ratio:.3f} | "
                      f"{r.bot_seats} | {r.bot_ratio:.3f} | {r.gap:+.3f} |")
            print()
            if players is None:
                for r in m.itertuples():
                    colour = "tab:blue" if r.side == "A" else "tab:orange"
                    ax.scatter(r.human_ratio, r.bot_ratio, color=colour)
                    ax.annotate(f"{r.board} {r.side}", (r.human_ratio, r.bot_ratio),
                                fontsize=7, xytext=(3, 3), textcoords="offset points")
                lo_ax = min(m["human_ratio"].min(), m["bot_ratio"].min()) - 0.05
                hi_ax = max(m["human_ratio"].max(), m["bot_ratio"].max()) + 0.05
                ax.plot([lo_ax, hi_ax], [lo_ax, hi_ax], color="grey", lw=0.8, ls="--")
                ax.axhline(1, color="grey", lw=0.5)
                ax.axvline(1, color="grey", lw=0.5)
                ax.set_xlabel("people (BGA 2020): win share / fair share")
                ax.set_ylabel(f"bots ({label}): win share / fair share")
                ax.set_title(f"{label}\nSpearman rho {rho:.2f} [{lo:.2f}, {hi:.2f}]",
                             fontsize=9)
    fig.suptitle("7 Wonders 1st edition board sides: bots vs people (blue A, orange B)")
    fig.tight_layout()
    fig.savefig(out_png, dpi=120)


if __name__ == "__main__":
    main()
