// The community rooms' cron work: hourly, the pictures uploaded for a message and never sent leave
// R2 (decision 115). The job's module loads on its first run, not with the Worker.
import { HOURLY_CRON, type WorkerArea } from "./area";

export const rooms = {
  cron: [
    {
      cron: HOURLY_CRON,
      name: "rooms: unsent pictures",
      run: async ({ env, db, scheduledTime }) => (await import("../room-unsent-pictures")).removeUnsentRoomPictures(env, db, scheduledTime),
    },
  ],
} satisfies WorkerArea;
