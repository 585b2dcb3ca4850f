// /api/admin/venues: the back office's saved venues (administrators only: the admin tree's gate runs
// first). A venue is picked in the event form to fill an event's venue fields; one still used by
// events cannot be deleted (409, saying how many). Venues are not public, so a change to one
// leaves the public pages' memo alone.
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../../types";
import { parseJsonBody, validate } from "../../lib/validate";
import { notFound, routeError } from "../../lib/errors";
import { countVenueEvents, createVenue, deleteVenue, findAdminVenue, listAdminVenues, updateVenue } from "../../db/admin-venues";
import { EVENT_ID_PATTERN } from "#contracts/events.ts";
import {
  ADMIN_VENUE_CODES,
  ADMIN_VENUE_MESSAGES,
  venueInputSchema,
  venueInUseMessage,
  venueListQuerySchema,
  type AdminVenue,
  type AdminVenueResponse,
  type AdminVenuesResponse,
  type VenueDeletedResponse,
} from "#contracts/admin/venues.ts";
import { isForeignKeyViolation } from "../../db/d1";
import { actorOf } from "../../middleware/guards";

type Ctx = Context<HonoEnv>;

const venueNotFound = () => notFound(ADMIN_VENUE_MESSAGES.venueNotFound, ADMIN_VENUE_CODES.notFound);
/** A 409 that names how many events still use the venue, in its text and in its params. */
const venueInUse = (count: number) => routeError(ADMIN_VENUE_CODES.inUse, { message: venueInUseMessage(count), params: { count } });

/** Venue ids are UUIDs, like event ids. */
async function storedVenue(c: Ctx): Promise<AdminVenue> {
  const id = c.req.param("id") ?? "";
  const venue = EVENT_ID_PATTERN.test(id) ? await findAdminVenue(c.var.db, id) : null;
  if (!venue) throw venueNotFound();
  return venue;
}

export const adminVenueRoutes = new Hono<HonoEnv>()
  .get("/", validate("query", venueListQuerySchema), async (c) =>
    c.json<AdminVenuesResponse>({ venues: await listAdminVenues(c.var.db, c.req.valid("query").search) }),
  )

  .post("/", validate("json", venueInputSchema), async (c) => {
    const venue = await createVenue(c.var.db, actorOf(c), c.req.valid("json"));
    return c.json<AdminVenueResponse>({ venue }, 201);
  })

  .get("/:id", async (c) => c.json<AdminVenueResponse>({ venue: await storedVenue(c) }))

  .put("/:id", async (c) => {
    const before = await storedVenue(c);
    const venue = await updateVenue(c.var.db, actorOf(c), before, await parseJsonBody(c, venueInputSchema));
    if (!venue) throw venueNotFound();
    return c.json<AdminVenueResponse>({ venue });
  })

  .delete("/:id", async (c) => {
    const before = await storedVenue(c);
    if (before.eventCount > 0) throw venueInUse(before.eventCount);
    try {
      await deleteVenue(c.var.db, actorOf(c), before);
    } catch (err) {
      // An event picked it between the count and the delete: the foreign key refused.
      if (isForeignKeyViolation(err)) throw venueInUse(await countVenueEvents(c.var.db, before.id));
      throw err;
    }
    return c.json<VenueDeletedResponse>({ deleted: before.id });
  });
