// /api/store/downloads/:token (decision 054): a bought release as one zip, for whoever holds the
// signed link (no cookie: the link is the key, bound to one entitlement and one format, and
// expiring). GET streams it, HEAD tells its length; Range is served (206) by generating the
// headers it spans and reading only those bytes of the files from R2.
//   unknown or forged link, revoked or unknown entitlement, a format the release is not sold in:
//   404 download_not_found; a genuine link past its time: 410 download_link_expired; more than
//   STORE_LIMITS.downloadsPerDay files' worth served today (UTC) for the entitlement: 429
//   download_limit_reached; too many requests from one address: 429 rate_limited; a file of the
//   release not in R2 (the local demo media still being written after a fresh start, or a file
//   lost): 503 download_preparing with Retry-After, and the admin is told once per file. Before
//   the release's public time (a pre-order, decision 118) the zip holds only its teaser tracks;
//   with none: 403 not_released_yet.
// A browser that opened such a link (a navigation) is sent to its collection instead, where the
// reason is shown in its language and a fresh link is one click away.
//
// What counts: what is served. Every GET takes its range's share of the archive (its length over
// the archive's size; the whole file is 1) from the entitlement's budget of
// STORE_LIMITS.downloadsPerDay files' worth a UTC day, so a resumed download or a download
// manager's parts cost together what the file does, and ranges that re-fetch nearly the whole file
// cost nearly a whole download each. A GET from the first byte also counts as a download started.
// HEAD and 304/416 answers never count.
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../../types";
import { readConfig } from "../../env";
import { routeError, type ApiError } from "../../lib/errors";
import { parseRange } from "../../lib/r2-range";
import { verifyDownloadToken } from "../../lib/download-token";
import { releaseFormats } from "../../db/music/release-formats";
import { downloadBudgetSpent, downloadDay, findEntitlement, takeDownloadShare } from "../../db/store/downloads";
import { clientIp, hitEdgeLimit, knownClientIp } from "../../services/rate-limit";
import { logOrderAccess } from "../../db/order-access-log";
import { d1Checksums, planReleaseDownload, r2Source } from "../../services/store/downloads";
import { withChecksums, zipStream } from "../../services/store/release-zip";
import { attachmentHeader } from "../../services/store/release-files";
import { DOWNLOAD_RETRY_AFTER_S, reportMissingMedia } from "../../services/store/missing-media";
import { STORE_LIMITS } from "#contracts/store/model.ts";
import { DOWNLOAD_ERROR_PARAM } from "#contracts/store/collection.ts";

/** Longer than any link lives: a token past this is malformed, not a download. */
const TOKEN_MAX = 2048;

/** A browser opening the link itself (from a mail or the address bar), not a script or a download tool. */
const isNavigation = (c: Context<HonoEnv>) => c.req.header("sec-fetch-mode") === "navigate";

/** The refusal as JSON, or for a navigation a redirect to the collection that explains it. */
function refuse(c: Context<HonoEnv>, error: ApiError): Response {
  if (!isNavigation(c) || c.req.method !== "GET") throw error;
  return c.redirect(`/collection?${DOWNLOAD_ERROR_PARAM}=${encodeURIComponent(error.code)}`, 303);
}

/** If-Range holds our strong ETag, or the range does not apply (a date, another ETag: the whole archive again). */
const rangeStillApplies = (ifRange: string | undefined, etag: string) => ifRange === undefined || ifRange.trim() === etag;

export const storeDownloadRoutes = new Hono<HonoEnv>().get("/downloads/:token", async (c) => {
  await hitEdgeLimit(c.env, "downloadsPerIp", clientIp(c.req));
  const token = c.req.param("token");
  const grant = token.length <= TOKEN_MAX ? await verifyDownloadToken(readConfig(c.env).SESSION_SECRET, token) : null;
  if (grant === "expired") return refuse(c, routeError("download_link_expired"));
  if (!grant) return refuse(c, routeError("download_not_found"));
  const db = c.var.db;
  const entitlement = await findEntitlement(db, grant.entitlementId);
  if (!entitlement || entitlement.revoked) return refuse(c, routeError("download_not_found"));
  const release = entitlement.albumId ? { albumId: entitlement.albumId } : { trackId: entitlement.trackId! };
  if (!(await releaseFormats(db, release)).includes(grant.format)) return refuse(c, routeError("download_not_found"));
  const planned = await planReleaseDownload(c.env, db, entitlement, grant.format);
  if (!planned) return refuse(c, routeError("download_not_found"));
  if (planned === "not_released") return refuse(c, routeError("not_released_yet"));
  if ("missing" in planned) {
    console.warn("download: a file of the release is not in R2 yet", entitlement.id, planned.missing);
    c.executionCtx.waitUntil(reportMissingMedia(c.env, db, planned.missing, grant.format));
    c.header("Retry-After", String(DOWNLOAD_RETRY_AFTER_S));
    return refuse(c, routeError("download_preparing"));
  }
  const { zip, fileName } = planned;
  const size = zip.layout.size;
  const headers = new Headers({
    "Content-Type": "application/zip",
    "Content-Disposition": attachmentHeader(fileName),
    "Accept-Ranges": "bytes",
    ETag: zip.etag,
    // The link is the key: nothing may keep a copy of what it opened.
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
  if (
    c.req
      .header("if-none-match")
      ?.split(",")
      .some((tag) => tag.trim() === zip.etag)
  )
    return new Response(null, { status: 304, headers });

  const range = rangeStillApplies(c.req.header("if-range"), zip.etag) ? parseRange(c.req.header("range"), size) : "none";
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  const today = downloadDay(Date.now());
  const part = range === "none" ? { offset: 0, length: size } : range;
  const limit = STORE_LIMITS.downloadsPerDay;
  if (c.req.method === "HEAD") {
    if (await downloadBudgetSpent(db, entitlement.id, today, limit)) throw routeError("download_limit_reached");
  } else if (!(await takeDownloadShare(db, entitlement.id, today, { share: part.length / size, start: part.offset === 0 }, limit))) {
    return refuse(c, routeError("download_limit_reached"));
  } else {
    // The order's access log (decision 094): each GET served, its address, format and bytes.
    const detail = { format: grant.format, bytes: part.length, offset: part.offset };
    c.executionCtx.waitUntil(logOrderAccess(db, entitlement.orderId, { kind: "download", at: Date.now(), ip: knownClientIp(c.req), detail }));
  }

  headers.set("Content-Length", String(part.length));
  if (range !== "none") headers.set("Content-Range", `bytes ${range.offset}-${range.offset + range.length - 1}/${size}`);
  const status = range === "none" ? 200 : 206;
  if (c.req.method === "HEAD") return new Response(null, { status, headers });

  const source = r2Source(c.env.MEDIA);
  const ready = await withChecksums(source, d1Checksums(db), zip);
  // A stream of a declared length: the Worker sends this Content-Length rather than chunking.
  const { readable, writable } = new FixedLengthStream(part.length);
  c.executionCtx.waitUntil(
    zipStream(source, ready, part)
      .pipeTo(writable)
      .catch((err: unknown) => console.error("download: the zip stream stopped", entitlement.id, err)),
  );
  return new Response(readable, { status, headers });
});
