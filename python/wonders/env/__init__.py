"""Learning environments over ``wonders.Game``.

- ``wonders.env.duel_v0``, ``classic_v0``, ``architects_v0``: PettingZoo AEC environments
  (``env(**options)`` wrapped in PettingZoo's order checks, ``raw_env(**options)`` bare), and
  for 7 Wonders and Architects ``parallel_env(**options)`` (PettingZoo Parallel API).
  Observations are ``{"observation": float32[observation_size], "action_mask": int8[action_space]}``;
  the mask is all zeros for a seat that is not to move. Rewards: each seat's return at the end
  (1 for a sole winner, 1/k each for k seats sharing a victory, 0 for a loss), 0 before.
- ``SingleAgentEnv``: a Gymnasium environment playing one seat against our bots, registered as
  ``wonders/Duel-v0``, ``wonders/Classic-v0``, ``wonders/Architects-v0``.
- ``VectorEnv``: a Gymnasium ``VectorEnv`` of many games stepped in Rust on several threads
  (``gymnasium.make_vec(id, num_envs, vectorization_mode="vector_entry_point")``).
- ``BatchEnv``: the raw batch underneath, into preallocated NumPy arrays.
- ``table_text(game)``: the table as a person reads it (what ``render()`` shows).

Needs ``pettingzoo`` and ``gymnasium`` (``pip install "./python[env]"``).
"""

from .._wonders import BatchEnv
from ._aec import WondersAEC
from ._gym import SingleAgentEnv
from ._parallel import WondersParallel
from ._register import register_envs
from ._render import table_text
from ._vector import VectorEnv
from . import architects_v0, classic_v0, duel_v0

register_envs()

__all__ = [
    "BatchEnv",
    "SingleAgentEnv",
    "VectorEnv",
    "WondersAEC",
    "WondersParallel",
    "architects_v0",
    "classic_v0",
    "duel_v0",
    "register_envs",
    "table_text",
]
