"""The spaces every environment of the package shares."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from .. import Game


OBS_BOUND = 1000.0


def _seat_spaces(probe: Game):
    # Features are flags, counts, coins and points: some negative (military), none anywhere
    # near the bound (PettingZoo's and Gymnasium's checkers test every observation against it).
    observation = spaces.Dict(
        {
            "observation": spaces.Box(-OBS_BOUND, OBS_BOUND, shape=(probe.observation_size,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(probe.action_space,), dtype=np.int8),
        }
    )
    return observation, spaces.Discrete(probe.action_space)
