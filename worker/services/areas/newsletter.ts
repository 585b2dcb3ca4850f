// The newsletter's cron work, every five minutes: "Notify me" mails the fans waiting for what came
// out (decision 057), then scheduled campaigns due soon are queued and unconfirmed subscriptions
// past their 7 days forgotten.
import { runNotifyPass } from "../notify-me/pass";
import { newsletterEveryFiveMinutes } from "../newsletter/scheduled";
import { FIVE_MINUTE_CRON, type WorkerArea } from "./area";

export const newsletter = {
  cron: [
    { cron: FIVE_MINUTE_CRON, name: "notify-me: pass", run: ({ env, db, scheduledTime }) => runNotifyPass(env, db, scheduledTime) },
    { cron: FIVE_MINUTE_CRON, name: "newsletter: five-minute work", run: ({ env, db, scheduledTime }) => newsletterEveryFiveMinutes(env, db, scheduledTime) },
  ],
} satisfies WorkerArea;
