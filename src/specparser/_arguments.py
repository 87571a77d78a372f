"""Checks of the public functions' options: a wrong type is a TypeError, a
wrong value a ValueError, and the message names the function and the
parameter, so that a mistake fails where it is made instead of being
accepted silently (``serialize(quote_char=1)``) or failing deep inside.
"""

from __future__ import annotations

from typing import Any, Iterable

__all__ = ["check_flag", "check_optional_str", "check_choice"]


def check_flag(value: Any, function: str, parameter: str) -> bool:
    """A yes/no option: ``True``/``False`` (``0``/``1`` too, which html5lib
    users write), else TypeError."""
    if value.__class__ is bool:
        return value
    if value.__class__ is int and value in (0, 1):
        return bool(value)
    raise TypeError(f"{function}: {parameter} must be True or False, not {value!r}"[:300])


def check_optional_str(value: Any, function: str, parameter: str) -> str | None:
    """A ``str`` or ``None``, else TypeError."""
    if value is None or isinstance(value, str):
        return value
    raise TypeError(f"{function}: {parameter} must be a str or None, not {type(value).__name__}")


def check_choice(value: Any, choices: Iterable[Any], function: str, parameter: str) -> Any:
    """One of ``choices`` (compared by type and value, so that ``1`` is not
    ``True``), else ValueError (TypeError for a type no choice has)."""
    choices = tuple(choices)
    if any(value.__class__ is choice.__class__ and value == choice for choice in choices):
        return value
    listed = ", ".join(repr(choice) for choice in choices)
    if not any(isinstance(value, choice.__class__) for choice in choices):
        raise TypeError(f"{function}: {parameter} must be one of {listed}, not {type(value).__name__} {value!r}"[:300])
    raise ValueError(f"{function}: {parameter} must be one of {listed}, not {value!r}"[:300])
