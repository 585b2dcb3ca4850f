// "{show} is live" (decision 113): when a show goes on air, by the control room's start or the
// provider's notice, one notification to each member who asked "Remind me" on its event and may
// watch it. The caller calls this only when its own conditional update claimed the notification
// (live_shows.live_notified_at), and the event id keys the notification too, so it goes out once.
// Never throws: the show is on air whatever happens here.
import type { AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { findLiveShow, remindedMemberIds, standingsOf } from "../../db/live";
import { notifyMembers } from "../notifications";
import { liveRefusal } from "./access";
import { livePagePath } from "#contracts/live-limits.ts";
import { VIP_TIER_RANK } from "#contracts/tiers/tiers.ts";

export async function notifyShowLive(env: AppEnv, db: DB, eventId: string): Promise<void> {
  try {
    const row = await findLiveShow(db, eventId);
    if (!row?.show) return;
    const show = row.show;
    const standings = await standingsOf(db, eventId, await remindedMemberIds(db, eventId));
    const recipients = standings
      .filter((m) => {
        const viewer = { isAdmin: m.is_admin === 1, isVIP: m.rank >= VIP_TIER_RANK, tier: { id: "", rank: m.rank }, banned: m.status === "banned" };
        return liveRefusal(viewer, show, m.holds_ticket === 1) === null;
      })
      .map((m) => m.id);
    await notifyMembers(
      env,
      db,
      {
        id: `show_live:${eventId}`,
        kind: "show_live",
        actorId: null,
        params: { title: row.title, titlePtBr: row.titlePtBr ?? undefined },
        link: livePagePath(eventId),
      },
      recipients,
    );
  } catch (err) {
    console.error(`live: the "is live" notification of ${eventId} failed`, err);
  }
}
