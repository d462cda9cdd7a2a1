"""Gymnasium's registry entries of the family: ``gymnasium.make("wonders/Duel-v0")``."""

from __future__ import annotations

# (id, game): every keyword of gymnasium.make/make_vec goes to the environment, so game options
# are keywords too: gymnasium.make("wonders/Classic-v0", players=5, expansions="leaders").
ENVIRONMENTS = [
    ("wonders/Duel-v0", "duel"),
    ("wonders/Classic-v0", "classic"),
    ("wonders/Architects-v0", "architects"),
]


def register_envs() -> None:
    """Registers the environments (once; ``import wonders`` does it when Gymnasium is
    installed). ``make`` gives a ``SingleAgentEnv`` (seat 0 against greedy bots by default);
    ``make_vec(..., vectorization_mode="vector_entry_point")`` gives a threaded ``VectorEnv``."""
    import gymnasium

    for env_id, game in ENVIRONMENTS:
        if env_id in gymnasium.registry:
            continue
        gymnasium.register(
            id=env_id,
            entry_point="wonders.env._gym:SingleAgentEnv",
            vector_entry_point="wonders.env._vector:VectorEnv",
            kwargs={"game": game},
            disable_env_checker=False,
        )
