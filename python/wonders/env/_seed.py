"""Seeds as the environments take them."""

from __future__ import annotations

import numbers


def check_seed(seed, name: str = "seed") -> int:
    """``seed`` as an int from 0 to 2^64 - 1, or ``ValueError`` naming ``name`` (a negative,
    fractional, too large or non-numeric seed is refused, never wrapped or rounded)."""
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
        raise ValueError(f"{name}: {seed!r} is not a whole number from 0 to 2^64 - 1")
    seed = int(seed)
    if not 0 <= seed < 2**64:
        raise ValueError(f"{name}: {seed} is not a whole number from 0 to 2^64 - 1")
    return seed
