"""A Duel run into pandas: win rate per Wonder drafted, plotted if matplotlib is installed.

    python python/examples/win_rate_per_wonder.py [games]
"""

import sys

import wonders

games = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
table = wonders.simulate("duel", games=games, bots=["greedy"], seed=1)  # a pyarrow.Table
df = table.to_pandas()

# One row per seat per game; `wonders` lists the seat's 4 drafted Wonders, ';'-separated.
per_wonder = (
    df.assign(wonder=df["wonders"].str.split(";"))
    .explode("wonder")
    .groupby("wonder")["win"]
    .agg(["mean", "count"])
    .sort_values("mean", ascending=False)
)
print(per_wonder.to_string(float_format=lambda x: f"{x:.3f}"))

try:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    print("(install matplotlib for the plot)")
else:
    ax = per_wonder["mean"].plot.barh(figsize=(7, 5), title=f"Duel, greedy self-play, {games} games")
    ax.set_xlabel("win rate of the seat that drafted it")
    plt.tight_layout()
    plt.savefig("win_rate_per_wonder.png")
    print("wrote win_rate_per_wonder.png")
