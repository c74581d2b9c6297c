"""How messages count things: ``1 statement``, ``2 statements``, ``1,000 errors``."""

from __future__ import annotations

__all__ = ["plural"]


def plural(n: int, noun: str) -> str:
    """``n`` and the noun, in the plural unless ``n`` is 1 (regular nouns only).

    >>> plural(1, "statement"), plural(0, "error"), plural(12345, "bad statement")
    ('1 statement', '0 errors', '12,345 bad statements')
    """
    return f"{n:,} {noun}{'' if n == 1 else 's'}"
