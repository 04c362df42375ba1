// Hand-written developer-docs page: top bar, sidebar table of contents, version banner, prose and code (the answer),
// a feedback widget, "next/previous" links and a footer.
export const EN_DOCS_FETCH_TIMEOUT_HTML = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Cancelling requests and timeouts – Fetch guide – DevNotes Docs</title>
</head>
<body>
  <header>
    <a href="/">DevNotes Docs</a>
    <a href="/guides">Guides</a> <a href="/reference">Reference</a> <a href="/blog">Blog</a>
    <a href="https://github.example.com/devnotes">GitHub</a> <span>⌘K Search</span>
  </header>
  <div class="version-banner" role="note">
    <p>You are reading the docs for v3. <a href="/v4">v4 is now available.</a></p>
  </div>
  <nav class="sidebar-nav" aria-label="Guide">
    <p>Fetch guide</p>
    <ul>
      <li><a href="/fetch/basics">Basics</a></li>
      <li><a href="/fetch/json">Working with JSON</a></li>
      <li><a href="/fetch/errors">Error handling</a></li>
      <li><a href="/fetch/timeouts" aria-current="page">Cancelling requests and timeouts</a></li>
      <li><a href="/fetch/streams">Streaming responses</a></li>
    </ul>
  </nav>
  <main>
    <article>
      <h1>Cancelling requests and timeouts</h1>
      <p>fetch() has no timeout option of its own. A request waits until the server answers or the network gives up,
        which can take minutes. To stop waiting, pass an AbortSignal in the request options.</p>
      <h2>Timeout with AbortSignal.timeout()</h2>
      <p>The simplest way to add a timeout is AbortSignal.timeout(ms), which returns a signal that aborts automatically
        after the given number of milliseconds:</p>
      <pre><code>try {
  const res = await fetch("/api/report", { signal: AbortSignal.timeout(5000) });
  console.log(await res.json());
} catch (err) {
  if (err.name === "TimeoutError") console.error("Gave up after 5 seconds");
  else throw err;
}</code></pre>
      <p>When the time runs out, fetch() rejects with a DOMException named "TimeoutError". If the user cancels through
        an AbortController instead, the error is named "AbortError".</p>
      <h2>Combining a timeout with a cancel button</h2>
      <p>Use AbortSignal.any() to abort on whichever happens first:</p>
      <pre><code>const controller = new AbortController();
cancelButton.onclick = () =&gt; controller.abort();
const signal = AbortSignal.any([controller.signal, AbortSignal.timeout(10_000)]);
await fetch(url, { signal });</code></pre>
      <p class="note">Note: the timeout covers the whole request, including reading the body with res.json().</p>
    </article>
    <div class="feedback">
      <p>Was this page helpful?</p> <button>Yes</button> <button>No</button>
      <p><a href="https://github.example.com/devnotes/edit/main/fetch/timeouts.md">Edit this page on GitHub</a></p>
    </div>
    <div class="pagination">
      <a href="/fetch/errors">← Error handling</a> <a href="/fetch/streams">Streaming responses →</a>
    </div>
  </main>
  <footer>
    <p>Docs licensed under CC BY 4.0. Code samples are public domain.</p>
    <p>© 2025 DevNotes contributors · <a href="/privacy">Privacy</a> · Status: All systems operational</p>
  </footer>
</body>
</html>`;
