"""examples/sweep_thresholds.py: threshold and budget specs, JSONL records, CSV rows and the CSV file."""

import csv
import io
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(HERE, ".."), os.path.join(HERE, "..", "examples")]

from snippet_lab_client import SnippetLabError  # noqa: E402
from sweep_thresholds import CSV_COLUMNS, error_row, parse_budgets, parse_thresholds, read_records, row_from_response, write_csv  # noqa: E402

RESPONSE = {
    "model": "model:tiny",
    "tokensIn": 200,
    "tokensOut": 50,
    "reason": "",
    "timings": {"totalMs": 12.5},
    "results": [
        {"id": "a", "spans": [{"start": 0, "end": 5, "text": "Hello"}, {"start": 9, "end": 12, "text": "Zoë"}]},
        {"id": "b", "spans": []},
    ],
}


class SpecTest(unittest.TestCase):
    def test_threshold_ranges_include_the_stop_without_float_noise(self):
        self.assertEqual(parse_thresholds("0.1:0.9:0.1"), [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9])
        self.assertEqual(parse_thresholds("0.9, 0.1,0.5,0.1"), [0.1, 0.5, 0.9])

    def test_bad_thresholds(self):
        for spec in ("0.1:0.9", "0.5:0.1:0.1", "0:1:0", "1.5", "", "a,b"):
            with self.assertRaises(ValueError, msg=spec):
                parse_thresholds(spec)

    def test_budgets(self):
        self.assertEqual(parse_budgets("4000,250, 1000,250"), [250, 1000, 4000])
        for spec in ("0,100", "", "1.5"):
            with self.assertRaises(ValueError, msg=spec):
                parse_budgets(spec)


class RecordsTest(unittest.TestCase):
    def test_ids_default_to_the_line_number_and_blank_lines_are_skipped(self):
        lines = ['{"id": "q1", "query": "a", "results": [{"text": "x"}]}', "", '{"query": "b", "results": []}']
        self.assertEqual([r["id"] for r in read_records(lines)], ["q1", "line3"])

    def test_a_bad_line_names_its_number(self):
        with self.assertRaisesRegex(ValueError, "line 2"):
            list(read_records(['{"query": "a", "results": []}', "{not json"]))
        with self.assertRaisesRegex(ValueError, "line 1: expected"):
            list(read_records(['{"query": "a"}']))


class RowsTest(unittest.TestCase):
    def test_a_row_counts_tokens_characters_and_spans(self):
        row = row_from_response("q1", "a query", 0.3, 500, RESPONSE)
        self.assertEqual(set(row), set(CSV_COLUMNS))
        self.assertEqual(
            {k: row[k] for k in ("method", "threshold", "budget", "results", "tokens_in", "tokens_out", "kept_ratio", "kept_chars", "spans", "results_kept")},
            {
                "method": "model:tiny",
                "threshold": 0.3,
                "budget": 500,
                "results": 2,
                "tokens_in": 200,
                "tokens_out": 50,
                "kept_ratio": 0.25,
                "kept_chars": 8,
                "spans": 2,
                "results_kept": 1,
            },
        )
        self.assertEqual(row["total_ms"], 12.5)
        self.assertEqual(row_from_response("q", "q", 0.1, 10, {"tokensIn": 0, "tokensOut": 0})["kept_ratio"], 0.0)

    def test_the_csv_has_the_header_and_one_line_per_row_and_round_trips(self):
        out = io.StringIO()
        rows = [row_from_response("q1", 'a "quoted", query', t, 500, RESPONSE) for t in (0.1, 0.2)]
        rows.append(error_row("q2", "b", 0.1, 500, SnippetLabError(400, "BAD_REQUEST", "results: empty")))
        self.assertEqual(write_csv(rows, out), 3)
        text = out.getvalue()
        self.assertEqual(text.splitlines()[0], ",".join(CSV_COLUMNS))
        back = list(csv.DictReader(io.StringIO(text)))
        self.assertEqual([r["threshold"] for r in back], ["0.1", "0.2", "0.1"])
        self.assertEqual(back[0]["query"], 'a "quoted", query')
        self.assertEqual(back[0]["kept_chars"], "8")
        self.assertEqual(back[2]["error"], "400 BAD_REQUEST: results: empty")
        self.assertEqual(back[2]["tokens_out"], "")


if __name__ == "__main__":
    unittest.main()
