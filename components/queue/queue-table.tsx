"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { StatusBadge } from "@/components/ui/status-badge";
import { Table, TableHead, TableBody, Th, Td } from "@/components/ui/table";

export type QueueRow = {
  id: string;
  query: string;
  dataset: string;
  status: string;
  /** The gold decision "nothing here is vital". */
  goldNoVital?: boolean;
  documentCount: number;
  annotators: { email: string; status: string }[];
  score: number | null;
  updatedAt: string;
  /** Workspace link carrying the queue filters and this row's cursor. */
  href: string;
};

type Props = {
  rows: QueueRow[];
  scoreLabel: string;
  /** /pairs/next?<filters>&todo=1: the next pair that still needs work. */
  nextHref: string;
};

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  return el.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName);
}

/** The queue table with keyboard navigation: j/k move the highlight, Enter opens it, n opens the next pair to do. */
export function QueueTable({ rows, scoreLabel, nextHref }: Props) {
  const router = useRouter();
  const [active, setActive] = useState(rows.length > 0 ? 0 : -1);
  const body = useRef<HTMLTableSectionElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return;
      if (e.key === "j" || e.key === "ArrowDown") {
        if (rows.length === 0) return;
        e.preventDefault();
        setActive((i) => Math.min(rows.length - 1, i + 1));
      } else if (e.key === "k" || e.key === "ArrowUp") {
        if (rows.length === 0) return;
        e.preventDefault();
        setActive((i) => Math.max(0, i - 1));
      } else if (e.key === "Enter") {
        const row = rows[active];
        // Enter on a focused link already navigates; only handle it for the highlighted row otherwise.
        if (!row || (e.target as HTMLElement | null)?.tagName === "A") return;
        e.preventDefault();
        router.push(row.href);
      } else if (e.key === "n") {
        e.preventDefault();
        router.push(nextHref);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [rows, active, nextHref, router]);

  useEffect(() => {
    body.current?.querySelector<HTMLElement>(`[data-row-index="${active}"]`)?.scrollIntoView({ block: "nearest" });
  }, [active]);

  return (
    <Table
      data-testid="queue-table"
      aria-describedby="queue-keys"
      footer={
        <p id="queue-keys" className="border-t border-slate-100 px-3 py-2 text-xs text-slate-500">
          Keys: <kbd className="font-mono">j</kbd>/<kbd className="font-mono">k</kbd> move, <kbd className="font-mono">Enter</kbd> opens,{" "}
          <kbd className="font-mono">n</kbd> opens the next pair to work on.
        </p>
      }
    >
      <TableHead>
        <Th>Query</Th>
        <Th>Dataset</Th>
        <Th>Status</Th>
        <Th>Annotators</Th>
        <Th align="right">{scoreLabel}</Th>
        <Th>Updated (UTC)</Th>
      </TableHead>
      <TableBody ref={body}>
        {rows.length === 0 && (
          <tr>
            <td colSpan={6} className="px-3 py-6 text-center text-slate-500" data-testid="queue-empty">
              No pairs match these filters.
            </td>
          </tr>
        )}
        {rows.map((r, i) => (
          <tr
            key={r.id}
            data-testid="queue-row"
            data-pair-id={r.id}
            data-row-index={i}
            aria-selected={i === active}
            onClick={() => setActive(i)}
            className={i === active ? "bg-blue-50 outline outline-2 -outline-offset-2 outline-blue-600" : "hover:bg-slate-50"}
          >
            <Td className="max-w-md">
              <Link href={r.href} className="font-medium text-blue-800 hover:underline" data-testid="queue-row-link">
                {r.query}
              </Link>
              <span className="ml-2 text-xs text-slate-500">
                {r.documentCount} doc{r.documentCount === 1 ? "" : "s"}
              </span>
            </Td>
            <Td className="text-slate-700">{r.dataset}</Td>
            <Td>
              <StatusBadge status={r.status} />
              {r.goldNoVital && (
                <span className="ml-1 text-xs text-amber-900" title="Gold: nothing here is vital (zero vital spans)" data-testid="queue-no-vital">
                  nothing vital
                </span>
              )}
            </Td>
            <Td className="text-xs text-slate-700">
              {r.annotators.length === 0
                ? "—"
                : r.annotators.map((a) => (
                    <div key={a.email}>
                      {a.email} <span className="text-slate-500">({a.status.replace("_", " ")})</span>
                    </div>
                  ))}
            </Td>
            <Td align="right">{r.score === null ? "—" : r.score.toFixed(3)}</Td>
            <Td className="tabular-nums text-slate-600">{r.updatedAt.slice(0, 16).replace("T", " ")}</Td>
          </tr>
        ))}
      </TableBody>
    </Table>
  );
}
