"""Names of any script, as the schema means them, in the cases Schemathesis makes invalid.

The names a user chooses for files (`name`, `customName`, `originalName`) take letters, marks and digits of
any script (`\\p{L}`, `\\p{M}`, `\\p{Nd}` in openapi.yaml). Python's `re` has no such classes, and
Schemathesis reads them as Latin letters only: a case it makes invalid may hold a name that is valid,
say in Bamum letters, which the server rightly accepts. In such a case the name is made invalid in
every reading (a `/` in it), so that the case is what it says it is.
"""

import unicodedata

import schemathesis
from schemathesis.generation.modes import GenerationMode

NAME_FIELDS = ("name", "customName", "originalName")


def _valid_name(text):
    """The rule of openapi.yaml's name patterns, with Unicode's own categories."""
    name = text.strip()
    if not 1 <= len(name) <= 255 or name.startswith("."):
        return False
    return all(c in "._-" or unicodedata.category(c)[0] in "LM" or unicodedata.category(c) == "Nd" for c in name)


@schemathesis.hook
def map_case(ctx, case):
    meta = case._meta
    if meta is None or meta.generation.mode != GenerationMode.NEGATIVE or not isinstance(case.body, dict):
        return case
    # A group's name takes any character but control ones: a `/` would not make it invalid.
    if case.operation.path.startswith("/groups"):
        return case
    fields = [field for field in NAME_FIELDS if isinstance(case.body.get(field), str) and _valid_name(case.body[field])]
    if fields:
        case.body = {**case.body, **{field: case.body[field] + "/" for field in fields}}
    return case
