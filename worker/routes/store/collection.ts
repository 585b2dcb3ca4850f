// /api/store/collection: the signed-in member's collection (decision 054). Every route is
// requireUser (visitor or banned: 401); another member's entitlement is the same 404 as an unknown
// one (scoped in the query).
//   GET  /                the releases they own with a fresh signed link per format (and the zip's
//                         size), their orders with status, lines, amounts and tracking, and the
//                         gift codes they bought with their state. Guest purchases made with the
//                         member's own address are attached first, once that address is verified.
//   POST /links           { entitlementId, format }: a fresh link for one release of theirs in a
//                         format it is sold in; else 404 download_not_found
//   POST /claim           { email }: mails that address a one-time link adding its guest purchases
//                         to this member's collection; the same answer whether it bought anything
//                         (429 rate_limited past CLAIM_RATE_LIMITS)
//   POST /claim/confirm   { token }: uses such a link (only the member who asked): 404
//                         claim_link_invalid (unknown, used, another member's), 410 claim_link_expired
import { Hono } from "hono";
import type { HonoEnv } from "../../types";
import { requireUser } from "../../middleware/guards";
import { validate } from "../../lib/validate";
import { routeError } from "../../lib/errors";
import { optInTokenHash } from "../../lib/opt-in-token";
import { releaseFormats } from "../../db/music/release-formats";
import { attachGuestPurchases, consumeClaimLink, findOwnedEntitlement } from "../../db/store/collection";
import { linkFor, readCollection, sendClaimLink } from "../../services/store/collection";
import {
  claimConfirmSchema,
  claimRequestSchema,
  renewLinkSchema,
  type ClaimConfirmResponse,
  type ClaimRequestResponse,
  type CollectionResponse,
  type RenewLinkResponse,
} from "#contracts/store/collection.ts";

export const collectionRoutes = new Hono<HonoEnv>()
  .use("/collection/*", requireUser)
  .use("/collection", requireUser)

  .get("/collection", async (c) => {
    const user = c.var.user!;
    // What this address bought as a guest is the member's once they have proven the address.
    if (user.emailVerified) await attachGuestPurchases(c.var.db, user.id, user.email);
    c.header("Cache-Control", "private, no-store");
    return c.json<CollectionResponse>(await readCollection(c.env, c.var.db, user.id));
  })

  .post("/collection/links", validate("json", renewLinkSchema), async (c) => {
    const { entitlementId, format } = c.req.valid("json");
    const owned = await findOwnedEntitlement(c.var.db, c.var.user!.id, entitlementId);
    if (!owned) throw routeError("download_not_found");
    const formats = await releaseFormats(c.var.db, owned.trackId ? { trackId: owned.trackId } : { albumId: owned.albumId! });
    if (!formats.includes(format)) throw routeError("download_not_found");
    return c.json<RenewLinkResponse>({ link: await linkFor(c.env, c.var.db, owned.id, { ...owned, userId: c.var.user!.id }, format) });
  })

  .post("/collection/claim", validate("json", claimRequestSchema), async (c) => {
    const user = c.var.user!;
    const { email } = c.req.valid("json");
    await sendClaimLink(c, { id: user.id, username: user.username, locale: user.locale ?? "en" }, email);
    return c.json<ClaimRequestResponse>({ ok: true, sentTo: email });
  })

  .post("/collection/claim/confirm", validate("json", claimConfirmSchema), async (c) => {
    const outcome = await consumeClaimLink(c.var.db, await optInTokenHash(c.req.valid("json").token), c.var.user!.id);
    if (outcome === "invalid") throw routeError("claim_link_invalid");
    if (outcome === "expired") throw routeError("claim_link_expired");
    return c.json<ClaimConfirmResponse>({ claimed: { orders: outcome.claimed } });
  });
