"""Group names, as the schema means them, in a form Schemathesis can generate from.

A group's name takes any character but control and formatting ones: `[^\\p{Cc}\\p{Cf}]` in
openapi.yaml. Python's `re` has no such classes, so Schemathesis cannot build values from the
pattern. Before the schema is loaded the class is spelled out as the code points Unicode puts in
those two categories, the same set, so the generated names (and the invalid ones) mean what the
schema says.
"""

import sys
import unicodedata

import schemathesis

UNICODE_CLASS = r"[^\p{Cc}\p{Cf}]"


def _escape(code):
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def _spelled_out():
    ranges, start, last = [], None, None
    for code in range(sys.maxunicode + 1):
        if unicodedata.category(chr(code)) in ("Cc", "Cf"):
            if start is None:
                start = code
            elif code != last + 1:
                ranges.append((start, last))
                start = code
            last = code
    ranges.append((start, last))
    return "[^" + "".join(_escape(a) if a == b else f"{_escape(a)}-{_escape(b)}" for a, b in ranges) + "]"


SPELLED_OUT = _spelled_out()


def _rewrite(node):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "pattern" and isinstance(value, str) and UNICODE_CLASS in value:
                node[key] = value.replace(UNICODE_CLASS, SPELLED_OUT)
            else:
                _rewrite(value)
    elif isinstance(node, list):
        for item in node:
            _rewrite(item)


@schemathesis.hook
def before_load_schema(ctx, raw_schema):
    _rewrite(raw_schema)
