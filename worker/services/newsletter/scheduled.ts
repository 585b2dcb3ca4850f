// The newsletter's share of the 5-minute cron: scheduled campaigns due soon are queued to start
// on their minute, and subscriptions nobody confirmed within 7 days are forgotten. Each part logs
// its own failure so one cannot stop the other.
import type { AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { expireUnconfirmed } from "../../db/newsletter";
import { queueDueCampaigns } from "./campaigns";

export async function newsletterEveryFiveMinutes(env: AppEnv, db: DB, now: number): Promise<void> {
  try {
    const queued = await queueDueCampaigns(env, db, now);
    if (queued > 0) console.log(`campaigns: ${queued} scheduled campaign(s) queued to start`);
  } catch (err) {
    console.error("campaigns: queueing scheduled campaigns failed", err);
  }
  try {
    const expired = await expireUnconfirmed(db, now);
    if (expired > 0) console.log(`newsletter: ${expired} unconfirmed subscription(s) forgotten`);
  } catch (err) {
    console.error("newsletter: expiring unconfirmed subscriptions failed", err);
  }
}
