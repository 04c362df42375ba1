const CLOSED = new Set(["EPIPE", "ERR_STREAM_DESTROYED"]);

/**
 * `snippet-lab … | head`: once the reader closes the pipe, output goes nowhere and the command runs on, so the files
 * it writes are still written and its exit code is its own. Other stream errors stay fatal.
 */
export function ignoreClosedStdout(stream: { on(event: "error", listener: (e: NodeJS.ErrnoException) => void): unknown }): void {
  stream.on("error", (e: NodeJS.ErrnoException) => {
    if (!CLOSED.has(e.code ?? "")) throw e;
  });
}
