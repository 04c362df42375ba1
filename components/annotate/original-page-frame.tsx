"use client";

import { useMemo } from "react";
import { injectCsp } from "./inject-csp";

/**
 * The stored original HTML, rendered inert: sandbox="" (no scripts, no same-origin, no forms, no top navigation)
 * plus a CSP meta that blocks every network load, and no referrer.
 */
export function OriginalPageFrame({ html, title }: { html: string; title: string }) {
  const srcDoc = useMemo(() => injectCsp(html), [html]);
  return (
    <iframe
      sandbox=""
      srcDoc={srcDoc}
      referrerPolicy="no-referrer"
      title={`Original page: ${title}`}
      data-testid="original-frame"
      className="h-[70vh] w-full rounded-md border border-slate-200 bg-white"
    />
  );
}
