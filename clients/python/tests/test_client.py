"""snippet_lab_client: the retry decision, Retry-After, the version check, error parsing, and the client's HTTP
behaviour against a local stand-in server that answers a scripted sequence (real sockets, real urllib).

    python3 -m unittest discover -s clients/python/tests
"""

import json
import os
import sys
import threading
import unittest
import warnings
from datetime import datetime, timedelta, timezone
from email.utils import format_datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from snippet_lab_client import (  # noqa: E402
    API_VERSION,
    API_VERSION_HEADER,
    ApiVersionWarning,
    SnippetLabClient,
    SnippetLabError,
    check_api_version,
    parse_retry_after,
    retry_delay,
)


class RetryDecisionTest(unittest.TestCase):
    def test_429_is_retried_only_with_retry_after(self):
        self.assertEqual(retry_delay(429, 3.0, attempt=0), 3.0)
        self.assertIsNone(retry_delay(429, None, attempt=0))

    def test_503_waits_as_told_else_backs_off_exponentially(self):
        self.assertEqual(retry_delay(503, 7.0, attempt=0), 7.0)
        self.assertEqual(retry_delay(503, None, attempt=0, backoff=0.5), 0.5)
        self.assertEqual(retry_delay(503, None, attempt=1, backoff=0.5), 1.0)
        self.assertEqual(retry_delay(503, None, attempt=2, max_retries=5, backoff=0.5), 2.0)

    def test_other_statuses_are_never_retried(self):
        for status in (400, 401, 404, 409, 413, 422, 500, 502):
            self.assertIsNone(retry_delay(status, 1.0, attempt=0), status)

    def test_retries_stop_after_max_retries_and_long_waits_are_not_waited(self):
        self.assertIsNone(retry_delay(503, None, attempt=2, max_retries=2))
        self.assertIsNone(retry_delay(429, 3600.0, attempt=0, max_wait=120.0))


class RetryAfterTest(unittest.TestCase):
    def test_seconds_and_http_dates(self):
        now = datetime(2027, 1, 1, 12, 0, 0, tzinfo=timezone.utc)
        self.assertEqual(parse_retry_after("5", now), 5.0)
        self.assertEqual(parse_retry_after(format_datetime(now + timedelta(seconds=30), usegmt=True), now), 30.0)
        self.assertEqual(parse_retry_after(format_datetime(now - timedelta(seconds=30), usegmt=True), now), 0.0)

    def test_absent_or_unreadable(self):
        self.assertIsNone(parse_retry_after(None))
        self.assertIsNone(parse_retry_after("soon"))
        self.assertIsNone(parse_retry_after("-3"))


class VersionCheckTest(unittest.TestCase):
    def test_same_major_is_fine_whatever_the_minor(self):
        self.assertIsNone(check_api_version("1.1.0", "1.1.0"))
        self.assertIsNone(check_api_version("1.9.3", "1.1.0"))
        self.assertIsNone(check_api_version("1.0.0", "1.1.0"))

    def test_another_major_says_both_versions_and_what_to_do(self):
        msg = check_api_version("2.0.0", "1.1.0")
        self.assertIn("major version mismatch", msg)
        self.assertIn("2.0.0", msg)
        self.assertIn("1.1.0", msg)
        self.assertIn("upgrade this client", msg)
        self.assertIn("upgrade the server", check_api_version("1.4.0", "2.0.0"))

    def test_missing_or_malformed_header(self):
        self.assertIn(API_VERSION_HEADER, check_api_version(None))
        self.assertIn("not a semantic version", check_api_version("latest"))


class ErrorParsingTest(unittest.TestCase):
    def test_the_api_error_shape(self):
        body = json.dumps({"error": {"code": "BAD_REQUEST", "message": "invalid request: query: empty", "details": {"issues": []}}}).encode()
        e = SnippetLabError.from_response(400, body)
        self.assertEqual((e.status, e.code, e.message, e.details), (400, "BAD_REQUEST", "invalid request: query: empty", {"issues": []}))
        self.assertIn("BAD_REQUEST", str(e))

    def test_a_body_that_is_not_the_api_error(self):
        e = SnippetLabError.from_response(502, b"<html>Bad gateway</html>")
        self.assertEqual((e.status, e.code), (502, "HTTP_502"))
        self.assertIn("Bad gateway", e.message)
        self.assertEqual(SnippetLabError.from_response(504, b"").message, "(empty body)")


OK_BODY = {"results": [], "tokensIn": 10, "tokensOut": 4, "model": "bm25"}


class ScriptedServer:
    """A local HTTP server answering each request with the next scripted (status, headers, body); records requests."""

    def __init__(self, script):
        self.script = list(script)
        self.requests = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def _answer(self):
                length = int(self.headers.get("Content-Length") or 0)
                outer.requests.append(
                    {"method": self.command, "path": self.path, "headers": dict(self.headers), "body": self.rfile.read(length) if length else b""}
                )
                status, headers, body = outer.script.pop(0)
                data = body if isinstance(body, bytes) else json.dumps(body).encode()
                self.send_response(status)
                for k, v in headers.items():
                    self.send_header(k, v)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = _answer
            do_POST = _answer

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = "http://127.0.0.1:{}".format(self.httpd.server_address[1])
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def error(code, message):
    return {"error": {"code": code, "message": message}}


class ClientHttpTest(unittest.TestCase):
    def serve(self, script):
        server = ScriptedServer(script)
        self.addCleanup(server.close)
        sleeps = []
        client = SnippetLabClient(server.url + "/", api_key="k1", sleep=sleeps.append, backoff=0.25)
        return server, client, sleeps

    def test_sends_the_request_with_the_bearer_key_and_reads_the_answer(self):
        v = {API_VERSION_HEADER: API_VERSION}
        server, client, sleeps = self.serve([(200, v, OK_BODY)])
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            out = client.compress("q", [{"id": "a", "text": "Hello.", "extra": "dropped"}], budget=100, threshold=0.5, method="bm25")
        self.assertEqual(out, OK_BODY)
        req = server.requests[0]
        self.assertEqual((req["method"], req["path"]), ("POST", "/api/v1/compress"))
        self.assertEqual(req["headers"]["Authorization"], "Bearer k1")
        self.assertEqual(
            json.loads(req["body"]), {"query": "q", "results": [{"id": "a", "text": "Hello."}], "budget": 100, "threshold": 0.5, "method": "bm25"}
        )
        self.assertEqual(client.server_api_version, API_VERSION)
        self.assertEqual(sleeps, [])

    def test_retries_503_with_backoff_and_429_as_retry_after_says(self):
        v = {API_VERSION_HEADER: API_VERSION}
        server, client, sleeps = self.serve(
            [(503, v, error("UNAVAILABLE", "warming up")), (429, dict(v, **{"Retry-After": "2"}), error("TOO_MANY_REQUESTS", "slow down")), (200, v, OK_BODY)]
        )
        self.assertEqual(client.compress("q", [{"text": "x"}]), OK_BODY)
        self.assertEqual(sleeps, [0.25, 2.0])
        self.assertEqual(len(server.requests), 3)

    def test_429_without_retry_after_and_4xx_raise_at_once(self):
        v = {API_VERSION_HEADER: API_VERSION}
        server, client, sleeps = self.serve([(429, v, error("TOO_MANY_REQUESTS", "slow down")), (400, v, error("BAD_REQUEST", "query: empty"))])
        with self.assertRaises(SnippetLabError) as caught:
            client.compress("q", [{"text": "x"}])
        self.assertEqual((caught.exception.status, caught.exception.code), (429, "TOO_MANY_REQUESTS"))
        with self.assertRaises(SnippetLabError) as caught:
            client.compress("", [{"text": "x"}])
        self.assertEqual((caught.exception.status, caught.exception.code, caught.exception.message), (400, "BAD_REQUEST", "query: empty"))
        self.assertEqual(sleeps, [])
        self.assertEqual(len(server.requests), 2)

    def test_503_gives_up_after_max_retries(self):
        v = {API_VERSION_HEADER: API_VERSION}
        server, client, sleeps = self.serve([(503, v, error("UNAVAILABLE", "no model"))] * 3)
        with self.assertRaises(SnippetLabError) as caught:
            client.compress("q", [{"text": "x"}])
        self.assertEqual(caught.exception.code, "UNAVAILABLE")
        self.assertEqual(sleeps, [0.25, 0.5])
        self.assertEqual(len(server.requests), 3)

    def test_warns_once_on_another_major_version(self):
        v = {API_VERSION_HEADER: "2.0.0"}
        server, client, _ = self.serve([(200, v, OK_BODY), (200, v, OK_BODY)])
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            client.models()
            client.models()
        mismatches = [w for w in caught if issubclass(w.category, ApiVersionWarning)]
        self.assertEqual(len(mismatches), 1)
        self.assertIn("the server speaks 2.0.0, this client was written for " + API_VERSION, str(mismatches[0].message))
        self.assertEqual(client.server_api_version, "2.0.0")

    def test_an_unreachable_server_is_status_0(self):
        client = SnippetLabClient("http://127.0.0.1:9", sleep=lambda s: None, timeout=5)
        with self.assertRaises(SnippetLabError) as caught:
            client.models()
        self.assertEqual((caught.exception.status, caught.exception.code), (0, "UNREACHABLE"))


if __name__ == "__main__":
    unittest.main()
