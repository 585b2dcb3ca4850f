// Who may read and who may write in a community room (decision 106): signed-in members, a tier or
// higher, or holders of a valid ticket to an event. Writing needs reading too; an archived room is
// read-only for everyone; administrators and the room's fan moderators pass every rule. Zod-free:
// the Worker's routes, the room's object and the pages all read it.
import { admitsTier, type TierHolder } from "../tiers/tiers";
import type { RoomAccessKind } from "./limits";

/** One side of a room's rule: who may read, or who may write. */
export type RoomAudience =
  | { kind: Extract<RoomAccessKind, "members"> }
  | { kind: Extract<RoomAccessKind, "tier">; tierId: string; minRank: number }
  | { kind: Extract<RoomAccessKind, "ticket">; eventId: string | null };

export type RoomRule = { read: RoomAudience; write: RoomAudience; archived: boolean };

/** What the rule asks of a signed-in viewer: their tier, and the events they hold a valid ticket to. */
export type RoomViewer = TierHolder & { ticketEventIds: ReadonlySet<string>; moderates: boolean };

/** Why a viewer may not read or write: what the page tells them opens the room. */
export type RoomRefusal = "sign_in" | "tier_required" | "ticket_required" | "archived";

function refusalOf(viewer: RoomViewer, audience: RoomAudience): RoomRefusal | null {
  if (viewer.isAdmin || viewer.moderates) return null;
  if (audience.kind === "members") return null;
  if (audience.kind === "tier") return admitsTier(viewer, { minRank: audience.minRank }) ? null : "tier_required";
  return audience.eventId !== null && viewer.ticketEventIds.has(audience.eventId) ? null : "ticket_required";
}

/** Null when the viewer may read the room's messages; else why not. A visitor (null) may not. */
export function readRefusal(viewer: RoomViewer | null, rule: RoomRule): RoomRefusal | null {
  if (!viewer) return "sign_in";
  return refusalOf(viewer, rule.read);
}

/** Null when the viewer may write in the room; else why not (reading comes first). */
export function writeRefusal(viewer: RoomViewer | null, rule: RoomRule): RoomRefusal | null {
  const read = readRefusal(viewer, rule);
  if (read) return read;
  if (rule.archived) return "archived";
  return refusalOf(viewer!, rule.write);
}
