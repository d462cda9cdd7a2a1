"""A Gymnasium ``VectorEnv`` over ``BatchEnv``: many games stepped in Rust on several threads."""

from __future__ import annotations

from typing import Sequence

import gymnasium as gym
import numpy as np
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from .. import Game, game_spec
from .._wonders import BatchEnv
from ._spaces import _seat_spaces
from ._seed import check_seed


class VectorEnv(gym.vector.VectorEnv):
    """``num_envs`` games of ``game``, the learner in seat ``seat`` of each, the other seats
    played by our bots (``opponents``), stepped by ``BatchEnv`` on ``threads`` threads (0 = one
    per core) with the GIL released. Game options are keywords (``players=5``).

    Spaces: ``single_observation_space`` is the ``SingleAgentEnv``'s, a ``Dict`` of
    ``observation`` (float32) and ``action_mask`` (int8); ``observation_space`` its batch;
    actions are ``MultiDiscrete``. ``action_masks()`` is the batch's mask as booleans.

    Autoreset is Gymnasium 1.x's next-step mode (``metadata["autoreset_mode"]``): the step that
    ends a game returns its last observation (mask all 0), reward and ``terminated``; the next
    step ignores that slot's action and deals its next game (reward 0). Episode ``k`` of the
    batch, counted in slot order, is game ``k`` of a ``simulate`` run with master seed
    ``seed``, whatever the threads. When games end, ``info["scores"]`` holds every seat's
    score (rows where ``info["_scores"]``). ``copy=False`` returns the batch's own arrays
    (changed in place by the next step) instead of copies.
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(
        self,
        game: str = "duel",
        num_envs: int = 16,
        seat: int = 0,
        opponents: Sequence[str] | str = "greedy",
        seed: int | None = None,
        threads: int = 0,
        copy: bool = True,
        render_mode: str | None = None,
        **options,
    ):
        if render_mode is not None:
            raise ValueError(f"render_mode {render_mode!r}: the vector environment renders nothing (valid: None)")
        spec = game_spec(game, **options)
        opponents = [opponents] if isinstance(opponents, str) else list(opponents)
        self._seed = check_seed(seed) if seed is not None else int(np.random.default_rng().integers(2**63))
        self._batch = BatchEnv(spec, num_envs, seat=seat, opponents=opponents, seed=self._seed, threads=threads, autoreset="next-step")
        probe = Game(spec)
        self.spec_text = spec
        self.num_envs = num_envs
        self.copy = copy
        self.render_mode = None
        self.single_observation_space, self.single_action_space = _seat_spaces(probe)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._fresh = True  # the first reset() deals episodes 0.. of the seed, as made
        self._terminated = np.zeros(num_envs, dtype=bool)
        self._truncated = np.zeros(num_envs, dtype=bool)

    @property
    def threads(self) -> int:
        """The threads the games are stepped on."""
        return self._batch.threads

    @property
    def batch(self) -> BatchEnv:
        """The ``BatchEnv`` underneath (its arrays change in place at each step)."""
        return self._batch

    def _obs(self):
        obs, mask = self._batch.observations, self._batch.masks
        if self.copy:
            obs, mask = obs.copy(), mask.copy()
        return {"observation": obs, "action_mask": mask}

    def action_masks(self) -> np.ndarray:
        """The legal ids of every slot as booleans, ``bool[num_envs, action_space]`` (a row
        is all False where a game just ended)."""
        return self._batch.masks.astype(bool)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        """Deals a new game in every slot; with ``seed``, episodes count again from game 0 of
        a run with that master seed. Returns ``(observations, info)``."""
        if seed is not None:
            if isinstance(seed, (list, tuple, np.ndarray)):
                raise ValueError("seed: give one int (the batch's master seed); episode k is game k of that run")
            seed = check_seed(seed)
            self._seed = seed
            self.action_space.seed(seed % 2**32)
        elif self._fresh:
            seed = self._seed
        self._fresh = False
        self._batch.reset_all(seed=seed)
        return self._obs(), {}

    def step(self, actions):
        """Plays one action per slot; returns ``(observations, rewards, terminations,
        truncations, info)`` as arrays."""
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,) or not np.issubdtype(actions.dtype, np.integer):
            raise ValueError(f"actions: give {self.num_envs} integer action ids, got shape {actions.shape} of {actions.dtype}")
        self._batch.step(actions.astype(np.int64, copy=False))
        terminated = self._batch.dones.copy()
        rewards = self._batch.rewards.astype(np.float64)
        info = {}
        if terminated.any():
            info = {"scores": self._batch.final_scores.copy(), "_scores": terminated.copy()}
        return self._obs(), rewards, terminated, self._truncated.copy(), info

    def close_extras(self, **kwargs):
        """Releases the games and their threads."""
        self._batch = None
