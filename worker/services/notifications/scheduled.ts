// The notification centre's cron work (wrangler.toml [triggers], worker/services/areas/notifications.ts):
// - every 5 minutes, meet_soon: a virtual meet or listening party starting within 15 minutes;
// - hourly, renewal_soon reminders and the daily e-mail digests.
// Each step logs its failure and lets the others run: one bad step must not stop the rest.
import type { AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { meetsStartingSoon, type StartingSoon } from "../../db/notification-jobs";
import { broadcast } from "./index";
import { sendRenewalReminders } from "./membership";
import { sendDailyDigests } from "./digest";

/** meet_soon announces what starts within this long. */
export const MEET_SOON_MS = 15 * 60 * 1000;

const linkOf = (meet: StartingSoon) => (meet.type === "event" ? "/virtual-meet" : `/parties/${meet.id}`);

/**
 * Broadcasts meet_soon for each virtual meet (to VIPs: only they may join) and listening party (to
 * VIPs, or every member when it is open to all) starting within MEET_SOON_MS. The event id holds
 * the start time: a second run announces nothing again, a rescheduled one is announced anew.
 */
export async function announceMeetsStartingSoon(env: AppEnv, db: DB, now: number): Promise<number> {
  let announced = 0;
  for (const meet of await meetsStartingSoon(db, now, MEET_SOON_MS)) {
    try {
      const fresh = await broadcast(env, db, {
        id: `meet_soon:${meet.type}:${meet.id}:${meet.startsAt}`,
        kind: "meet_soon",
        actorId: null,
        params: { title: meet.title, at: new Date(meet.startsAt).toISOString() },
        link: linkOf(meet),
        audience: meet.vipOnly ? "vip" : "members",
      });
      if (fresh) announced++;
    } catch (err) {
      console.error(`notifications: announcing ${meet.type} ${meet.id} failed`, err);
    }
  }
  return announced;
}

/** The hourly part: renewal reminders, then the digests. */
export async function hourlyNotifications(env: AppEnv, db: DB, now: number): Promise<void> {
  try {
    const reminded = await sendRenewalReminders(env, db, now);
    if (reminded > 0) console.log(`notifications: ${reminded} renewal reminder(s) queued`);
  } catch (err) {
    console.error("notifications: renewal reminders failed", err);
  }
  try {
    const mailed = await sendDailyDigests(env, db, now);
    if (mailed > 0) console.log(`notifications: ${mailed} daily digest(s) mailed`);
  } catch (err) {
    console.error("notifications: daily digests failed", err);
  }
}
