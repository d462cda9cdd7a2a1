"""The PettingZoo AEC environment shared by every game."""

from __future__ import annotations

import os

import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .. import Game, derive_seed, game_spec
from ._render import table_text
from ._seed import check_seed


from ._spaces import OBS_BOUND, _seat_spaces  # noqa: F401  (OBS_BOUND: for users of this module)


class WondersAEC(AECEnv):
    """One game of the family as a PettingZoo AEC environment; agents ``player_0`` … in seat
    order. ``reset(seed=s)`` deals the game the simulator deals as game 0 of a run with seed
    ``s`` (a negative or fractional seed is a ``ValueError``); each later ``reset()`` without
    a seed deals the next game index. The seats of a simultaneous turn (7 Wonders) choose one
    after another, each seeing only what the rules show; ``wonders.env.classic_v0.parallel_env``
    gives the turn as one step. ``infos[agent]``: ``legal_actions`` (the count, for the agent to
    move), and at the end ``scores``."""

    metadata = {"render_modes": ["ansi"], "name": "wonders_v0", "is_parallelizable": False}

    def __init__(self, game: str, render_mode: str | None = None, name: str | None = None, **options):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: valid are None and 'ansi'")
        self.metadata = dict(self.metadata, name=name or f"{game}_v0")
        self.render_mode = render_mode
        self.spec_text = game_spec(game, **options)
        probe = Game(self.spec_text)
        self.possible_agents = [f"player_{i}" for i in range(probe.num_players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces = {}
        self.action_spaces = {}
        for a in self.possible_agents:
            self.observation_spaces[a], self.action_spaces[a] = _seat_spaces(probe)
        self._zero_mask = np.zeros(probe.action_space, dtype=np.int8)
        self._base_seed = int.from_bytes(os.urandom(8), "little")
        self._episode = 0
        self.game = None

    def observation_space(self, agent):
        """The agent's observation space (the same object each call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent):
        """The agent's action space, ``Discrete(action_space)`` (the same object each call)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None):
        """Deals a game (see the class)."""
        if seed is not None:
            self._base_seed = check_seed(seed)
            self._episode = 0
            for i, a in enumerate(self.possible_agents):
                self.action_spaces[a].seed(derive_seed(self._base_seed, 2**32 + i) % 2**32)
        self.game = Game(self.spec_text, seed=derive_seed(self._base_seed, self._episode))
        self._episode += 1
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.current_player]
        self._set_infos()

    def _set_infos(self):
        g = self.game
        for a in self.agents:
            info = {}
            if g.is_terminal:
                info["scores"] = g.scores()
            elif self._seat[a] == g.current_player:
                info["legal_actions"] = len(g.legal_actions())
            self.infos[a] = info

    def observe(self, agent):
        """What ``agent`` sees: ``{"observation", "action_mask"}`` (mask 0 unless to move)."""
        seat = self._seat[agent]
        g = self.game
        to_move = not g.is_terminal and g.current_player == seat
        return {
            "observation": g.observation(seat),
            "action_mask": g.action_mask() if to_move else self._zero_mask.copy(),
        }

    def step(self, action):
        """Plays ``action`` for ``agent_selection`` (``None`` for a finished agent)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.game.apply(int(action))  # ValueError on an illegal action; nothing changes then
        self._cumulative_rewards[agent] = 0.0
        if self.game.is_terminal:
            returns = self.game.returns()
            for a in self.agents:
                self.rewards[a] = float(returns[self._seat[a]])
                self.terminations[a] = True
            # The dead steps start with the agent after the one that ended the game.
            nxt = (self._seat[agent] + 1) % len(self.possible_agents)
            self.agent_selection = self.possible_agents[nxt]
        else:
            for a in self.agents:
                self.rewards[a] = 0.0
            self.agent_selection = self.possible_agents[self.game.current_player]
        self._set_infos()
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            self.render()

    def render(self):
        """With ``render_mode="ansi"``: the table as the seat to move sees it."""
        if self.render_mode is None:
            return None
        if self.game is None:
            return "(call reset() first)"
        return table_text(self.game)

    def close(self):
        """Nothing to release."""
        pass


def make_raw_env(game: str, name: str):
    def raw_env(render_mode: str | None = None, **options) -> WondersAEC:
        return WondersAEC(game, render_mode=render_mode, name=name, **options)

    raw_env.__doc__ = f"The bare AEC environment of `{game}`."
    return raw_env


def make_env(game: str, name: str):
    raw = make_raw_env(game, name)

    def env(render_mode: str | None = None, **options):
        return wrappers.OrderEnforcingWrapper(raw(render_mode=render_mode, **options))

    env.__doc__ = f"The AEC environment of `{game}`, with PettingZoo's order checks."
    return env
