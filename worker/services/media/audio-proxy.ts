// The audio proxy: fetches catalog tracks hosted on remote file hosts for VIPs. It is an SSRF
// risk (docs/design.md#48-input-uploads-output), so every address, the first and each redirect, must pass
// checkRemoteAudioUrl: https only, default port, no userinfo, no IP literal, no local names, and a
// host name exactly on the configured allowlist. Only Range/If-Range travel upstream, only a few
// safe headers come back, and the answer is capped in size and time.
import { ApiError, routeError } from "../../lib/errors";

export const REMOTE_AUDIO_URL_MAX_LENGTH = 2048;
export const REMOTE_AUDIO_MAX_REDIRECTS = 3;
/** Time to the final answer's headers, redirects included. */
export const REMOTE_AUDIO_TIMEOUT_MS = 15_000;
/** Time for the whole body once the headers are in (a long track to a slow listener). */
export const REMOTE_AUDIO_BODY_TIMEOUT_MS = 10 * 60_000;
export const REMOTE_AUDIO_MAX_BYTES = 50 * 1024 * 1024;

export const URL_REFUSED_MESSAGE = "This audio address is not allowed";

export type RemoteUrlRefusalReason =
  | "too_long"
  | "bad_characters"
  | "invalid_url"
  | "not_https"
  | "userinfo"
  | "port"
  | "encoded_host"
  | "ip_literal"
  | "local_name"
  | "trailing_dot"
  | "not_allowed";

/** An address the proxy will not fetch. An ApiError, so a route may simply let it through (400). */
export class RemoteUrlRefused extends ApiError {
  constructor(readonly reason: RemoteUrlRefusalReason) {
    super(400, "url_refused", URL_REFUSED_MESSAGE);
    this.name = "RemoteUrlRefused";
  }
}

const upstreamFailed = (message: string) => routeError("upstream_failed", { message });

/** "files.example.com, cdn.example.org" -> exact, lowercase host names. Empty -> refuse all. */
export function parseAllowedHosts(value: string | undefined): Set<string> {
  const hosts = new Set<string>();
  for (const entry of (value ?? "").split(/[\s,]+/)) {
    const host = entry.trim().toLowerCase();
    if (host) hosts.add(host);
  }
  return hosts;
}

/** Names that always mean "this machine" or "the private network", whatever the allowlist says. */
const LOCAL_NAMES = ["localhost", "localdomain", "local", "internal", "intranet", "lan", "home.arpa"];
const isLocalName = (host: string) => LOCAL_NAMES.some((name) => host === name || host.endsWith(`.${name}`));

/**
 * The WHATWG parser rewrites every IPv4 spelling (decimal 2130706433, hex 0x7f000001, octal
 * 0177.0.0.1, short 127.1) to dotted form, and a host whose last label is numeric can only be
 * IPv4; IPv6 keeps its brackets ([::1], [::ffff:7f00:1]).
 */
const isIpLiteral = (host: string) => host.startsWith("[") || /^[\d.]+$/.test(host) || /(^|\.)(\d+|0x[\da-f]*)$/.test(host);

/** Controls, spaces (the parser would silently drop tabs and newlines) and backslashes (read as "/"). */
// eslint-disable-next-line no-control-regex
const BAD_CHARACTERS = /[\u0000-\u0020\u007f-\u009f\\]/;

/**
 * Returns the parsed URL when the proxy may fetch it; throws RemoteUrlRefused otherwise.
 *
 * The allowlist holds exact host names and IP literals are refused in every spelling, so private,
 * loopback, link-local and metadata addresses (10/8, 172.16/12, 192.168/16, 127/8, 169.254/16 with
 * 169.254.169.254, 100.64/10, fc00::/7, fe80::/10, ::1, IPv4-mapped IPv6) can never be reached by
 * address. Whatever a listed name resolves to is the operator's choice of host.
 */
export function checkRemoteAudioUrl(raw: string, allowed: Set<string>): URL {
  if (raw.length > REMOTE_AUDIO_URL_MAX_LENGTH) throw new RemoteUrlRefused("too_long");
  if (BAD_CHARACTERS.test(raw)) throw new RemoteUrlRefused("bad_characters");
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RemoteUrlRefused("invalid_url");
  }
  if (url.protocol !== "https:") throw new RemoteUrlRefused("not_https");
  if (url.username !== "" || url.password !== "") throw new RemoteUrlRefused("userinfo");
  // The parser drops ":443" on https, so any port left is another one.
  if (url.port !== "") throw new RemoteUrlRefused("port");
  // The authority as written: a percent-encoded host ("%66iles.example.com", "files.example.com%2e")
  // decodes to something else than what a reviewer reads, so it is refused outright.
  const authority = /^https:\/\/([^/?#]*)/i.exec(raw)?.[1];
  if (authority === undefined) throw new RemoteUrlRefused("invalid_url"); // "https:host", "https:/host"
  if (authority.includes("@")) throw new RemoteUrlRefused("userinfo"); // an empty one: "https://@host"
  if (authority.includes("%")) throw new RemoteUrlRefused("encoded_host");
  const host = url.hostname.toLowerCase();
  if (isIpLiteral(host)) throw new RemoteUrlRefused("ip_literal");
  if (host.endsWith(".")) throw new RemoteUrlRefused("trailing_dot");
  if (isLocalName(host)) throw new RemoteUrlRefused("local_name");
  if (!allowed.has(host)) throw new RemoteUrlRefused("not_allowed");
  return url;
}

export type FetchRemoteAudioOptions = {
  range?: string;
  ifRange?: string;
  allowed: Set<string>;
  fetch?: typeof fetch;
  /** Time to the final answer's headers, redirects included (default 15 s). */
  timeoutMs?: number;
  /** Time for the body after the headers (default 10 min). */
  bodyTimeoutMs?: number;
  maxBytes?: number;
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const PASSED_HEADERS = ["content-length", "content-range", "accept-ranges", "etag", "last-modified"] as const;
// A Range the upstream is asked for: bytes only, digits, commas, dashes and spaces, short.
const RANGE = /^bytes=[\d\s,-]{1,200}$/i;
// An If-Range: an entity tag or an HTTP date; printable ASCII, short.
const IF_RANGE = /^[\x20-\x7e]{1,200}$/;

/** audio/* (the bare media type, lowercase) or null. */
function audioType(contentType: string | null): string | null {
  const essence = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  return /^audio\/[a-z\d][a-z\d!#$&^_.+-]{0,126}$/.test(essence) ? essence : null;
}

/**
 * Fetches an allowlisted remote audio file. Redirects are followed by hand (at most 3), each
 * Location checked like the first address. Answers 200/206 (audio/* only) or 416 with only safe
 * headers; throws ApiError 400 url_refused for a refused first address and 502 upstream_failed
 * for everything the remote host gets wrong (errors, refused redirects, not audio, too large, slow).
 */
export async function fetchRemoteAudio(url: URL, opts: FetchRemoteAudioOptions): Promise<Response> {
  const doFetch = opts.fetch ?? fetch;
  const maxBytes = opts.maxBytes ?? REMOTE_AUDIO_MAX_BYTES;
  let current = checkRemoteAudioUrl(url.href, opts.allowed);

  // Only these two client headers ever go upstream: no cookies, no auth, nothing else.
  const headers = new Headers();
  if (opts.range && RANGE.test(opts.range)) {
    headers.set("range", opts.range);
    if (opts.ifRange && IF_RANGE.test(opts.ifRange)) headers.set("if-range", opts.ifRange);
  }

  const abort = new AbortController();
  let timer = setTimeout(() => abort.abort(new DOMException("timed out", "TimeoutError")), opts.timeoutMs ?? REMOTE_AUDIO_TIMEOUT_MS);
  const fail = (message: string) => {
    clearTimeout(timer);
    abort.abort();
    return upstreamFailed(message);
  };

  let upstream: Response;
  for (let redirects = 0; ; redirects++) {
    try {
      upstream = await doFetch(current.href, { method: "GET", headers, redirect: "manual", signal: abort.signal });
    } catch {
      throw fail(abort.signal.aborted ? "The audio host took too long to answer" : "The audio host could not be reached");
    }
    if (!REDIRECTS.has(upstream.status)) break;
    await upstream.body?.cancel();
    if (redirects >= REMOTE_AUDIO_MAX_REDIRECTS) throw fail("The audio host redirected too many times");
    const location = upstream.headers.get("location");
    if (!location || BAD_CHARACTERS.test(location)) throw fail("The audio host sent a bad redirect");
    let next: URL;
    try {
      next = checkRemoteAudioUrl(new URL(location, current).href, opts.allowed);
    } catch {
      throw fail("The audio host redirected to an address that is not allowed");
    }
    current = next;
  }

  const out = new Headers({ "X-Content-Type-Options": "nosniff", "Cache-Control": "private, max-age=300" });
  if (upstream.status === 416) {
    await upstream.body?.cancel();
    clearTimeout(timer);
    const contentRange = upstream.headers.get("content-range");
    if (contentRange) out.set("Content-Range", contentRange);
    return new Response(null, { status: 416, headers: out });
  }
  if (upstream.status !== 200 && upstream.status !== 206) {
    await upstream.body?.cancel();
    throw fail(`The audio host answered ${upstream.status}`);
  }
  const type = audioType(upstream.headers.get("content-type"));
  if (!type) {
    await upstream.body?.cancel();
    throw fail("The remote file is not audio");
  }
  const declared = upstream.headers.get("content-length");
  if (declared !== null && !(/^\d+$/.test(declared) && Number(declared) <= maxBytes)) {
    await upstream.body?.cancel();
    throw fail("The remote file is too large");
  }
  out.set("Content-Type", type);
  for (const name of PASSED_HEADERS) {
    const value = upstream.headers.get(name);
    if (value !== null) out.set(name, value);
  }
  // The runtime decodes a compressed body: its Content-Length would no longer be true.
  const encoding = upstream.headers.get("content-encoding");
  if (encoding && encoding.trim().toLowerCase() !== "identity") out.delete("content-length");

  // Headers are in: the body gets its own, longer, time cap.
  clearTimeout(timer);
  if (!upstream.body) return new Response(null, { status: upstream.status, headers: out });
  let seen = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    start(controller) {
      timer = setTimeout(() => {
        abort.abort(new DOMException("timed out", "TimeoutError"));
        controller.error(new Error("the remote audio took too long"));
      }, opts.bodyTimeoutMs ?? REMOTE_AUDIO_BODY_TIMEOUT_MS);
    },
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > maxBytes) {
        clearTimeout(timer);
        abort.abort();
        controller.error(new Error("the remote audio is larger than the cap"));
        return;
      }
      controller.enqueue(chunk);
    },
    flush() {
      clearTimeout(timer);
    },
  });
  return new Response(upstream.body.pipeThrough(counter), { status: upstream.status, headers: out });
}
