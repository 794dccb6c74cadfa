"""The models hold to openapi.yaml: every field, its type, whether it may be null or absent, and every enum.

The schemas come from `sdks/harness/schema-fields.mjs` (openapi.yaml as plain field tables).
"""

from __future__ import annotations

import dataclasses
import functools
import json
import subprocess
import types
import typing
from pathlib import Path
from typing import Any, Literal

import pytest

from cairn import _domain_models, _name_models, _pin_models, models

REPO_ROOT = Path(__file__).resolve().parents[3]

# Each model read from the API, and its schema (the SDK names some its own way).
MODELS: dict[type, str] = {
    models.User: "User",
    models.ApiToken: "ApiToken",
    models.ApiTokenCreated: "ApiTokenCreated",
    models.Upload: "Upload",
    models.UploadDetail: "UploadDetail",
    models.UploadResult: "UploadResult",
    models.DagFile: "DagFile",
    models.DagUploadResult: "DagUploadResult",
    models.FilesUploadResult: "FilesUploadResult",
    models.UploadList: "UploadList",
    models.RemoveResult: "RemoveResult",
    models.Group: "Group",
    models.GroupList: "GroupList",
    models.GroupMembersAdded: "GroupMembersAdded",
    models.GroupMembersRemoved: "GroupMembersRemoved",
    models.AccessLink: "AccessLink",
    models.Usage: "Usage",
    models.PinJob: "PinJob",
    models.DagEntry: "DagEntry",
    models.DagView: "DagView",
    models.Plan: "Plan",
    models.PlanList: "PlanList",
    models.CheckoutResult: "CheckoutResult",
    models.Referral: "Referral",
    models.ReferralSummary: "ReferralSummary",
    models.PinStatusView: "PinStatusView",
    models.PinAllocation: "PinAllocationView",
    models.PsaPin: "PsaPin",
    models.PsaPinStatus: "PsaPinStatus",
    models.PsaPinResults: "PsaPinResults",
    models.Name: "Name",
    models.NamePublication: "NamePublication",
    models.NameKeyExport: "NameKeyExport",
    models.NameResolution: "NameResolution",
    models.Domain: "Domain",
}
# What the SDK reports itself, not read from the API.
OWN = {models.UploadProgress, models.PinProgress}

SCALARS: dict[str, type] = {"string": str, "integer": int, "number": float, "boolean": bool}


@functools.cache
def schemas() -> dict[str, Any]:
    output = subprocess.run(
        ["node", "sdks/harness/schema-fields.mjs"], cwd=REPO_ROOT, capture_output=True, text=True, check=True
    ).stdout
    tables: dict[str, Any] = json.loads(output)
    return tables


def snake(name: str) -> str:
    return "".join(f"_{c.lower()}" if c.isupper() else c for c in name).lstrip("_")


def unwrap(tp: Any) -> tuple[Any, bool]:
    """`X | None` as (X, True); anything else as (it, False)."""
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        rest = [arg for arg in typing.get_args(tp) if arg is not type(None)]
        assert len(rest) == 1, f"{tp} is a union of more than one type and None"
        return rest[0], len(rest) < len(typing.get_args(tp))
    return tp, False


def type_problems(tp: Any, schema: dict[str, Any], at: str) -> list[str]:
    base, nullable = unwrap(tp)
    problems = []
    if schema.get("nullable") and not nullable:
        problems.append(f"{at}: may be null, so its type must allow None")
    kind, origin, args = schema["kind"], typing.get_origin(base), typing.get_args(base)
    if kind == "string" and origin is Literal:
        listed = sorted(schema.get("enum", []))
        if sorted(args) != listed:
            problems.append(f"{at}: Literal{sorted(args)} but openapi.yaml lists {listed}")
    elif kind == "string" and "enum" in schema:
        problems.append(f"{at}: {base} but openapi.yaml lists the values {schema['enum']} (use a Literal)")
    elif kind in SCALARS:
        if base is not SCALARS[kind]:
            problems.append(f"{at}: {base} but openapi.yaml says {kind}")
    elif kind == "array":
        if origin is not list:
            return [*problems, f"{at}: {base} but openapi.yaml says array"]
        problems += type_problems(args[0], schema["items"], f"{at}[]")
    elif (kind == "map" or "values" in schema) and origin is dict:
        problems += type_problems(args[1], schema["values"], f"{at}{{}}")
        for name, field in schema.get("fields", {}).items():
            problems += type_problems(args[1], {**field["type"], "nullable": False}, f"{at}.{name}")
    elif kind == "object" and dataclasses.is_dataclass(base) and isinstance(base, type):
        problems += model_problems(base, schema["fields"], at)
    else:
        problems.append(f"{at}: {base} but openapi.yaml says {kind}")
    return problems


def model_problems(model: type, fields: dict[str, Any], at: str) -> list[str]:
    hints = typing.get_type_hints(model)
    own = {field.name: field for field in dataclasses.fields(model)}
    wire = {snake(name): (name, field) for name, field in fields.items()}
    problems = [f"{at}.{name}: not in openapi.yaml" for name in own if name not in wire]
    for python_name, (name, field) in wire.items():
        if python_name not in own:
            problems.append(f"{at}.{python_name}: missing (openapi.yaml's `{name}`)")
            continue
        declared = own[python_name]
        defaults = (declared.default, declared.default_factory)
        if not field["required"] and all(default is dataclasses.MISSING for default in defaults):
            problems.append(f"{at}.{python_name}: may be absent, so it needs a default")
        # None also stands for an absent field: only one always sent and never null must not allow it.
        if field["required"] and not field["type"].get("nullable") and unwrap(hints[python_name])[1]:
            problems.append(f"{at}.{python_name}: is never null, so its type must not allow None")
        problems += type_problems(hints[python_name], field["type"], f"{at}.{python_name}")
    return problems


@pytest.mark.parametrize("model", list(MODELS), ids=lambda model: model.__name__)
def test_model_has_the_fields_types_and_enums_of_its_schema(model: type) -> None:
    schema = schemas()[MODELS[model]]
    assert model_problems(model, schema["fields"], model.__name__) == []


def nested(model: type) -> set[type]:
    found: set[type] = set()
    for hint in typing.get_type_hints(model).values():
        stack = [hint]
        while stack:
            tp = stack.pop()
            if dataclasses.is_dataclass(tp) and isinstance(tp, type):
                found |= {tp} | nested(tp)
            stack += typing.get_args(tp)
    return found


def test_every_model_is_held_to_a_schema() -> None:
    declared = {
        member
        for module in (models, _pin_models, _name_models, _domain_models)
        for member in vars(module).values()
        if dataclasses.is_dataclass(member) and isinstance(member, type)
    }
    held = set(MODELS).union(*(nested(model) for model in MODELS))
    assert sorted(model.__name__ for model in declared - held - OWN) == []


def test_finds_a_model_that_drifted() -> None:
    @dataclasses.dataclass(frozen=True)
    class Drifted:
        code: str
        name: int
        storage_limit_bytes: int | None
        extra: str

    problems = model_problems(Drifted, schemas()["Plan"]["fields"], "Drifted")
    assert "Drifted.extra: not in openapi.yaml" in problems
    assert "Drifted.name: <class 'int'> but openapi.yaml says string" in problems
    assert "Drifted.storage_limit_bytes: is never null, so its type must not allow None" in problems
    assert "Drifted.is_default: missing (openapi.yaml's `isDefault`)" in problems
    status = {"kind": "string", "enum": ["queued", "pinned"]}
    expected = "x: Literal['queued'] but openapi.yaml lists ['pinned', 'queued']"
    assert type_problems(Literal["queued"], status, "x") == [expected]
