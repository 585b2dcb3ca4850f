// The newsletter's cron work, every five minutes: "Notify me" mails the fans waiting for what came
// out (decision 057), then scheduled campaigns due soon are queued and unconfirmed subscriptions
// past their 7 days forgotten.
import { FIVE_MINUTE_CRON, type WorkerArea } from "./area";

export const newsletter = {
  cron: [
    {
      cron: FIVE_MINUTE_CRON,
      name: "notify-me: pass",
      run: async ({ env, db, scheduledTime }) => (await import("../notify-me/pass")).runNotifyPass(env, db, scheduledTime),
    },
    {
      cron: FIVE_MINUTE_CRON,
      name: "newsletter: five-minute work",
      run: async ({ env, db, scheduledTime }) => (await import("../newsletter/scheduled")).newsletterEveryFiveMinutes(env, db, scheduledTime),
    },
  ],
} satisfies WorkerArea;
