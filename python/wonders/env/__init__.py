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

Needs ``gymnasium``, and ``pettingzoo`` for the PettingZoo environments
(``pip install "./python[env]"`` installs both).
"""

from .._wonders import BatchEnv
from .._gym_register import register_envs
from ._gym import SingleAgentEnv
from ._render import table_text
from ._vector import VectorEnv

try:  # the PettingZoo environments need pettingzoo; the Gymnasium ones only gymnasium
    from ._aec import WondersAEC
    from ._parallel import WondersParallel
    from . import architects_v0, classic_v0, duel_v0
except ImportError as e:  # pragma: no cover - depends on what is installed
    if e.name != "pettingzoo":
        raise

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
