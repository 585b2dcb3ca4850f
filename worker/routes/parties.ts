// Listening parties (decision 028), mounted at /api/parties. The upcoming list is public (the
// landing page's and /events' teaser: nothing private). The party itself, its play grant and its
// room's socket are for signed-in members, and for VIPs and admins only when the party is VIP
// only (for members of its lowest tier and above when it names one, decision 104). The play grant signs track URLs for the party's own tracks, only while it is on: that is
// how a member without VIP hears a party that is open to everyone.
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../types";
import type { SessionUser } from "#contracts/auth.ts";
import { readConfig } from "../env";
import { requireUser } from "../middleware/guards";
import { forwardUpgrade, websocketUpgrade } from "../middleware/websocket";
import { validate } from "../lib/validate";
import { notFound, routeError } from "../lib/errors";
import { remember } from "../lib/memo";
import { passesVipTier, tiersForMinTiers } from "../db/tiers/gate";
import { readTiers } from "../db/tiers/tiers";
import { encodeBadgeHeader, tierBadgeOf } from "#contracts/tiers/badges.ts";
import { tierOf } from "#contracts/tiers/tiers.ts";
import { signMediaToken } from "../lib/media-token";
import { findStreamSource } from "../db/music/music";
import { HIDDEN_TRACK, trackRefusal } from "../db/music/track-gate";
import { findParty, listUpcomingParties, PARTIES_MEMO_PREFIX, partyEndsAtOf, toPartyDetail, type PartyRow } from "../db/parties";
import {
  PARTY_ID_HEADER,
  PARTY_MEMBER_ADMIN_HEADER,
  PARTY_MEMBER_AVATAR_HEADER,
  PARTY_MEMBER_NAME_HEADER,
  PARTY_MEMBER_TIER_HEADER,
  partyRoom,
} from "../services/realtime/party-room";
import { MEDIA_TOKEN_TTL_SECONDS, MUSIC_MESSAGES } from "#contracts/music/music.ts";
import {
  PARTY_CODES,
  PARTY_MESSAGES,
  partyIdParamSchema,
  partyPhaseAt,
  partyPositionAt,
  type PartyPlayResponse,
  type PartyResponse,
  type PublicPartiesResponse,
} from "#contracts/parties/parties.ts";

/** The teaser's list is the same for every visitor: memoised per isolate (admin writes forget it). */
const UPCOMING_TTL_MS = 15_000;

type Ctx = Context<HonoEnv & { Variables: { user: SessionUser } }>;

/**
 * The party, if this member may see it: 404 unknown; for a VIP party, 403 vip_required below VIP and
 * 403 tier_required below its lowest tier when it names one (decision 104; admins pass).
 */
async function allowedParty(c: Ctx, id: string): Promise<PartyRow> {
  const party = await findParty(c.var.db, id);
  if (!party) throw notFound(PARTY_MESSAGES.partyNotFound, PARTY_CODES.notFound);
  if (party.vipOnly && !passesVipTier(c.var.user, party.minTierId, await tiersForMinTiers(c.var.db, [party.minTierId])))
    throw routeError(party.minTierId === null ? "vip_required" : "tier_required");
  return party;
}

const refused = (why: "notOpen" | "notStarted" | "ended" | "cancelled") => routeError(PARTY_CODES[why]);

export const partyRoutes = new Hono<HonoEnv>()
  .get("/", async (c) => {
    const parties = await remember(`${PARTIES_MEMO_PREFIX}upcoming`, UPCOMING_TTL_MS, () => listUpcomingParties(c.var.db, Date.now()));
    c.header("Cache-Control", "public, max-age=15");
    return c.json<PublicPartiesResponse>({ parties });
  })

  .get("/:id", requireUser, validate("param", partyIdParamSchema), async (c) => {
    const party = await allowedParty(c, c.req.valid("param").id);
    return c.json<PartyResponse>({ party: toPartyDetail(party, Date.now()) });
  })

  // What plays now and a signed URL for it: only while the party is on.
  .post("/:id/play", requireUser, validate("param", partyIdParamSchema), async (c) => {
    const party = await allowedParty(c, c.req.valid("param").id);
    if (party.status === "cancelled") throw refused("cancelled");
    const now = Date.now();
    const endsAt = partyEndsAtOf(party);
    const phase = partyPhaseAt(party.startsAt.getTime(), endsAt, now);
    if (phase === "ended") throw refused("ended");
    const position = partyPositionAt(party.startsAt.getTime(), party.tracks, now);
    if (!position) throw refused("notStarted");
    const track = party.tracks[position.index]!;
    // The party's grant opens what is out, not a release before its day: a track not yet out plays
    // for whom the track gate lets hear it (decision 151); the others get its refusal for that track.
    const refusal = await trackRefusal(c.var.db, c.var.user, track.id, (await findStreamSource(c.var.db, track.id, now)) ?? HIDDEN_TRACK);
    if (refusal) throw refusal === "track_not_found" ? notFound(MUSIC_MESSAGES.trackNotFound, refusal) : routeError(refusal);
    // A token lives MEDIA_TOKEN_TTL_SECONDS from the moment it is signed for; signed "earlier", it
    // expires with the party instead (plus a minute for the last seek), never after it.
    const signedFor = Math.min(now, endsAt + 60_000 - MEDIA_TOKEN_TTL_SECONDS * 1000);
    const { token, expiresAt } = await signMediaToken(readConfig(c.env).SESSION_SECRET, c.var.user.id, "track", track.id, signedFor);
    return c.json<PartyPlayResponse>({
      serverTime: new Date(now).toISOString(),
      index: position.index,
      trackId: track.id,
      offsetSeconds: position.offsetSeconds,
      url: `/media/tracks/${track.id}?token=${encodeURIComponent(token)}`,
      expiresAt: expiresAt.toISOString(),
    });
  })

  // The room's socket: from 15 minutes before the start to the end.
  .get("/:id/live", requireUser, websocketUpgrade, validate("param", partyIdParamSchema), async (c) => {
    const party = await allowedParty(c, c.req.valid("param").id);
    if (party.status === "cancelled") throw refused("cancelled");
    const phase = partyPhaseAt(party.startsAt.getTime(), partyEndsAtOf(party), Date.now());
    if (phase === "upcoming") throw refused("notOpen");
    if (phase === "ended") throw refused("ended");
    const user = c.var.user;
    return forwardUpgrade(c.req.raw, { userId: user.id, sessionHash: c.var.sessionHash }, partyRoom(c.env, party.id), {
      [PARTY_ID_HEADER]: party.id,
      [PARTY_MEMBER_NAME_HEADER]: encodeURIComponent(user.username),
      [PARTY_MEMBER_AVATAR_HEADER]: user.avatarUrl ?? "",
      [PARTY_MEMBER_ADMIN_HEADER]: user.isAdmin ? "1" : "0",
      [PARTY_MEMBER_TIER_HEADER]: encodeBadgeHeader(tierBadgeOf(tierOf(user).id, await readTiers(c.var.db))),
    });
  });
