"""The hooks of the contract run (SCHEMATHESIS_HOOKS takes one module): credentials and odd text."""

import cairn_auth  # noqa: F401
import odd_text  # noqa: F401
