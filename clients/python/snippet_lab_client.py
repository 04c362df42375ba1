"""A small client for the Snippet Lab compress API, standard library only (urllib, json).

    from snippet_lab_client import SnippetLabClient

    client = SnippetLabClient("http://127.0.0.1:3000", api_key="...")
    out = client.compress("When does the museum open?", [{"id": "a", "text": "..."}], budget=500)
    for r in out["results"]:
        print(r["id"], r["snippet"])

The request and response are the JSON of POST /api/v1/compress as the OpenAPI document (GET /api/v1/openapi.json,
/api-docs) describes them; this module passes them through as dicts. Errors raise SnippetLabError (status, code,
message, details). Only what the API says is safe to retry is retried: 429 with a Retry-After header, and 503.
Every response carries the server's API version (X-Snippet-Lab-API-Version); another major version than API_VERSION
warns (ApiVersionWarning) once per client.

Copy this file next to your notebook, or put clients/python on sys.path. Python 3.8+.
"""

import email.utils
import json
import time
import urllib.error
import urllib.parse
import urllib.request
import warnings
from datetime import datetime, timezone
from typing import Any, Callable, Dict, Iterable, Mapping, Optional, Tuple

__all__ = [
    "API_VERSION",
    "API_VERSION_HEADER",
    "ApiVersionWarning",
    "SnippetLabClient",
    "SnippetLabError",
    "check_api_version",
    "parse_retry_after",
    "retry_delay",
]

# The API version this client was written for: lib/schemas/api-version.ts API_VERSION (a test keeps them equal).
API_VERSION = "1.2.0"
API_VERSION_HEADER = "X-Snippet-Lab-API-Version"

# The fields a result may carry (the API drops others; sending them is wasted bytes).
RESULT_FIELDS = ("id", "url", "title", "summary", "text", "html")


class SnippetLabError(Exception):
    """An error answer of the API ({"error": {code, message, details?}}), or the server could not be reached (status 0)."""

    def __init__(self, status: int, code: str, message: str, details: Any = None, retry_after: Optional[float] = None):
        super().__init__("{} {}: {}".format(status, code, message))
        self.status = status
        self.code = code
        self.message = message
        self.details = details
        #: Seconds the server asked to wait (429), if it said.
        self.retry_after = retry_after

    @classmethod
    def from_response(cls, status: int, body: bytes, retry_after: Optional[float] = None) -> "SnippetLabError":
        """The error of an HTTP answer: the API's JSON error, or (a proxy's page, say) the status and the body's start."""
        try:
            err = json.loads(body.decode("utf-8")).get("error")
            if isinstance(err, dict) and isinstance(err.get("code"), str) and isinstance(err.get("message"), str):
                return cls(status, err["code"], err["message"], err.get("details"), retry_after)
        except (ValueError, AttributeError, UnicodeDecodeError):
            pass
        text = body.decode("utf-8", errors="replace").strip()
        return cls(status, "HTTP_{}".format(status), text[:200] or "(empty body)", None, retry_after)


class ApiVersionWarning(UserWarning):
    """The server speaks another major version of the API than this client was written for."""


def _major(version: str) -> Optional[int]:
    parts = version.strip().split(".")
    if len(parts) < 3 or not parts[0].isdigit() or not parts[1].isdigit():
        return None
    return int(parts[0])


def check_api_version(server: Optional[str], client: str = API_VERSION) -> Optional[str]:
    """None when a client written for `client` can read a server that says `server` (the header); else why not.

    Another major version removes or changes fields; a newer minor version only adds, so it is fine. A server without
    the header predates versioning: said too, since responses may lack fields.
    """
    if not server:
        return "the server sent no {} header (older than API {}?); responses may lack fields".format(API_VERSION_HEADER, client)
    s, c = _major(server), _major(client)
    if s is None:
        return 'the server\'s API version "{}" is not a semantic version'.format(server)
    if s != c:
        advice = "upgrade this client" if c is not None and s > c else "upgrade the server or use an older client"
        return "API major version mismatch: the server speaks {}, this client was written for {}; {} (docs/api-changelog.md lists what changed)".format(
            server, client, advice
        )
    return None


def parse_retry_after(value: Optional[str], now: Optional[datetime] = None) -> Optional[float]:
    """Seconds a Retry-After header asks for: delta-seconds or an HTTP date; None when absent or unreadable."""
    if value is None:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when is None:
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return max(0.0, (when - (now or datetime.now(timezone.utc))).total_seconds())


def retry_delay(
    status: int, retry_after: Optional[float], attempt: int, max_retries: int = 2, backoff: float = 1.0, max_wait: float = 120.0
) -> Optional[float]:
    """Seconds to wait before retrying an answer with `status` (attempt 0 is the first retry), or None: do not retry.

    The API says a request may be retried on 429 when it sends Retry-After (how long), and on 503 (a service it
    needs is unavailable: Retry-After when sent, else exponential backoff). Nothing else is retried: a 4xx will not
    change, and a 500 is a bug to report. A wait longer than `max_wait` is not waited for.
    """
    if attempt >= max_retries:
        return None
    if status == 429:
        delay = retry_after
    elif status == 503:
        delay = retry_after if retry_after is not None else backoff * (2**attempt)
    else:
        return None
    if delay is None or delay > max_wait:
        return None
    return delay


class SnippetLabClient:
    """The compress and models routes of one Snippet Lab server."""

    def __init__(
        self,
        base_url: str,
        api_key: Optional[str] = None,
        timeout: float = 120.0,
        max_retries: int = 2,
        backoff: float = 1.0,
        max_wait: float = 120.0,
        sleep: Callable[[float], None] = time.sleep,
        user_agent: str = "snippet-lab-python/" + API_VERSION,
    ):
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout
        self.max_retries = max_retries
        self.backoff = backoff
        self.max_wait = max_wait
        self._sleep = sleep
        self.user_agent = user_agent
        #: The API version the server last said (None before the first answer, or when it sends none).
        self.server_api_version = None  # type: Optional[str]
        self._version_warned = False

    def compress(
        self,
        query: str,
        results: Iterable[Mapping[str, Any]],
        budget: Optional[int] = None,
        preset: Optional[str] = None,
        threshold: Optional[float] = None,
        method: Optional[str] = None,
        aggregation: Optional[str] = None,
        fragment_size: Optional[int] = None,
        encoding: Optional[str] = None,
        include_tokens: bool = False,
    ) -> Dict[str, Any]:
        """POST /api/v1/compress: the kept spans of `results` for `query`, one token budget over the whole set.

        `results`: dicts with `text` or `html` (exactly one) and optionally `id`, `title`, `url`, `summary`.
        `budget` (downstream tokens) or `preset` ("low", "medium", "high"); `threshold` 0..1; `method` ("model",
        "model:<name>", "bm25", "lead", "embedding", …; GET /api/v1/models lists them). Returns the response dict.
        """
        body = {"query": query, "results": [{k: r[k] for k in RESULT_FIELDS if k in r} for r in results]}  # type: Dict[str, Any]
        optional = {
            "budget": budget,
            "preset": preset,
            "threshold": threshold,
            "method": method,
            "aggregation": aggregation,
            "fragmentSize": fragment_size,
            "encoding": encoding,
        }
        body.update({k: v for k, v in optional.items() if v is not None})
        if include_tokens:
            body["include"] = {"tokens": True}
        return self.request("POST", "/api/v1/compress", body)

    def models(self) -> Dict[str, Any]:
        """GET /api/v1/models: the installed models and the methods compress takes."""
        return self.request("GET", "/api/v1/models")

    def request(self, method: str, path: str, body: Optional[Mapping[str, Any]] = None) -> Dict[str, Any]:
        """One API call, retried as retry_delay says; the JSON answer, or SnippetLabError."""
        data = None if body is None else json.dumps(body, ensure_ascii=False).encode("utf-8")
        attempt = 0
        while True:
            status, headers, payload = self._send(method, path, data)
            self._note_version(headers.get(API_VERSION_HEADER))
            if 200 <= status < 300:
                return json.loads(payload.decode("utf-8")) if payload else {}
            retry_after = parse_retry_after(headers.get("Retry-After"))
            delay = retry_delay(status, retry_after, attempt, self.max_retries, self.backoff, self.max_wait)
            if delay is None:
                raise SnippetLabError.from_response(status, payload, retry_after)
            self._sleep(delay)
            attempt += 1

    def _send(self, method: str, path: str, data: Optional[bytes]) -> Tuple[int, Mapping[str, str], bytes]:
        headers = {"Accept": "application/json", "User-Agent": self.user_agent}
        if data is not None:
            headers["Content-Type"] = "application/json"
        if self.api_key:
            headers["Authorization"] = "Bearer " + self.api_key
        req = urllib.request.Request(self.base_url + path, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as res:
                return res.status, res.headers, res.read()
        except urllib.error.HTTPError as e:
            try:
                return e.code, e.headers, e.read()
            finally:
                e.close()
        except (urllib.error.URLError, OSError) as e:
            reason = getattr(e, "reason", e)
            raise SnippetLabError(0, "UNREACHABLE", "could not reach {}: {}".format(self.base_url, reason)) from e

    def _note_version(self, version: Optional[str]) -> None:
        self.server_api_version = version
        if self._version_warned:
            return
        problem = check_api_version(version)
        if problem is not None:  # another major version, or an older server without the header: said once
            self._version_warned = True
            warnings.warn("Snippet Lab at {}: {}".format(self.base_url, problem), ApiVersionWarning, stacklevel=4)

