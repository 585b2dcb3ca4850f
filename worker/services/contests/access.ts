// Who may do what in a contest (decision 184): download its stems and enter by its gates (members,
// a tier and above, or ticket holders of an event; administrators pass), vote by the account
// (active, verified, made before the contest opened; the window by the clock).
import type { DB } from "../../db/client";
import type { ContestRow } from "../../db/contests/contests";
import { readStanding, type VoterStanding } from "../../db/contests/votes";
import { gateTier, passesGate, tiersFor } from "../../db/tiers/gate";
import type { SessionUser } from "#contracts/auth.ts";
import type { ContestAudience, ContestEnterGate } from "#contracts/contests/contests.ts";
import type { Locale } from "#contracts/locale.ts";
import type { TierView } from "#contracts/tiers/tiers.ts";

export type ContestViewer = { user: SessionUser; standing: VoterStanding; tiers: readonly TierView[] };

const gateOf = (audience: ContestAudience) => (audience.access === "tier" ? { minTier: audience.tierId! } : null);

/** The member as the contest's rules see them; null for a visitor. */
export async function contestViewer(db: DB, contest: ContestRow, user: SessionUser | null): Promise<ContestViewer | null> {
  if (!user) return null;
  const events = [contest.stems.eventId, contest.enter.eventId].filter((id): id is string => id !== null);
  const [standing, tiers] = await Promise.all([readStanding(db, user.id, events), tiersFor(db, [gateOf(contest.stems), gateOf(contest.enter)])]);
  return standing ? { user, standing, tiers } : null;
}

/** Whether the viewer passes one of the contest's gates (stems or entering). */
export function passesAudience(viewer: ContestViewer | null, audience: ContestAudience): boolean {
  if (!viewer || !viewer.standing.active) return false;
  if (viewer.user.isAdmin || audience.access === "members") return true;
  if (audience.access === "tier") return passesGate(viewer.user, gateOf(audience), viewer.tiers);
  return audience.eventId !== null && viewer.standing.ticketEventIds.has(audience.eventId);
}

/** Whether the viewer's account may vote in the contest at all (the window aside). */
export const mayVote = (viewer: ContestViewer | null, contest: ContestRow) =>
  viewer !== null && viewer.standing.active && viewer.standing.verified && viewer.standing.createdAt < contest.opensAt;

/** Who passes one of the contest's gates, as the page says it: a tier gate names its lowest tier in the asker's language. */
export async function audienceGateOf(db: DB, audience: ContestAudience, viewer: ContestViewer | null, locale: Locale): Promise<ContestEnterGate> {
  const { access, tierId } = audience;
  if (access !== "tier" || !tierId) return { access, tierName: null };
  const tiers = viewer?.tiers.length ? viewer.tiers : await tiersFor(db, [gateOf(audience)]);
  const name = gateTier(tiers, tierId).name;
  return { access, tierName: locale === "pt-BR" ? name.ptBR : name.en };
}
