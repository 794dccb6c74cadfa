import os
from http.server import BaseHTTPRequestHandler, HTTPServer

from cairn import WebhookVerificationError, verify_webhook

# The endpoint's signing secret (shown once when it was made) and the port come from the environment.
SECRET = os.environ.get("CAIRN_WEBHOOK_SECRET", "")


class Receiver(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        # The raw bytes as received: never parse and serialise the JSON before checking it.
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        try:
            event = verify_webhook(body, self.headers.get("Cairn-Signature", ""), SECRET)
        except WebhookVerificationError as error:
            print(f"refused {error}", flush=True)
            self.send_response(400)
        else:
            print(f"verified {event['type']} {event['id']}", flush=True)
            self.send_response(200)
        self.end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


HTTPServer(("127.0.0.1", int(os.environ.get("PORT", "8000"))), Receiver).serve_forever()
