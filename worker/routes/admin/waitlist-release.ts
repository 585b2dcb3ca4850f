// /api/admin/waitlist: seats released to a type's waitlist (decision 190), administrators only (the
// admin tree's gate runs first).
//   POST /types/:typeId/release   { count } 1..WAITLIST_RELEASE_MAX → { released }: new seats of the
//        type only its line may buy, offered in line order at once. `released` is fewer than
//        `count` when the venue's capacity bounds it (0 when it is full). Unknown type 404
//        waitlist_type_not_found; a cancelled, past or unpublished show, or one whose list has closed,
//        409 waitlist_release_closed; a bad count 400 waitlist_release_count_invalid; nothing stored
//        on any refusal.
import { Hono } from "hono";
import type { HonoEnv } from "../../types";
import { parseJsonBody } from "../../lib/validate";
import { routeError } from "../../lib/errors";
import { actorOf } from "../../middleware/guards";
import { releaseSeats, releaseTarget } from "../../db/waitlist/seats";
import { passOn } from "../../services/waitlist/offers";
import { releaseSeatsSchema } from "#contracts/waitlist/waitlist.ts";
import { WAITLIST_ID_PATTERN, type WaitlistReleaseResponse } from "#contracts/waitlist/model.ts";

export const adminWaitlistReleaseRoutes = new Hono<HonoEnv>().post("/types/:typeId/release", async (c) => {
  const now = Date.now();
  const typeId = c.req.param("typeId");
  const target = WAITLIST_ID_PATTERN.test(typeId) ? await releaseTarget(c.var.db, typeId, now) : null;
  if (!target) throw routeError("waitlist_type_not_found");
  const { count } = await parseJsonBody(c, releaseSeatsSchema);
  if (!target.open) throw routeError("waitlist_release_closed");
  const released = await releaseSeats(c.var.db, { typeId, count, actor: actorOf(c), now });
  // The show may have closed between the read and the batch, which then listed nothing.
  if (released === 0 && !(await releaseTarget(c.var.db, typeId, now))?.open) throw routeError("waitlist_release_closed");
  if (released > 0) await passOn(c.env, c.var.db, [typeId], now);
  return c.json<WaitlistReleaseResponse>({ released });
});
