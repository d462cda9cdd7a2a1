#!/usr/bin/env python3
"""Redraws a results/ chart from the table beside it (the `.txt` the plot scripts print), so
a chart can be restyled without replaying its run.

Usage: scripts/plot_table.py TABLE.txt OUT.png "TITLE"

Three table shapes, each drawn against its fair share (a dashed line), rows sorted by value,
ids shown as display names:
- `wonder count rate low high` (Duel): win rate, fair share 50%;
- `players wonder|board ... rate|share low high [fair]`: one panel per player count, every
  panel on one scale, the value divided by the fair share 1/players (1.0 = fair);
- `key seats share/fair 95% interval`: share / fair share, fair = 1.0.
"""
import re
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

FONT = 10


def display(key: str) -> str:
    """`the_great_library` as `The Great Library`, `babylon:b` as `Babylon B`."""
    words = [w for w in re.split(r"[_:]", str(key)) if w]
    small = {"of", "and", "the", "de"}
    return " ".join(
        w if (i > 0 and w in small) else w[:1].upper() + w[1:] for i, w in enumerate(words)
    )


def bars(ax, labels, values, low, high, fair, xlabel):
    order = sorted(range(len(values)), key=lambda i: values[i])
    y = list(range(len(order)))
    v = [values[i] for i in order]
    ax.errorbar(
        v, y,
        xerr=[[v[k] - low[i] for k, i in enumerate(order)],
              [high[i] - v[k] for k, i in enumerate(order)]],
        fmt="o", capsize=3, markersize=4,
    )
    ax.axvline(fair, color="grey", linestyle="--", linewidth=1, label="fair share")
    ax.set_yticks(y)
    ax.set_yticklabels([labels[i] for i in order], fontsize=FONT)
    ax.tick_params(axis="x", labelsize=FONT)
    ax.set_xlabel(xlabel, fontsize=FONT)
    ax.grid(axis="x", alpha=0.3)


def main() -> None:
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    path, out, title = sys.argv[1:]
    text = open(path).read()
    first = text.splitlines()[0].split()
    if first[0] == "key":
        rows = []
        for line in text.splitlines()[1:]:
            m = re.match(r"(\S+)\s+(\d+)\s+([\d.]+)\s+\[([\d.]+), ([\d.]+)\]", line)
            if m:
                rows.append((display(m[1]), int(m[2]), float(m[3]), float(m[4]), float(m[5])))
        fig, ax = plt.subplots(figsize=(8, 0.3 * len(rows) + 1.6), layout="constrained")
        bars(ax, [f"{r[0]} (n={r[1]:,})" for r in rows], [r[2] for r in rows],
             [r[3] for r in rows], [r[4] for r in rows], 1.0,
             "win share / fair share (1.0 = fair), 95% interval")
    else:
        df = pd.read_csv(path, sep=r"\s+")
        value = "rate" if "rate" in df.columns else "share"
        name = "wonder" if "wonder" in df.columns else "board"
        count = "count" if "count" in df.columns else "seats"
        if "players" not in df.columns:
            fig, ax = plt.subplots(figsize=(8, 0.38 * len(df) + 1.6), layout="constrained")
            bars(ax, [f"{display(w)} (n={n:,})" for w, n in zip(df[name], df[count])],
                 list(df[value]), list(df["low"]), list(df["high"]), 0.5,
                 "win rate (a shared victory counts 1/2), Wilson 95% interval")
        else:
            df["players"] = df["players"].astype(str)
            counts = sorted(df["players"].unique(), key=lambda c: (c == "all", c))
            # A table's own fair share (pooled over counts on `all` rows) when it has one.
            fair = df["fair"] if "fair" in df.columns else 1.0 / df["players"].astype(float)
            df["r"], df["lo"], df["hi"] = df[value] / fair, df["low"] / fair, df["high"] / fair
            lo, hi = df["lo"].min(), df["hi"].max()
            pad = 0.05 * (hi - lo)
            per = df.groupby("players").size().max()
            fig, axes = plt.subplots(
                len(counts), 1, figsize=(8, len(counts) * (0.3 * per + 0.9) + 1.2),
                sharex=True, squeeze=False, layout="constrained",
            )
            for ax, n in zip(axes[:, 0], counts):
                d = df[df["players"] == n]
                bars(ax, [f"{display(w)} (n={c:,})" for w, c in zip(d[name], d[count])],
                     list(d["r"]), list(d["lo"]), list(d["hi"]), 1.0,
                     "win share / fair share (1.0 = fair), Wilson 95% interval")
                ax.set_title(
                    "every player count, pooled" if n == "all"
                    else f"{n} players (fair share {1 / int(n):.1%})",
                    fontsize=FONT,
                )
                ax.set_xlim(lo - pad, hi + pad)
                if n != counts[-1]:
                    ax.set_xlabel("")
    fig.suptitle(title, fontsize=11)
    fig.savefig(out, dpi=120)


if __name__ == "__main__":
    main()
