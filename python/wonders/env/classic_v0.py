"""PettingZoo AEC environment for `classic`: `env(**options)` (with PettingZoo's order checks) or
`raw_env(**options)`; options as in `wonders.Game("classic", **options)`."""

from ._aec import make_env, make_raw_env

env = make_env("classic", "classic_v0")
raw_env = make_raw_env("classic", "classic_v0")
