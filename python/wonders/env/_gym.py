"""A Gymnasium environment: one seat of a game against our bots."""

from __future__ import annotations

from typing import Sequence

import gymnasium as gym
import numpy as np

from .. import Game, derive_seed, game_spec
from ._spaces import _seat_spaces
from ._render import table_text
from ._seed import check_seed


class SingleAgentEnv(gym.Env):
    """Plays seat ``seat`` of ``game`` against our bots; registered as ``wonders/Duel-v0``,
    ``wonders/Classic-v0`` and ``wonders/Architects-v0`` (``gymnasium.make(id, **options)``).

    ``opponents``: one bot spec for every other seat, or one per other seat in seat order;
    they are seeded as the simulator seeds them. Observations are ``{"observation",
    "action_mask"}`` of the learner's seat (the mask is all 0 once the game is over);
    ``action_masks()`` gives the mask as booleans (sb3-contrib's ``MaskablePPO`` calls it). The
    reward is the learner's return when the game ends (1 win, 1/k shared, 0 loss), 0 before.

    ``reset(seed=s)`` deals the game the simulator deals as game 0 of a run with seed ``s`` (a
    later ``reset()`` deals the next game index). ``illegal_action``: ``"penalty"`` (the
    default) ends the episode with reward ``illegal_reward`` and ``info["illegal_action"]``
    (what Gymnasium's checker and unmasked samplers need); ``"raise"`` raises ``ValueError``
    and leaves the game unchanged.

    ``info``: at reset ``game_seed``, ``seat`` and ``legal_actions`` (their count); at each
    step ``legal_actions`` and ``opponent_actions`` (the ids the bots played since), and at the
    end ``scores`` (every seat's) and ``returns``.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        game: str = "duel",
        seat: int = 0,
        opponents: Sequence[str] | str = "greedy",
        illegal_action: str = "penalty",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **options,
    ):
        if illegal_action not in ("raise", "penalty"):
            raise ValueError(f"illegal_action {illegal_action!r}: valid are 'penalty' and 'raise'")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: valid are None and 'ansi'")
        self.spec_text = game_spec(game, **options)
        probe = Game(self.spec_text)
        n = probe.num_players
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat {seat!r}: this game has seats 0 to {n - 1}")
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
        return {"observation": g.observation(self.seat), "action_mask": g.action_mask()}

    def _advance(self) -> list[int]:
        g, played = self.game, []
        while not g.is_terminal and g.current_player != self.seat:
            played.append(g.play_bot(self._bots[g.current_player]))
        return played

    def action_masks(self) -> np.ndarray:
        """The legal ids of the learner as booleans, ``bool[action_space]`` (all False once
        the episode is over)."""
        if self.game is None:
            raise ValueError("action_masks() before reset(): call reset() first")
        return self.game.action_masks()

    def reset(self, seed: int | None = None, options: dict | None = None):
        """Deals a game (see the class) and lets the bots play until the learner is to move;
        returns ``(observation, info)``."""
        if seed is not None:
            seed = check_seed(seed)
        super().reset(seed=seed)
        if seed is not None or self._base_seed is None:
            self._base_seed = seed if seed is not None else int(self.np_random.integers(2**63))
            self._episode = 0
            self.action_space.seed(derive_seed(self._base_seed, 2**32) % 2**32)
        game_seed = derive_seed(self._base_seed, self._episode)
        self._episode += 1
        self.game = Game(self.spec_text, seed=game_seed)
        others = [p for p in range(self.game.num_players) if p != self.seat]
        self._bots = {p: self.game.make_bot(spec, derive_seed(game_seed, p)) for p, spec in zip(others, self.opponents)}
        played = self._advance()
        self._done = self.game.is_terminal
        info = {"game_seed": game_seed, "seat": self.seat, "legal_actions": len(self.game.legal_actions()), "opponent_actions": played}
        return self._obs(), info

    def step(self, action):
        """Plays ``action`` for the learner, then the bots; returns ``(observation, reward,
        terminated, truncated, info)`` (never truncated: every game ends)."""
        if self.game is None or self._done:
            raise ValueError("step() after the episode ended: call reset() first")
        try:
            self.game.apply(int(action))
        except (ValueError, TypeError, OverflowError):
            if self.illegal_action == "raise":
                raise
            self._done = True
            obs = {"observation": self.game.observation(self.seat), "action_mask": np.zeros(self.action_space.n, dtype=np.int8)}
            return obs, self.illegal_reward, True, False, {"illegal_action": action}
        played = self._advance()
        terminated = self.game.is_terminal
        self._done = terminated
        info = {"legal_actions": len(self.game.legal_actions()), "opponent_actions": played}
        reward = 0.0
        if terminated:
            returns = self.game.returns()
            reward = float(returns[self.seat])
            info.update(scores=self.game.scores(), returns=returns)
        return self._obs(), reward, terminated, False, info

    def render(self):
        """With ``render_mode="ansi"``: the table as the learner sees it (see
        ``wonders.env.table_text``); ``None`` otherwise."""
        if self.render_mode is None:
            return None
        if self.game is None:
            return "(call reset() first)"
        return table_text(self.game, self.seat)
