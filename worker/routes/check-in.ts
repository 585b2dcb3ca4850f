// /api/check-in: the door (decision 027). Door staff and administrators (requireDoorStaff) pick a
// published in-person event, read a VIP pass (its QR token or its typed code) and see who was let
// in. The role opens these routes only: /api/admin stays behind requireAdmin.
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import { readConfig } from "../env";
import { validate } from "../lib/validate";
import { routeError } from "../lib/errors";
import { requireDoorStaff } from "../middleware/guards";
import { checkIn } from "../services/vip-pass";
import { findDoorEvent, listCheckIns, listDoorEvents } from "../db/tickets/check-in";
import { checkInEventParamSchema, checkInSchema } from "#contracts/tickets/check-in.ts";
import { CHECK_IN_ERROR_CODES, type CheckInEventsResponse, type CheckInListResponse, type CheckInResponse } from "#contracts/tickets/vip-pass.ts";

export const checkInRoutes = new Hono<HonoEnv>()
  .use(requireDoorStaff)

  .get("/events", async (c) => c.json<CheckInEventsResponse>({ events: await listDoorEvents(c.var.db, Date.now()) }))

  .get("/events/:id/check-ins", validate("param", checkInEventParamSchema), async (c) => {
    const { id } = c.req.valid("param");
    if (!(await findDoorEvent(c.var.db, id))) throw routeError(CHECK_IN_ERROR_CODES.eventNotFound);
    return c.json<CheckInListResponse>({ eventId: id, ...(await listCheckIns(c.var.db, id)) });
  })

  .post("/", validate("json", checkInSchema), async (c) => {
    const { eventId, token, code } = c.req.valid("json");
    const answer = await checkIn(c.var.db, readConfig(c.env).SESSION_SECRET, { staffId: c.var.user.id, eventId, token, code });
    return c.json<CheckInResponse>(answer);
  });
