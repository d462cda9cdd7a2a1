"""PettingZoo AEC environment for `duel`: `env(**options)` (with PettingZoo's order checks) or
`raw_env(**options)`; options as in `wonders.Game("duel", **options)`."""

from ._aec import make_env, make_raw_env

env = make_env("duel", "duel_v0")
raw_env = make_raw_env("duel", "duel_v0")
