# One upload of FILE through the Python SDK's sync client; prints the CID and the upload's time.
# Run by bench/sdk-upload.ts with the SDK's virtualenv, which measures the peak RSS.
import json
import os
import time

from cairn import Cairn

with Cairn(os.environ["TOKEN"], base_url=os.environ["URL"]) as cairn:
    started = time.perf_counter()
    result = cairn.uploads.file(os.environ["FILE"])
    seconds = time.perf_counter() - started
print(json.dumps({"cid": result.cid, "seconds": seconds}))
