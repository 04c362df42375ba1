import "server-only";
import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import { AppError, isAppError } from "../../errors";
import { checkAddress, classifyAddress } from "../../net/classify-address";
import { formatBytes, MiB } from "../../schemas/limits";
import { getEnv } from "../env";
import { decodePageBody, pageKindOf, type PageKind } from "./decode-page-body";
import { parseContentType } from "../../text-decoding/charset";

export const FETCH_DEFAULTS = { timeoutMs: 10_000, maxBytes: 5 * MiB, maxRedirects: 5 } as const;

export type ResolvedAddress = { address: string; family: 4 | 6 };

export type FetchPageOptions = {
  url: string;
  /** Whole fetch, redirects and body included (default 10 s). */
  timeoutMs?: number;
  /** Body bytes after decompression (default 5 MB). */
  maxBytes?: number;
  maxRedirects?: number;
  /** Default: SNIPPET_LAB_FETCH_ALLOW_PRIVATE === "1" (loopback, private, CGNAT, ULA; never link-local). */
  allowPrivate?: boolean;
  /** Exact addresses allowed although not public (tests). */
  allowedAddresses?: readonly string[];
  /** DNS resolution (tests inject one); default dns.lookup with all addresses. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
};

export type FetchedPage = {
  /** Final URL after redirects. */
  url: string;
  kind: PageKind;
  /** Decoded body: HTML for kind "html", plain text for "text". */
  content: string;
  charset: string;
  bytes: number;
  /** The address the last request connected to. */
  address: string;
};

type Reason = "url" | "scheme" | "blocked-address" | "dns" | "redirects" | "http-status" | "timeout" | "too-large" | "network";

const fail = (code: "BAD_REQUEST" | "UNPROCESSABLE", reason: Reason, message: string, extra: object = {}) =>
  new AppError(code, message, { reason, ...extra });

async function defaultResolve(hostname: string): Promise<ResolvedAddress[]> {
  const all = await dnsLookup(hostname, { all: true, verbatim: true });
  return all.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

function parseHttpUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = base ? new URL(raw, base) : new URL(raw);
  } catch {
    throw fail("BAD_REQUEST", "url", `${JSON.stringify(raw.slice(0, 200))} is not a valid URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw fail("BAD_REQUEST", "scheme", `only http and https URLs can be fetched (got ${url.protocol.replace(/:$/, "")})`);
  }
  if (url.username || url.password) throw fail("BAD_REQUEST", "url", "URLs with credentials are not fetched");
  return url;
}

/** Resolves the host and refuses it unless EVERY address is allowed (a mixed answer is how rebinding starts). */
async function resolveAllowed(url: URL, opts: Required<Pick<FetchPageOptions, "resolve">> & FetchPageOptions): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const literal = classifyAddress(host);
  let addresses: ResolvedAddress[];
  if (literal.kind !== "invalid") addresses = [{ address: host, family: literal.family === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await opts.resolve(host);
    } catch (e) {
      throw fail("UNPROCESSABLE", "dns", `cannot resolve ${host}: ${(e as Error).message}`);
    }
    if (addresses.length === 0) throw fail("UNPROCESSABLE", "dns", `${host} has no addresses`);
  }
  for (const a of addresses) {
    const check = checkAddress(a.address, { allowPrivate: opts.allowPrivate, allowedAddresses: opts.allowedAddresses });
    if (!check.ok)
      throw fail("BAD_REQUEST", "blocked-address", `refusing to fetch ${url.origin}: ${check.reason}`, { address: a.address, kind: check.kind });
  }
  return addresses[0]!;
}

/** One request whose connection goes to `pinned` whatever DNS says by then (the `lookup` hook). */
function requestOnce(url: URL, pinned: ResolvedAddress, signal: AbortSignal): Promise<http.IncomingMessage> {
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[(.*)\]$/, "$1"),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: "GET",
        // No pooled sockets: each hop connects to the address it just checked.
        agent: false,
        lookup,
        signal,
        headers: {
          "user-agent": "SnippetLab/0.1 (+page import)",
          accept: "text/html,application/xhtml+xml,text/plain;q=0.9",
          "accept-encoding": "gzip, deflate, br",
        },
      },
      resolve,
    );
    req.on("error", reject);
    req.end();
  });
}

function decompress(res: http.IncomingMessage): Readable {
  const enc = (res.headers["content-encoding"] ?? "identity").toLowerCase().trim();
  if (enc === "gzip" || enc === "x-gzip") return res.pipe(zlib.createGunzip());
  if (enc === "deflate") return res.pipe(zlib.createInflate());
  if (enc === "br") return res.pipe(zlib.createBrotliDecompress());
  return res;
}

/** Reads at most maxBytes (counted after decompression, so a zip bomb stops early). */
async function readCapped(res: http.IncomingMessage, maxBytes: number, url: string): Promise<Uint8Array> {
  const tooLarge = () => fail("UNPROCESSABLE", "too-large", `${url} is larger than ${formatBytes(maxBytes)}`, { maxBytes });
  const declared = Number(res.headers["content-length"]);
  if (!res.headers["content-encoding"] && Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    throw tooLarge();
  }
  const body = decompress(res);
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of body) {
      total += (chunk as Buffer).byteLength;
      if (total > maxBytes) throw tooLarge();
      chunks.push(chunk as Buffer);
    }
  } finally {
    if (total > maxBytes) {
      body.destroy();
      res.destroy();
    }
  }
  return Buffer.concat(chunks, total);
}

function untilAborted<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error("aborted"));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error("aborted"));
    signal.addEventListener("abort", onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/**
 * Fetches a web page server-side for import, defending against SSRF: http/https only; every hop's host is resolved
 * and refused when any address is loopback/private/link-local/CGNAT/ULA/multicast/unspecified (allowPrivate opens
 * the intranet kinds); the connection is pinned to the checked address (`lookup`) so DNS rebinding cannot swap it;
 * at most `maxRedirects` redirects, each re-checked; one deadline for everything; the body is capped while it streams.
 * Only text/html, application/xhtml+xml and text/plain are accepted. Errors are AppError with details.reason.
 */
export async function fetchPage(options: FetchPageOptions): Promise<FetchedPage> {
  const opts = {
    ...options,
    timeoutMs: options.timeoutMs ?? FETCH_DEFAULTS.timeoutMs,
    maxBytes: options.maxBytes ?? FETCH_DEFAULTS.maxBytes,
    maxRedirects: options.maxRedirects ?? FETCH_DEFAULTS.maxRedirects,
    allowPrivate: options.allowPrivate ?? getEnv().fetchAllowPrivate,
    resolve: options.resolve ?? defaultResolve,
  };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs);
  let url = parseHttpUrl(opts.url);
  try {
    for (let hop = 0; ; hop++) {
      // DNS lookups cannot be cancelled: race them against the deadline instead.
      const pinned = await untilAborted(resolveAllowed(url, opts), controller.signal);
      const res = await requestOnce(url, pinned, controller.signal);
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (status >= 300 && status < 400 && location) {
        res.destroy();
        if (hop >= opts.maxRedirects) {
          throw fail("UNPROCESSABLE", "redirects", `${opts.url} redirects more than ${opts.maxRedirects} times`);
        }
        url = parseHttpUrl(location, url);
        continue;
      }
      if (status < 200 || status >= 300) {
        res.destroy();
        throw fail("UNPROCESSABLE", "http-status", `${url.href} answered HTTP ${status}`, { status });
      }
      const { mediaType, charset } = parseContentType(res.headers["content-type"]);
      let kind: PageKind;
      try {
        kind = pageKindOf(mediaType, url.href);
      } catch (e) {
        res.destroy();
        throw e;
      }
      const bytes = await readCapped(res, opts.maxBytes, url.href);
      const decoded = decodePageBody(bytes, { kind, url: url.href, ...(charset ? { charset } : {}) });
      return { url: url.href, kind, content: decoded.text, charset: decoded.charset, bytes: bytes.byteLength, address: pinned.address };
    }
  } catch (e) {
    if (isAppError(e)) throw e;
    if (controller.signal.aborted) {
      throw fail("UNPROCESSABLE", "timeout", `fetching ${opts.url} took longer than ${opts.timeoutMs / 1000} s`, { timeoutMs: opts.timeoutMs });
    }
    throw fail("UNPROCESSABLE", "network", `cannot fetch ${url.href}: ${(e as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}
