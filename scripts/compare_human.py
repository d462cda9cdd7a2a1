#!/usr/bin/env python3
"""Bots against people: per board and side, win share / fair share in our 1st-edition runs
beside the same ratio in 8,357 human games on Board Game Arena.

Usage: scripts/compare_human.py HUMAN.csv OUT.png RUN.csv [RUN.csv ...] > OUT.md
       scripts/compare_human.py --redraw OUT.md OUT.png   (the chart again from OUT.md's tables)

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
import re
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
    if len(sys.argv) == 4 and sys.argv[1] == "--redraw":
        return redraw(sys.argv[2], sys.argv[3])
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    human_path, out_png, runs = sys.argv[1], sys.argv[2], sys.argv[3:]
    human = pd.read_csv(human_path)
    print("# Bots against people: 7 Wonders 1st edition, win share / fair share per board side\n")
    print("Human data: Board Game Arena, April 2020 (8,357 games, 3-7 players; see "
          "results/README.md for the source and its caveats). A ratio of 1 is a fair board; "
          "a win counts for every seat of a shared victory, as in the human data.\n")
    panels = []
    for run in runs:
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
                panels.append((label, m[["board", "side", "human_ratio", "bot_ratio"]], rho,
                               lo, hi))
    draw(panels, out_png)


# What each reference run is, for the chart's panel titles.
RUNS = {
    "classic_v1_greedy": "greedy in every seat, 1,000,000 games",
    "classic_v1_mcts200": "MCTS (200 iterations) in every seat, 50,000 games",
}


def place_labels(fig, ax, texts) -> None:
    """Moves each label to the first of a few spots beside its point where it overlaps no
    label placed before it."""
    spots = [((4, 3), "left", "bottom"), ((4, -3), "left", "top"),
             ((-4, 3), "right", "bottom"), ((-4, -3), "right", "top"),
             ((4, 9), "left", "bottom"), ((4, -9), "left", "top")]
    renderer = fig.canvas.get_renderer()
    placed = []
    for t in texts:
        for offset, ha, va in spots:
            t.set_position(offset)
            t.set_ha(ha)
            t.set_va(va)
            box = t.get_window_extent(renderer).expanded(1.05, 1.1)
            inside = ax.get_window_extent(renderer)
            fits = inside.x0 <= box.x0 and box.x1 <= inside.x1
            if fits and not any(box.overlaps(b) for b in placed):
                break
        placed.append(t.get_window_extent(renderer))


def draw(panels, out_png: str) -> None:
    """One scatter per run, every panel on one scale: bots' ratio against people's, the
    diagonal where they agree and the fair share 1.0 on both axes."""
    values = pd.concat([p[1][["human_ratio", "bot_ratio"]] for p in panels])
    lo_ax = values.min().min() - 0.05
    hi_ax = values.max().max() + 0.05
    fig, axes = plt.subplots(1, len(panels), figsize=(6.5 * len(panels), 6.5), squeeze=False,
                             sharex=True, sharey=True, layout="constrained")
    for ax, (label, m, rho, lo, hi) in zip(axes[0], panels):
        texts = []
        for r in m.itertuples():
            colour = "tab:blue" if r.side == "A" else "tab:orange"
            ax.scatter(r.human_ratio, r.bot_ratio, color=colour)
            texts.append(ax.annotate(f"{r.board} {r.side}", (r.human_ratio, r.bot_ratio),
                                     fontsize=9, xytext=(4, 3), textcoords="offset points"))
        ax.plot([lo_ax, hi_ax], [lo_ax, hi_ax], color="grey", lw=0.8, ls="--",
                label="bots = people")
        ax.axhline(1, color="grey", lw=0.5)
        ax.axvline(1, color="grey", lw=0.5)
        ax.set_xlim(lo_ax, hi_ax)
        ax.set_ylim(lo_ax, hi_ax)
        ax.tick_params(labelsize=10)
        ax.set_xlabel("people (Board Game Arena, 2020): win share / fair share", fontsize=10)
        if ax is axes[0][0]:
            ax.set_ylabel("bots: win share / fair share (1.0 = fair)", fontsize=10)
        ax.set_title(f"{RUNS.get(label, label)}\nSpearman rho {rho:.2f} [{lo:.2f}, {hi:.2f}]",
                     fontsize=10)
        fig.canvas.draw()
        place_labels(fig, ax, texts)
    fig.suptitle("7 Wonders 1st edition, 3-7 players, random sides: board sides, bots against "
                 "people\n(blue: side A, orange: side B; 8,357 games of people)", fontsize=11)
    fig.savefig(out_png, dpi=120)


def redraw(md_path: str, out_png: str) -> None:
    """The chart from the tables of a report this script printed (their "all player counts"
    sections), so it can be restyled without the runs' CSVs."""
    panels, label, rows, head = [], None, [], None
    for line in open(md_path).read().splitlines() + ["## end"]:
        if line.startswith("## "):
            if label is not None:
                m = pd.DataFrame(rows, columns=["board", "side", "human_ratio", "bot_ratio"])
                panels.append((label, m) + head)
            label, rows = None, []
            name, _, scope = line[3:].partition(": ")
            if scope == "all player counts":
                label = name
        elif label is not None and line.startswith("Spearman"):
            nums = [float(x) for x in re.findall(r"-?\d+\.\d+", line)]
            head = (nums[0], nums[1], nums[2])
        elif label is not None and line.startswith("| ") and not line.startswith("| board"):
            c = [x.strip() for x in line.strip("|").split("|")]
            rows.append((c[0], c[1], float(c[3]), float(c[5])))
    draw(panels, out_png)


if __name__ == "__main__":
    main()
