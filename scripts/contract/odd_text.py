"""Text no database can store, put into generated requests: NUL, and UTF-16 surrogates outside a pair.

Schemathesis generates NUL itself (`generation.allow-x00` in schemathesis.toml), but rarely, and
its strings are UTF-8 text, which has no unpaired surrogate. This hook puts such text into one case
in four: into one string of a JSON body, or as a new key of one of its objects, or NUL into one
path or query parameter (a URL carries bytes, and an unpaired surrogate has no bytes). The server
must refuse each with a 400, never a 5xx; the data is still valid by the schema, so such a 400
is no failure of the checks the run makes (it does not make `positive_data_acceptance`).
"""

from hypothesis import strategies as st

import schemathesis

IN_JSON = ["\x00", "a\x00b", "\ud800", "x\udfffy", "\udc00\ud800"]
IN_URL = ["\x00", "a\x00b"]


def _json_slots(value, path=()):
    """Where a JSON value holds text: ("value", path) for a string, ("key", path) for an object."""
    if isinstance(value, str):
        yield ("value", path)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _json_slots(item, path + (index,))
    elif isinstance(value, dict):
        yield ("key", path)
        for key, item in value.items():
            yield from _json_slots(item, path + (key,))


def _with_text(value, kind, path, text):
    """A copy of `value` with `text` at `path` (a new key of the object there, for "key")."""
    if not path:
        return {**value, text: "value"} if kind == "key" else text
    copy = list(value) if isinstance(value, list) else dict(value)
    copy[path[0]] = _with_text(value[path[0]], kind, path[1:], text)
    return copy


def _slots(case):
    slots = [("path_parameters", name) for name, value in (case.path_parameters or {}).items() if isinstance(value, str)]
    slots += [("query", name) for name, value in (case.query or {}).items() if isinstance(value, str)]
    if case.media_type and "json" in case.media_type and isinstance(case.body, (dict, list, str)):
        slots += [("body", slot) for slot in _json_slots(case.body)]
    return slots


def _apply(ctx, case, slot, text):
    where, at = slot
    if where == "body":
        kind, path = at
        case.body = _with_text(case.body, kind, path, text)
    elif where == "query":
        # Without the optional parameters, none of which may then be refused first: the text is
        # what the server must judge (it did reach PostgreSQL when every other parameter was good).
        required = {p.name for p in ctx.operation.query if p.is_required}
        case.query = {**{k: v for k, v in case.query.items() if k in required}, at: text}
    else:
        case.path_parameters = {**case.path_parameters, at: text}
    # The case keeps the generation mode it was made in: the text is valid by the schema, and the
    # validator Schemathesis would check it again with cannot take an unpaired surrogate.
    case._record_starting_state()
    return case


@schemathesis.hook
def flatmap_case(ctx, case):
    slots = _slots(case)
    if not slots:
        return st.just(case)
    odd = st.sampled_from(slots).flatmap(
        lambda slot: st.tuples(st.just(slot), st.sampled_from(IN_JSON if slot[0] == "body" else IN_URL))
    )
    # Shrinks towards the case as generated (the first choice).
    return st.sampled_from([False, False, False, True]).flatmap(
        lambda mutate: odd.map(lambda choice: _apply(ctx, case, *choice)) if mutate else st.just(case)
    )
