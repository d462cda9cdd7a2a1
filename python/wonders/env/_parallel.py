"""The PettingZoo Parallel environment: every seat that chooses in a turn acts in one step."""

from __future__ import annotations

import os

import numpy as np
from pettingzoo import ParallelEnv

from .. import Game, derive_seed, game_spec
from ._spaces import _seat_spaces
from ._render import table_text
from ._seed import check_seed


class WondersParallel(ParallelEnv):
    """One game as a PettingZoo Parallel environment; agents ``player_0`` … in seat order.

    A step is a turn of the rules: in 7 Wonders every seat chooses its card at once, so every
    seat gets its mask and acts in the same step; a seat with nothing to choose (a turn where
    only Halikarnassos builds from the discard, say) gets a mask of 0 and its action is
    ignored. Architects is played in turn by its rules: one seat acts per step. The engine
    asks the seats of a turn one after another; the environment shows each seat exactly what
    it sees when asked, and a seat whose view would change with an earlier seat's choice
    (Solomon after Halikarnassos in one turn) acts in the next step instead (its action that
    step is ignored).

    Rewards: each seat's return at the end (1 win, 1/k shared, 0 loss), 0 before. ``infos``:
    ``acting`` (whether the seat's action counted), and at the end ``scores``.
    ``illegal_action="penalty"`` (default) ends the game on an illegal action of an acting
    seat, that seat's reward ``illegal_reward`` and the others 0 (unmasked samplers, as
    PettingZoo's seed test); ``"raise"`` raises ``ValueError`` before anything is played.
    ``reset(seed=s)`` deals game 0 of a run with seed ``s``; later resets the next games.
    """

    metadata = {"render_modes": ["ansi"], "name": "wonders_parallel_v0", "is_parallelizable": True}

    def __init__(
        self,
        game: str,
        render_mode: str | None = None,
        name: str | None = None,
        illegal_action: str = "penalty",
        illegal_reward: float = -1.0,
        **options,
    ):
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: valid are None and 'ansi'")
        if illegal_action not in ("raise", "penalty"):
            raise ValueError(f"illegal_action {illegal_action!r}: valid are 'penalty' and 'raise'")
        self.metadata = dict(self.metadata, name=name or f"{game}_parallel_v0")
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.spec_text = game_spec(game, **options)
        probe = Game(self.spec_text)
        # Simultaneous turns by the rules: 7 Wonders; Duel and Architects are played in turn.
        self.simultaneous = probe.game_id == "classic"
        self.possible_agents = [f"player_{i}" for i in range(probe.num_players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces, self.action_spaces = {}, {}
        for a in self.possible_agents:
            self.observation_spaces[a], self.action_spaces[a] = _seat_spaces(probe)
        self._zero_mask = np.zeros(probe.action_space, dtype=np.int8)
        self._base_seed = int.from_bytes(os.urandom(8), "little")
        self._episode = 0
        self.game = None
        self.agents = []
        self._movers = {}

    def observation_space(self, agent):
        """The agent's observation space (the same object each call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent):
        """The agent's action space, ``Discrete(action_space)`` (the same object each call)."""
        return self.action_spaces[agent]

    def _plan(self):
        """The seats that choose in this turn, each with the (observation, mask) it has when
        the engine asks it; a copy of the game is walked with stand-in choices (the first
        legal id), which the seats after cannot see in a simultaneous turn."""
        g = self.game.clone()
        movers = {}
        while not g.is_terminal:
            seat = g.current_player
            if seat in movers or (movers and seat < max(movers)):
                break
            movers[seat] = (g.observation(seat), g.action_mask())
            if not self.simultaneous:
                break
            g.apply(g.legal_actions()[0])
        return movers

    def _observations(self):
        out = {}
        for a in self.agents:
            seat = self._seat[a]
            if seat in self._movers:
                obs, mask = self._movers[seat]
                out[a] = {"observation": obs.copy(), "action_mask": mask.copy()}
            else:
                out[a] = {"observation": self.game.observation(seat), "action_mask": self._zero_mask.copy()}
        return out

    def _infos(self):
        return {a: {"acting": self._seat[a] in self._movers} for a in self.agents}

    def reset(self, seed: int | None = None, options: dict | None = None):
        """Deals a game; returns ``(observations, infos)``."""
        if seed is not None:
            self._base_seed = check_seed(seed)
            self._episode = 0
            for i, a in enumerate(self.possible_agents):
                self.action_spaces[a].seed(derive_seed(self._base_seed, 2**32 + i) % 2**32)
        self.game = Game(self.spec_text, seed=derive_seed(self._base_seed, self._episode))
        self._episode += 1
        self.agents = self.possible_agents[:]
        self._movers = self._plan()
        return self._observations(), self._infos()

    def step(self, actions):
        """Plays the acting seats' actions (a dict agent -> action id; others are ignored);
        returns ``(observations, rewards, terminations, truncations, infos)``."""
        if not self.agents:
            raise ValueError("step() after the game ended: call reset() first")
        order = sorted(self._movers)
        missing = [f"player_{s}" for s in order if f"player_{s}" not in actions]
        if missing:
            raise ValueError(f"actions: no action for {', '.join(missing)} (acting this turn)")
        rewards = {a: 0.0 for a in self.agents}
        # Refuse an illegal action before anything is played.
        for seat in order:
            action = actions[f"player_{seat}"]
            legal = isinstance(action, (int, np.integer)) and 0 <= int(action) < len(self._zero_mask) and self._movers[seat][1][int(action)] == 1
            if not legal:
                if self.illegal_action == "raise":
                    raise ValueError(f"player_{seat}: action {action!r} is not legal (see its action_mask)")
                return self._end(rewards | {f"player_{seat}": self.illegal_reward}, illegal=(f"player_{seat}", action))
        for seat in order:
            g = self.game
            if g.is_terminal or g.current_player != seat:
                break
            obs, mask = self._movers[seat]
            if not (np.array_equal(g.observation(seat), obs) and np.array_equal(g.action_mask(), mask)):
                break  # an earlier choice changed what this seat sees: it acts next step
            g.apply(int(actions[f"player_{seat}"]))
        if self.game.is_terminal:
            returns = self.game.returns()
            return self._end({a: float(returns[self._seat[a]]) for a in self.agents})
        self._movers = self._plan()
        n = self.agents
        return self._observations(), rewards, {a: False for a in n}, {a: False for a in n}, self._infos()

    def _end(self, rewards, illegal=None):
        agents = self.agents
        self._movers = {}
        obs = self._observations()
        infos = {a: {"acting": False, "scores": self.game.scores()} for a in agents}
        if illegal is not None:
            infos[illegal[0]]["illegal_action"] = illegal[1]
        terminations = {a: True for a in agents}
        truncations = {a: False for a in agents}
        self.agents = []
        if self.render_mode == "ansi":
            self.render()
        return obs, rewards, terminations, truncations, infos

    def render(self):
        """With ``render_mode="ansi"``: the table as the next seat to act sees it."""
        if self.render_mode is None:
            return None
        if self.game is None:
            return "(call reset() first)"
        return table_text(self.game)

    def close(self):
        """Nothing to release."""


def make_parallel_env(game: str, name: str):
    def parallel_env(render_mode: str | None = None, **options) -> WondersParallel:
        return WondersParallel(game, render_mode=render_mode, name=name, **options)

    parallel_env.__doc__ = f"The PettingZoo Parallel environment of `{game}` (see `WondersParallel`); options as keywords."
    return parallel_env
