// Serves an R2 object the way media elements expect: byte ranges (206, Content-Range, 416),
// If-Range and ETag, so the browser can seek and resume without downloading the whole file.

export type ServeOptions = { contentType: string; cacheControl: string };

type ByteRange = { offset: number; length: number };

/**
 * The single byte range a Range header asks for within `size` bytes: a range, "none" (no usable
 * Range header: serve the whole object), or "unsatisfiable" (416). Several ranges at once are
 * answered with the whole object, which RFC 9110 allows.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | "none" | "unsatisfiable" {
  if (!header) return "none";
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return "none";
  const [, startText, endText] = match as unknown as [string, string, string];
  if (startText === "" && endText === "") return "none";
  if (startText === "") {
    const suffix = Number(endText);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    const length = Math.min(suffix, size);
    return { offset: size - length, length };
  }
  const start = Number(startText);
  if (start >= size) return "unsatisfiable";
  const end = endText === "" ? size - 1 : Math.min(Number(endText), size - 1);
  if (end < start) return "unsatisfiable";
  return { offset: start, length: end - start + 1 };
}

/** If-None-Match compares weakly over a list, and * matches any stored object (RFC 9110 13.1.2). */
function noneMatchHits(header: string | null, etag: string) {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => opaque(tag) === opaque(etag));
}

/** If-Range holds an ETag (or a date); the range applies only while it still names this object. */
function ifRangeMatches(ifRange: string | undefined, etag: string, uploaded: Date) {
  if (!ifRange) return true;
  if (ifRange.startsWith('"') || ifRange.startsWith("W/")) return ifRange === etag;
  const since = Date.parse(ifRange);
  return !Number.isNaN(since) && Math.floor(uploaded.getTime() / 1000) <= Math.floor(since / 1000);
}

export async function serveR2Object(bucket: R2Bucket, key: string, request: Request, { contentType, cacheControl }: ServeOptions): Promise<Response | null> {
  const head = await bucket.head(key);
  if (!head) return null;
  const headers = new Headers({
    "Content-Type": contentType,
    "Accept-Ranges": "bytes",
    ETag: head.httpEtag,
    "Cache-Control": cacheControl,
    "X-Content-Type-Options": "nosniff",
    "Content-Disposition": "inline",
  });
  if (noneMatchHits(request.headers.get("if-none-match"), head.httpEtag)) return new Response(null, { status: 304, headers });

  const useRange = ifRangeMatches(request.headers.get("if-range") ?? undefined, head.httpEtag, head.uploaded);
  const range = useRange ? parseRange(request.headers.get("range") ?? undefined, head.size) : "none";
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${head.size}`);
    return new Response(null, { status: 416, headers });
  }
  const status = range === "none" ? 200 : 206;
  headers.set("Content-Length", String(range === "none" ? head.size : range.length));
  if (range !== "none") headers.set("Content-Range", `bytes ${range.offset}-${range.offset + range.length - 1}/${head.size}`);
  // HEAD needs only what head() told us; no bytes are read from the bucket.
  if (request.method === "HEAD") return new Response(null, { status, headers });
  const object = await bucket.get(key, range === "none" ? {} : { range });
  if (!object || !("body" in object)) return null;
  return new Response(object.body, { status, headers });
}
