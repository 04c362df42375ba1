#!/usr/bin/env python3
"""Sweep compress thresholds and budgets over a JSONL file of queries and write one CSV row per request.

    python3 clients/python/examples/sweep_thresholds.py --base-url http://127.0.0.1:3000 --api-key KEY \\
        --input queries.jsonl --out sweep.csv --thresholds 0.1:0.9:0.1 --budgets 250,1000,4000

Each input line is one query and its retrieved results:

    {"id": "q1", "query": "When does the museum open?", "results": [{"text": "...", "title": "...", "url": "..."}]}

(`id` optional: the line number otherwise; each result needs `text` or `html`). The CSV has one row per query,
threshold and budget (CSV_COLUMNS), ready for a notebook:

    import pandas as pd
    df = pd.read_csv("sweep.csv")
    df.groupby(["threshold", "budget"])["kept_ratio"].mean().unstack().plot()

Standard library only; the API key may also come from SNIPPET_LAB_API_KEY.
"""

import argparse
import csv
import json
import os
import sys
from typing import Any, Dict, Iterable, Iterator, List, Mapping, Optional, TextIO

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from snippet_lab_client import SnippetLabClient, SnippetLabError  # noqa: E402

CSV_COLUMNS = [
    "query_id",
    "query",
    "method",
    "threshold",
    "budget",
    "results",
    "tokens_in",
    "tokens_out",
    "kept_ratio",
    "kept_chars",
    "spans",
    "results_kept",
    "reason",
    "total_ms",
    "error",
]


def parse_thresholds(spec: str) -> List[float]:
    """ "0.1,0.5,0.9" or "start:stop:step" (stop included) → thresholds in 0..1, rounded to 6 places, sorted, unique."""
    spec = spec.strip()
    if ":" in spec:
        parts = spec.split(":")
        if len(parts) != 3:
            raise ValueError("a threshold range is start:stop:step, got {!r}".format(spec))
        start, stop, step = (float(p) for p in parts)
        if step <= 0:
            raise ValueError("the threshold step must be positive, got {}".format(step))
        n = int(round((stop - start) / step))
        if n < 0:
            raise ValueError("the threshold range {!r} is empty".format(spec))
        values = [start + i * step for i in range(n + 1)]
    else:
        values = [float(p) for p in spec.split(",") if p.strip()]
    values = sorted({round(v, 6) for v in values})
    if not values or any(v < 0 or v > 1 for v in values):
        raise ValueError("thresholds must lie in 0..1, got {!r}".format(spec))
    return values


def parse_budgets(spec: str) -> List[int]:
    """ "250,1000,4000" → budgets (downstream tokens, at least 1), sorted, unique."""
    values = sorted({int(p) for p in spec.split(",") if p.strip()})
    if not values or values[0] < 1:
        raise ValueError("budgets are positive integers, got {!r}".format(spec))
    return values


def read_records(lines: Iterable[str]) -> Iterator[Dict[str, Any]]:
    """The JSONL records with an id each (the record's `id`, else "line<N>"); blank lines skipped."""
    for n, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError as e:
            raise ValueError("line {}: not JSON ({})".format(n, e)) from e
        if not isinstance(record, dict) or not isinstance(record.get("query"), str) or not isinstance(record.get("results"), list):
            raise ValueError("line {}: expected {{query, results: [...]}}".format(n))
        rid = record.get("id")
        yield {"id": str(rid) if rid is not None else "line{}".format(n), "query": record["query"], "results": record["results"]}


def row_from_response(query_id: str, query: str, threshold: float, budget: int, response: Mapping[str, Any]) -> Dict[str, Any]:
    """One CSV row of a compress response: tokens in and out, what share was kept, characters and spans kept."""
    results = response.get("results", [])
    spans = [s for r in results for s in r.get("spans", [])]
    tokens_in = int(response.get("tokensIn", 0))
    tokens_out = int(response.get("tokensOut", 0))
    return {
        "query_id": query_id,
        "query": query,
        "method": response.get("model", ""),
        "threshold": threshold,
        "budget": budget,
        "results": len(results),
        "tokens_in": tokens_in,
        "tokens_out": tokens_out,
        "kept_ratio": round(tokens_out / tokens_in, 6) if tokens_in else 0.0,
        # Characters as Python counts them (code points) of the verbatim spans.
        "kept_chars": sum(len(s.get("text", "")) for s in spans),
        "spans": len(spans),
        "results_kept": sum(1 for r in results if r.get("spans")),
        "reason": response.get("reason", ""),
        "total_ms": response.get("timings", {}).get("totalMs", ""),
        "error": "",
    }


def error_row(query_id: str, query: str, threshold: float, budget: int, error: SnippetLabError) -> Dict[str, Any]:
    """The row of a request that failed (--keep-going): the error instead of the numbers."""
    row = {c: "" for c in CSV_COLUMNS}
    row.update({"query_id": query_id, "query": query, "threshold": threshold, "budget": budget})
    row["error"] = "{} {}: {}".format(error.status, error.code, error.message)
    return row


def write_csv(rows: Iterable[Mapping[str, Any]], out: TextIO) -> int:
    """Writes the header and `rows` (CSV_COLUMNS, in that order); returns how many rows."""
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    n = 0
    for row in rows:
        writer.writerow(row)
        n += 1
    return n


def sweep(
    client: SnippetLabClient,
    records: Iterable[Mapping[str, Any]],
    thresholds: List[float],
    budgets: List[int],
    method: Optional[str] = None,
    encoding: Optional[str] = None,
    keep_going: bool = False,
    log: Optional[TextIO] = None,
) -> Iterator[Dict[str, Any]]:
    """One compress request per record, budget and threshold; the CSV rows as they come."""
    for record in records:
        for budget in budgets:
            for threshold in thresholds:
                try:
                    response = client.compress(
                        record["query"], record["results"], budget=budget, threshold=threshold, method=method, encoding=encoding
                    )
                except SnippetLabError as e:
                    if not keep_going:
                        raise
                    if log:
                        print("{} threshold {} budget {}: {}".format(record["id"], threshold, budget, e), file=log)
                    yield error_row(record["id"], record["query"], threshold, budget, e)
                    continue
                yield row_from_response(record["id"], record["query"], threshold, budget, response)
        if log:
            print("{}: {} thresholds x {} budgets done".format(record["id"], len(thresholds), len(budgets)), file=log)


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description="Sweep Snippet Lab compress thresholds and budgets over a JSONL file; write a CSV.")
    parser.add_argument("--base-url", required=True, help="the server, e.g. http://127.0.0.1:3000")
    parser.add_argument("--api-key", default=os.environ.get("SNIPPET_LAB_API_KEY"), help="bearer key (default: $SNIPPET_LAB_API_KEY)")
    parser.add_argument("--input", required=True, help="JSONL: one {id?, query, results: [{text|html, title?, url?}]} per line")
    parser.add_argument("--out", required=True, help="the CSV to write ('-': standard output)")
    parser.add_argument("--thresholds", default="0.1:0.9:0.1", help='"0.1,0.5,0.9" or start:stop:step (default 0.1:0.9:0.1)')
    parser.add_argument("--budgets", default="250,1000,4000", help="downstream-token budgets, comma-separated (default 250,1000,4000)")
    parser.add_argument("--method", default=None, help="model (default), model:<name>, bm25, lead, embedding, ...")
    parser.add_argument("--encoding", default=None, help="downstream tokenizer (default: the server's)")
    parser.add_argument("--keep-going", action="store_true", help="write failed requests as rows with an error instead of stopping")
    parser.add_argument("--quiet", action="store_true", help="no progress on standard error")
    args = parser.parse_args(argv)

    try:
        thresholds = parse_thresholds(args.thresholds)
        budgets = parse_budgets(args.budgets)
        with open(args.input, encoding="utf-8") as f:
            records = list(read_records(f))
    except (OSError, ValueError) as e:
        print("sweep_thresholds: {}".format(e), file=sys.stderr)
        return 2

    client = SnippetLabClient(args.base_url, api_key=args.api_key)
    log = None if args.quiet else sys.stderr
    rows = sweep(client, records, thresholds, budgets, method=args.method, encoding=args.encoding, keep_going=args.keep_going, log=log)
    try:
        if args.out == "-":
            n = write_csv(rows, sys.stdout)
        else:
            # Written beside its name and renamed when complete: a failed sweep leaves no half CSV behind.
            partial = args.out + ".partial"
            try:
                with open(partial, "w", encoding="utf-8", newline="") as out:
                    n = write_csv(rows, out)
                os.replace(partial, args.out)
            finally:
                if os.path.exists(partial):
                    os.remove(partial)
    except SnippetLabError as e:
        print("sweep_thresholds: {}".format(e), file=sys.stderr)
        return 1
    if log:
        print("wrote {} rows to {} (server API {})".format(n, args.out, client.server_api_version or "unknown"), file=log)
    return 0


if __name__ == "__main__":
    sys.exit(main())
