// The one gate every path to a track's full audio asks before a release is out (decision 151): the
// stream, its master, its play count, its lyrics and credits, a listening party's grant and the
// radio. The rows' release state comes from the caller (findStreamSource); this module decides.
import type { DB } from "../client";
import type { ReleaseState } from "../../lib/release";
import type { SessionUser } from "#contracts/auth.ts";
import { ownsTrack } from "../store/downloads";
import { passesVipTier, tiersForMinTiers } from "../tiers/gate";

/** Why a listener may not hear a track yet; each is the error code the routes answer. */
export type TrackRefusal = "track_not_found" | "unauthorized" | "vip_required" | "tier_required";

/** What the gate reads of a track: where its release stands and the tier its early access names. */
export type TrackStanding = { state: ReleaseState; earlyMinTierId: string | null };

/** A track a read no longer finds (deleted between two reads): nobody hears it. */
export const HIDDEN_TRACK: TrackStanding = { state: "hidden", earlyMinTierId: null };

/** Whether the member's tier opens a release in early access that names `minTierId` (VIP and above when null; admins pass). */
export const passesEarlyTier = async (db: DB, user: SessionUser, minTierId: string | null): Promise<boolean> =>
  passesVipTier(user, minTierId, await tiersForMinTiers(db, [minTierId]));

/** Whether the member hears a track in early access that names `minTierId`: that tier and above, and who bought it. */
async function hearsEarly(db: DB, user: SessionUser, trackId: string, minTierId: string | null): Promise<boolean> {
  return (await passesEarlyTier(db, user, minTierId)) || ownsTrack(db, user.id, trackId);
}

/**
 * Null when `user` (null: a visitor) may hear the track in full as it stands; else why not. Out:
 * everyone the path itself admits. Before its early access: admins only, to anyone else it does not
 * exist. In early access: admins, the tier it names and above (VIP when none), and its buyers; a
 * VIP below that tier is told which gate it is (`tier_required`), a member without VIP `vip_required`.
 */
export async function trackRefusal(db: DB, user: SessionUser | null, trackId: string, standing: TrackStanding): Promise<TrackRefusal | null> {
  if (standing.state === "released" || user?.isAdmin) return null;
  if (standing.state === "hidden") return "track_not_found";
  if (!user) return "unauthorized";
  if (await hearsEarly(db, user, trackId, standing.earlyMinTierId)) return null;
  return user.isVIP ? "tier_required" : "vip_required";
}
