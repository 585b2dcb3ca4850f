// "Notify me" (decision 057). Mounted at /api/notify-me; :kind is album, track or event:
//   GET    /:kind/:id   a member: { waiting } (401 for visitors)
//   POST   /:kind/:id   a member: waiting at once (a second tap changes nothing); a visitor
//                       ({ email, locale }): pending and a confirmation mail in that language (the
//                       same answer for an address that asked before, and no second row or mail);
//                       visitors are rate-limited per client and per address
//   DELETE /:kind/:id   a member withdraws theirs
//   POST   /confirm     { token } → { kind, id }: the visitor's link starts the wait
//   POST   /cancel      { t } → { cancelled }: the signed link in the visitor's mails withdraws every
//                       request of the address not yet told
// Only what is coming: 404 for an unknown item, a draft event or a release before its early access
// (the public knows nothing of it); 409 for a release out (for VIPs and administrators, out in early
// access already) or an event on sale, cancelled or started. A banned member has no session, so the
// member routes answer them 401.
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import type { DB } from "../db/client";
import type { SessionUser } from "#contracts/auth.ts";
import { passesEarlyTier, trackRefusal } from "../db/music/track-gate";
import { readConfig } from "../env";
import { conflict, notFound, routeError, unauthorized } from "../lib/errors";
import { newOptInToken, optInTokenHash } from "../lib/opt-in-token";
import { verifyNotifyCancel } from "../lib/notify-cancel-link";
import { DAY_MS } from "../lib/time";
import { checkBody, parseJsonBody, readOptionalJson } from "../lib/validate";
import { requireUser } from "../middleware/guards";
import {
  addMemberRequest,
  addPendingRequest,
  cancelAddressRequests,
  confirmRequest,
  deleteMemberRequest,
  deletePendingByToken,
  hasMemberRequest,
  type NotifyItem,
} from "../db/notify-me";
import { CONFIRMATION_VALID_DAYS } from "#contracts/newsletter.ts";
import { EVENT_MESSAGES } from "#contracts/events.ts";
import { MUSIC_MESSAGES } from "#contracts/music/music.ts";
import {
  NOTIFY_CONFIRM_PATH,
  NOTIFY_MESSAGES,
  NOTIFY_RATE_LIMITS,
  notifyCancelInput,
  notifyTokenInput,
  visitorNotifyInput,
  type NotifyCancelResponse,
  type NotifyConfirmResponse,
  type NotifyItemKind,
  type NotifyRequestResponse,
  type NotifyStateResponse,
} from "#contracts/notify-me.ts";
import { clientIp, hitEdgeLimit, hitRateLimit } from "../services/rate-limit";
import { requireHuman } from "../services/bot-check";
import { sendOptInConfirmation } from "../services/mail/opt-in";
import { itemFacts, type ItemFacts } from "../services/notify-me/items";
import { notifyConfirmMail } from "../services/notify-me/mail";
import { cancelLinkFor } from "../services/notify-me/pass";

/** Ids as the catalog and the events write them: a slug, or a UUID. */
const ITEM_ID = /^[a-z0-9][a-z0-9-]{0,99}$/i;

const NOT_FOUND: Record<NotifyItemKind, () => Error> = {
  album: () => notFound(MUSIC_MESSAGES.albumNotFound, "album_not_found"),
  track: () => notFound(MUSIC_MESSAGES.trackNotFound, "track_not_found"),
  event: () => notFound(EVENT_MESSAGES.eventNotFound, "event_not_found"),
};

/** The item from the path, as known to the public at `now`. */
const itemOf = (params: { kind: string; id: string }): NotifyItem => {
  const kind = params.kind as NotifyItemKind;
  if (!ITEM_ID.test(params.id)) throw NOT_FOUND[kind]();
  return { kind, id: params.id };
};

/**
 * The item a person may ask about: coming, and not out for them (`user`: null for a visitor). Who
 * hears a release in early access already is the track gate's answer (decision 151).
 */
async function askable(db: DB, item: NotifyItem, now: number, user: SessionUser | null): Promise<ItemFacts> {
  const facts = await itemFacts(db, item, now);
  switch (facts.standing) {
    case "unknown":
      throw NOT_FOUND[item.kind]();
    case "event_cancelled":
      throw routeError("event_cancelled");
    case "event_started":
      throw routeError("event_started");
    case "out":
      throw item.kind === "event" ? conflict(NOTIFY_MESSAGES.alreadyOnSale, "already_on_sale") : conflict(NOTIFY_MESSAGES.alreadyReleased, "already_released");
    case "coming":
      if (facts.early && user && (await hearsRelease(db, user, item, facts))) throw conflict(NOTIFY_MESSAGES.alreadyReleased, "already_released");
      return facts;
  }
}

/** Whether `user` hears the release in early access now: a track asks the track gate; an album, its tier. */
const hearsRelease = async (db: DB, user: SessionUser, item: NotifyItem, facts: ItemFacts) =>
  item.kind === "track"
    ? (await trackRefusal(db, user, item.id, { state: "early", earlyMinTierId: facts.earlyMinTierId })) === null
    : passesEarlyTier(db, user, facts.earlyMinTierId);

const ITEM_PATH = "/:kind{album|track|event}/:id";

export const notifyMeRoutes = new Hono<HonoEnv>()
  .get(ITEM_PATH, requireUser, async (c) => {
    const item = itemOf(c.req.param());
    const user = c.var.user;
    await askable(c.var.db, item, Date.now(), user);
    return c.json<NotifyStateResponse>({ waiting: await hasMemberRequest(c.var.db, item, user.id) });
  })

  .post(ITEM_PATH, async (c) => {
    const now = Date.now();
    const db = c.var.db;
    const item = itemOf(c.req.param());
    const body = await readOptionalJson(c);
    const user = c.var.user;
    if (user) {
      await askable(db, item, now, user);
      await addMemberRequest(db, item, user.id, now);
      return c.json<NotifyRequestResponse>({ status: "waiting" });
    }
    // Without a session and without an address this is a member's tap whose session is gone
    // (signed out, or banned): sign-in required, not a form error.
    if (typeof body !== "object" || body === null || !("email" in body)) throw unauthorized();
    const input = checkBody(visitorNotifyInput, body);
    const facts = await askable(db, item, now, null);
    await hitEdgeLimit(c.env, "newsSignupsPerIp", clientIp(c.req));
    await hitRateLimit(db, `notify:ip:${clientIp(c.req)}`, NOTIFY_RATE_LIMITS.perIp, now);
    await hitRateLimit(db, `notify:email:${input.email}`, NOTIFY_RATE_LIMITS.perAddress, now);
    await requireHuman(c, "notify_me");
    const token = await newOptInToken(new URL(c.req.url).origin, NOTIFY_CONFIRM_PATH);
    const outcome = await addPendingRequest(db, { ...item, email: input.email, locale: input.locale, tokenHash: token.hash, now });
    if (outcome === "created") {
      const cfg = readConfig(c.env);
      const mail = notifyConfirmMail(
        { kind: item.kind, ...facts },
        { to: input.email, locale: input.locale, link: token.link, cancelLink: await cancelLinkFor(c.env, input.email), validDays: CONFIRMATION_VALID_DAYS },
        { brandName: cfg.BRAND_NAME, siteUrl: cfg.SITE_URL },
      );
      await sendOptInConfirmation(c.env, db, {
        mail,
        rollback: () => deletePendingByToken(db, token.hash),
        failedMessage: NOTIFY_MESSAGES.mailFailed,
        flow: "notify-me",
      });
    }
    return c.json<NotifyRequestResponse>({ status: "pending" });
  })

  .delete(ITEM_PATH, requireUser, async (c) => {
    // Whatever the item's standing now: withdrawing is always allowed, and says nothing of the item.
    await deleteMemberRequest(c.var.db, itemOf(c.req.param()), c.var.user.id);
    return c.json<NotifyStateResponse>({ waiting: false });
  })

  .post("/confirm", async (c) => {
    const { token } = await parseJsonBody(c, notifyTokenInput);
    const now = Date.now();
    const outcome = await confirmRequest(c.var.db, await optInTokenHash(token), { now, notBefore: now - CONFIRMATION_VALID_DAYS * DAY_MS });
    if (outcome === "invalid") throw routeError("notify_link_invalid");
    if (outcome === "expired") throw routeError("notify_link_expired");
    return c.json<NotifyConfirmResponse>(outcome);
  })

  .post("/cancel", async (c) => {
    const { t } = await parseJsonBody(c, notifyCancelInput);
    const email = await verifyNotifyCancel(readConfig(c.env).SESSION_SECRET, t);
    if (!email) throw routeError("notify_link_invalid");
    return c.json<NotifyCancelResponse>({ cancelled: await cancelAddressRequests(c.var.db, email) });
  });
