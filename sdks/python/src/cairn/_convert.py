"""Builds the SDK's dataclasses from the API's camelCase JSON, nested models and lists included."""

from __future__ import annotations

import dataclasses
import re
import types
import typing
from functools import cache
from typing import Any, TypeVar

T = TypeVar("T")

_CAMEL = re.compile(r"(?<!^)(?=[A-Z])")


def snake(name: str) -> str:
    return _CAMEL.sub("_", name).lower()


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _convert(tp: Any, value: Any) -> Any:
    if value is None:
        return None
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        inner = [arg for arg in typing.get_args(tp) if arg is not type(None)]
        return _convert(inner[0], value) if len(inner) == 1 else value
    if origin is list:
        (item,) = typing.get_args(tp)
        return [_convert(item, entry) for entry in value]
    if dataclasses.is_dataclass(tp) and isinstance(tp, type) and isinstance(value, dict):
        return from_json(tp, value)
    return value


def from_json(cls: type[T], data: dict[str, Any]) -> T:
    """An instance of the dataclass `cls`; keys the SDK does not know yet are ignored."""
    if not isinstance(data, dict):
        raise TypeError(f"expected a JSON object for {cls.__name__}, got {type(data).__name__}")
    hints = _hints(cls)  # type: ignore[arg-type]
    names = {field.name for field in dataclasses.fields(cls)}  # type: ignore[arg-type]
    values = {snake(key): value for key, value in data.items()}
    kwargs = {name: _convert(hints[name], values[name]) for name in names if name in values}
    return cls(**kwargs)
