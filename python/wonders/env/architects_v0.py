"""PettingZoo AEC environment for `architects`: `env(**options)` (with PettingZoo's order checks) or
`raw_env(**options)`; options as in `wonders.Game("architects", **options)`."""

from ._aec import make_env, make_raw_env

env = make_env("architects", "architects_v0")
raw_env = make_raw_env("architects", "architects_v0")
