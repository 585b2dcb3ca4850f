// Who may watch a live show, and what a viewer is shown of it (decision 113). One rule for the
// watch page, the token route and the captions: a visitor signs in; a banned member is refused;
// admins always pass; 'members' admits every signed-in member, 'tier' that tier and higher (by
// the ladder's rank, as every tier gate), 'ticket' a valid ticket to the event (door staff are not
// special). What the viewer is told: upcoming, live, the replay while its window is open (or after
// it, to the keep tier and higher), else ended.
import { admitsTier, type TierHolder } from "#contracts/tiers/tiers.ts";
import type { LiveRefusal, LiveViewState } from "#contracts/live-limits.ts";
import type { LiveShowRow } from "../../db/live";

type Show = NonNullable<LiveShowRow["show"]>;
export type LiveViewer = TierHolder & { banned?: boolean };

/** Null when the viewer may watch; else what opens the show. */
export function liveRefusal(viewer: LiveViewer | null, show: Pick<Show, "access" | "minTierId" | "minTierRank">, holdsTicket: boolean): LiveRefusal | null {
  if (!viewer) return "sign_in";
  if (viewer.banned) return "banned";
  if (viewer.isAdmin) return null;
  if (show.access === "members") return null;
  if (show.access === "ticket") return holdsTicket ? null : "ticket";
  // A tier show whose tier was archived or removed admits nobody but admins.
  if (show.minTierRank === null) return "tier";
  if (admitsTier(viewer, { minRank: show.minTierRank })) return null;
  return admitsTier(viewer, { minRank: 1 }) ? "tier" : "membership";
}

const HOUR_MS = 3_600_000;

/** When the replay window closes (epoch ms), or null when the show has not ended or keeps no replay. */
export function replayWindowEnd(show: Pick<Show, "state" | "endedAt" | "startedAt" | "replayHours">): number | null {
  if (show.state !== "ended" || show.endedAt === null || show.startedAt === null || show.replayHours <= 0) return null;
  return show.endedAt + show.replayHours * HOUR_MS;
}

/** The keep tier and higher (and admins) still watch the replay after the window. */
function keepsReplay(viewer: LiveViewer | null, show: Pick<Show, "replayKeepTierId" | "replayKeepRank">) {
  if (!viewer || show.replayKeepTierId === null) return false;
  if (viewer.isAdmin) return true;
  return show.replayKeepRank !== null && admitsTier(viewer, { minRank: show.replayKeepRank });
}

/** The show's state for this viewer at `now`. */
export function liveViewState(show: Show, viewer: LiveViewer | null, now: number): LiveViewState {
  if (show.state === "scheduled") return "upcoming";
  if (show.state === "live") return "live";
  if (show.startedAt === null || show.endedAt === null) return "ended";
  const windowEnd = replayWindowEnd(show);
  if (windowEnd !== null && now < windowEnd) return "replay";
  return keepsReplay(viewer, show) ? "replay" : "ended";
}
