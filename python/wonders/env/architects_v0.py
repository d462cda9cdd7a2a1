"""PettingZoo environments for `architects`: `env(**options)` (AEC, with PettingZoo's order checks),
`raw_env(**options)` (AEC, bare) and `parallel_env(**options)` (Parallel: a turn in one step);
options as in `wonders.Game("architects", **options)`."""

from ._aec import make_env, make_raw_env
from ._parallel import make_parallel_env

env = make_env("architects", "architects_v0")
raw_env = make_raw_env("architects", "architects_v0")
parallel_env = make_parallel_env("architects", "architects_v0")
