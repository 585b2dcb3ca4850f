// Events in the Worker: the upcoming events' schema.org markup on the pages that list them, /events
// in the sitemap with their pictures, and the reminders' mail pass every five minutes.
import { toPublicEvent } from "../../db/events";
import { listedEvents, upcomingEventsJsonLd } from "../events";
import { runReminderPass } from "../reminders/pass";
import { FIVE_MINUTE_CRON, type HeadRenderer, type WorkerArea } from "./area";

const upcomingEvents: HeadRenderer = { render: (c, { locale }) => upcomingEventsJsonLd(c, locale), leftOut: "events JSON-LD left out" };

export const events = {
  pageHead: { "/": [upcomingEvents], "/events": [upcomingEvents] },
  // /events with its upcoming events' pictures and the time of the latest change to any listed one.
  sitemap: async (c, now) => {
    const rows = await listedEvents(c, now);
    const upcoming = rows.filter((row) => row.eventDate.getTime() > now);
    const lastmod = rows.reduce<Date | undefined>((latest, row) => (!latest || row.updatedAt > latest ? row.updatedAt : latest), undefined);
    return [{ loc: "/events", lastmod, images: upcoming.flatMap((row) => toPublicEvent(row, now).imageUrl ?? []) }];
  },
  cron: [{ cron: FIVE_MINUTE_CRON, name: "reminders: pass", run: ({ env, db, scheduledTime }) => runReminderPass(env, db, scheduledTime) }],
} satisfies WorkerArea;
