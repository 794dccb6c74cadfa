"""Credentials for the contract run: a fresh API token of the administrator, made on demand.

The run itself lists, revokes and logs out credentials, so one fixed token would soon be revoked
and every later request would be a 401 that tests nothing. Instead each credential is an API token
created with the administrator's session (which the run never sees), replaced every minute and
whenever an answer is a 401.
"""

import json
import os
import urllib.request

import schemathesis

BASE_URL = os.environ["CAIRN_URL"]
SESSION = os.environ["CAIRN_SESSION"]


@schemathesis.auth(refresh_interval=60, retry_on=[401])
class FreshApiToken:
    def get(self, case, ctx):
        request = urllib.request.Request(
            f"{BASE_URL}/api/v2/tokens/generate",
            data=json.dumps({"name": "contract-run", "expiresInDays": 1}).encode(),
            headers={"Authorization": f"Bearer {SESSION}", "Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.load(response)["token"]

    def set(self, case, data, ctx):
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {data}"}
