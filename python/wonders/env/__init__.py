"""Learning environments over ``wonders.Game``.

- ``wonders.env.duel_v0``, ``classic_v0``, ``architects_v0``: PettingZoo AEC environments
  (``env(**options)`` wrapped in PettingZoo's order checks, ``raw_env(**options)`` bare).
  Observations are ``{"observation": float32[observation_size], "action_mask": int8[action_space]}``;
  the mask is all zeros for a seat that is not to move. Rewards: each seat's return at the end
  (1 for a sole winner, 1/k each for k seats sharing a victory, 0 for a loss), 0 before.
- ``SingleAgentEnv``: a Gymnasium environment playing one seat against our bots.
- ``BatchEnv``: many games stepped in Rust per call, into preallocated NumPy arrays.

Needs ``pettingzoo`` and ``gymnasium`` (``pip install "./python[env]"``).
"""

from .._wonders import BatchEnv
from ._aec import WondersAEC
from ._gym import SingleAgentEnv
from . import architects_v0, classic_v0, duel_v0

__all__ = ["BatchEnv", "SingleAgentEnv", "WondersAEC", "architects_v0", "classic_v0", "duel_v0"]
