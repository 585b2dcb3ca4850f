// Listening parties (decision 028): the back office's form, the public teaser, the room's page and
// the frames a member's browser and the party's PartyRoom exchange over /api/parties/:id/live
// (discriminated unions parsed with zod on arrival, size-capped), with the limits and the English
// texts of the answers (the SPA translates by code).
import { z } from "../zod";
import { userText } from "../text";
import { EVENT_FORM_MESSAGES } from "../admin/event-limits";
import { PARTY_FORM_MESSAGES, PARTY_TITLE_MAX, PARTY_REACTIONS, type PartyReaction } from "./limits";
import { PARTY_ID_PATTERN } from "./ids";
import { paidMinTierIdField } from "../tiers/gate";
import type { TierBadge } from "../tiers/badges";
import type { PartyPhase } from "./clock";
export { PARTY_MESSAGES } from "./limits";

export * from "./clock";
export * from "./limits";

export { PARTY_ID_PATTERN };
export const partyIdParamSchema = z.object({ id: z.string().regex(PARTY_ID_PATTERN) });

export const PARTY_SOURCE_TYPES = ["album", "playlist"] as const;
export type PartySourceType = (typeof PARTY_SOURCE_TYPES)[number];

/** The back office's form: every field, on create and on edit. */
export const partyInputSchema = z
  .object({
    title: userText({ min: 1, minMessage: EVENT_FORM_MESSAGES.titleRequired, max: PARTY_TITLE_MAX, maxMessage: PARTY_FORM_MESSAGES.titleTooLong }),
    sourceType: z.enum(PARTY_SOURCE_TYPES),
    sourceId: z.string().min(1).max(100),
    startsAt: z.iso.datetime({ offset: true, message: EVENT_FORM_MESSAGES.dateInvalid }),
    vipOnly: z.boolean(),
    /** A VIP-only party's lowest tier (decision 104); null or absent: VIP and above. Dropped for a party for every member. */
    minTierId: paidMinTierIdField(),
  })
  .strict();
export type PartyInput = z.input<typeof partyInputSchema>;
export type PartyValues = z.output<typeof partyInputSchema>;

/** One track of a party, as saved with it. */
export type PartyTrack = { id: string; title: string; albumId: string; albumTitle: string; coverUrl: string | null; durationSeconds: number };

/** What the public teaser shows of a party: nothing private (no playlist id, no owner). */
export type PublicParty = {
  id: string;
  title: string;
  startsAt: string;
  endsAt: string;
  vipOnly: boolean;
  /** A VIP-only party's lowest tier (decision 104); null: VIP and above, or every member. */
  minTierId: string | null;
  sourceType: PartySourceType;
  sourceTitle: string;
  coverUrl: string | null;
  /** The album, for its page; null for a playlist (a playlist's page is its owner's alone). */
  albumId: string | null;
  /** Where the party stood when the server answered. */
  phase: PartyPhase;
};
export type PublicPartiesResponse = { parties: PublicParty[] };

export type PartySummary = { tracksPlayed: number; peakListeners: number; reactions: number; messages: number };

/** The room's page: the party, its tracks and, once it is over, its summary. */
export type PartyDetail = PublicParty & {
  status: "scheduled" | "cancelled";
  tracks: PartyTrack[];
  durationSeconds: number;
  serverTime: string;
  summary: PartySummary | null;
};
export type PartyResponse = { party: PartyDetail };

/** POST /api/parties/:id/play: what plays now, where, and a URL for it that works during the party only. */
export type PartyPlayResponse = { serverTime: string; index: number; trackId: string; offsetSeconds: number; url: string; expiresAt: string };

/** The back office's view: the detail plus who made it and when. */
export type AdminParty = Omit<PartyDetail, "serverTime" | "summary" | "phase"> & {
  albumId: string | null;
  playlistId: string | null;
  phase: PartyPhase;
  summary: PartySummary;
  createdAt: string;
  updatedAt: string;
};
export type AdminPartiesResponse = { parties: AdminParty[] };
export type AdminPartyResponse = { party: AdminParty };
export type PartyDeletedResponse = { deleted: string };

/** What the admin's form offers: catalog albums and the admin's own playlists, with their lengths. */
export type PartySourceOption = { id: string; title: string; trackCount: number; durationSeconds: number };
export type PartySourcesResponse = { albums: PartySourceOption[]; playlists: PartySourceOption[] };

// ---------- The room's socket ----------

export const partyClientFrameSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("react"), emoji: z.enum(PARTY_REACTIONS) }).strict(),
  /** A clock sample: the room answers with its time (the client keeps the quickest round trips). */
  z.object({ type: z.literal("sync"), id: z.number().int().nonnegative().max(1e9) }).strict(),
  /** Admins only: no more reactions from this member in this party (the chat is the party's room: decisions 107, 115). */
  z.object({ type: z.literal("mute"), userId: z.string().min(1).max(64) }).strict(),
]);
export type PartyClientFrame = z.infer<typeof partyClientFrameSchema>;

/** `tier`: the badge of the member's tier when they joined (null: the free tier, decision 100); optional only so older fixtures still type. */
export type PartyMember = { id: string; username: string; avatarUrl: string | null; tier?: TierBadge | null };

export type PartyErrorCode =
  | "bad_frame"
  | "empty_message"
  | "message_too_long"
  | "invalid_characters"
  /** Over PARTY_EVENTS_PER_SECOND on this socket; `retryAfter` seconds. */
  | "rate_limited"
  | "muted"
  | "admin_required"
  /** Reactions are for the room's open hours (from 15 minutes before to the end). */
  | "party_closed";

export type PartyServerFrame =
  /** On joining: the room's clock, where the party is, who listens and whether you are muted there. */
  | {
      type: "welcome";
      serverTime: string;
      phase: PartyPhase;
      position: { index: number; offsetSeconds: number } | null;
      listeners: { count: number; members: PartyMember[] };
      muted: boolean;
      summary: PartySummary | null;
    }
  | { type: "listeners"; count: number; members: PartyMember[] }
  /**
   * Reactions since the last frame (coalesced): each with who sent it. `sentAt`: when the room
   * started sending this frame (epoch milliseconds), so a measurement can tell the room's time
   * from the time the frame takes to reach its reader.
   */
  | { type: "reactions"; reactions: { emoji: PartyReaction; userId: string }[]; sentAt: number }
  /** To the muted member and the room's admins. */
  | { type: "muted"; userId: string }
  | { type: "sync"; id: number; serverTime: string }
  | { type: "started"; serverTime: string }
  | { type: "ended"; summary: PartySummary }
  /** The back office changed or cancelled the party: read it again. */
  | { type: "party_changed" }
  | { type: "error"; code: PartyErrorCode; retryAfter?: number };
