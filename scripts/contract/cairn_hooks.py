"""The hooks of the contract run (SCHEMATHESIS_HOOKS takes one module): credentials, odd text, names of any script, record bodies."""

import cairn_auth  # noqa: F401
import control_free_names  # noqa: F401
import odd_text  # noqa: F401
import record_bodies  # noqa: F401
import unicode_names  # noqa: F401
