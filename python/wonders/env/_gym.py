"""A Gymnasium environment: one seat of a game against our bots."""

from __future__ import annotations

from typing import Sequence

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from .. import Game, derive_seed, game_spec
from ._aec import _seat_spaces


class SingleAgentEnv(gym.Env):
    """Plays seat ``seat`` of ``game``; the other seats are our bots (``opponents``: one spec
    for every other seat, or one per other seat in seat order), seeded as the simulator seeds
    them. Observations are ``{"observation", "action_mask"}`` of the learner's seat; the reward
    is its return when the game ends (1 win, 1/k shared, 0 loss), 0 before.

    ``reset(seed=s)`` deals the game the simulator deals as game 0 of a run with seed ``s`` (a
    later ``reset()`` deals the next game index). ``illegal_action``: ``"raise"`` (the default)
    raises ``ValueError`` and leaves the game unchanged; ``"penalty"`` ends the episode with
    reward ``illegal_reward`` instead (for trainers and checkers that sample without the mask).
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str = "duel",
        seat: int = 0,
        opponents: Sequence[str] | str = "greedy",
        illegal_action: str = "raise",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **options,
    ):
        if illegal_action not in ("raise", "penalty"):
            raise ValueError(f"illegal_action {illegal_action!r}: valid are 'raise' and 'penalty'")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: valid are None and 'ansi'")
        self.spec_text = game_spec(game, **options)
        probe = Game(self.spec_text)
        n = probe.num_players
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat}: this game has seats 0..{n - 1}")
        opponents = [opponents] if isinstance(opponents, str) else list(opponents)
        if len(opponents) not in (1, n - 1):
            raise ValueError(f"{len(opponents)} opponents for {n - 1} other seats: give one per other seat or a single one")
        for spec in opponents:
            probe.make_bot(spec, 0)  # a bad spec fails here, naming it
        self.seat = seat
        self.opponents = opponents * (n - 1) if len(opponents) == 1 else opponents
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.observation_space, self.action_space = _seat_spaces(probe)
        self._base_seed = None
        self._episode = 0
        self.game = None
        self._done = True
        self._bots = {}

    def _obs(self):
        g = self.game
        mask = g.action_mask() if not g.is_terminal else np.zeros(g.action_space, dtype=np.int8)
        return {"observation": g.observation(self.seat), "action_mask": mask}

    def _advance(self):
        g = self.game
        while not g.is_terminal and g.current_player != self.seat:
            g.play_bot(self._bots[g.current_player])

    def reset(self, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        if seed is not None or self._base_seed is None:
            self._base_seed = int(seed) % 2**64 if seed is not None else int(self.np_random.integers(2**63))
            self._episode = 0
            self.action_space.seed(derive_seed(self._base_seed, 2**32) % 2**32)
        game_seed = derive_seed(self._base_seed, self._episode)
        self._episode += 1
        self.game = Game(self.spec_text, seed=game_seed)
        others = [p for p in range(self.game.num_players) if p != self.seat]
        self._bots = {p: self.game.make_bot(spec, derive_seed(game_seed, p)) for p, spec in zip(others, self.opponents)}
        self._advance()
        self._done = self.game.is_terminal
        return self._obs(), {"game_seed": game_seed}

    def step(self, action):
        if self.game is None or self._done:
            raise ValueError("step() after the episode ended: call reset() first")
        try:
            self.game.apply(int(action))
        except ValueError:
            if self.illegal_action == "raise":
                raise
            self._done = True
            return self._obs(), self.illegal_reward, True, False, {"illegal_action": int(action)}
        self._advance()
        terminated = self.game.is_terminal
        self._done = terminated
        reward = float(self.game.returns()[self.seat]) if terminated else 0.0
        info = {"scores": self.game.scores()} if terminated else {}
        return self._obs(), reward, terminated, False, info

    def render(self):
        if self.render_mode is None or self.game is None:
            return None
        return f"{self.game!r} scores {self.game.scores()}"
