// /api/admin/events/:id/presale-codes: an event's unique VIP presale codes (decision 029), for
// administrators only (the admin tree's gate runs first). Mounted beside the events sub-app.
//   GET    /          the counts { total, claimed, left }
//   POST   /preview   body: the CSV text (its first rows are enough) → columns, suggested column, rows
//   POST   /import    { csv, column, firstRow } → added, already stored, rows not used
//   DELETE /          removes the codes nobody has claimed → { deleted }
// The codes themselves are never answered here either: an admin sees counts. Imports and removals
// are audited; the pool's module stores its codes in a batch of its own, so the audit row is
// written right after it (recordAudit), as the contacts export's is.
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../../types";
import { validate } from "../../lib/validate";
import { notFound } from "../../lib/errors";
import { findEvent, type EventRow } from "../../db/events";
import { countPool, deleteFreeCodes } from "../../db/offer-codes";
import { recordAudit } from "../../db/audit";
import { importOfferCodes, previewOfferCodes } from "../../services/offer-codes";
import {
  offerCodeImportSchema,
  type OfferCodeCounts,
  type OfferCodeImportResponse,
  type OfferCodePreviewResponse,
  type OfferPool,
} from "#contracts/offer-codes.ts";
import { EVENT_ID_PATTERN } from "#contracts/events.ts";
import type { PresaleCodesDeletedResponse } from "#contracts/presales.ts";
import { ADMIN_EVENT_CODES, ADMIN_EVENT_MESSAGES } from "#contracts/admin/events.ts";
import { actorOf } from "../../middleware/guards";

async function storedEvent(c: Context<HonoEnv>): Promise<EventRow> {
  const id = c.req.param("id") ?? "";
  const row = EVENT_ID_PATTERN.test(id) ? await findEvent(c.var.db, id) : null;
  if (!row) throw notFound(ADMIN_EVENT_MESSAGES.eventNotFound, ADMIN_EVENT_CODES.notFound);
  return row;
}

const poolOf = (row: EventRow): OfferPool => ({ kind: "presale", id: row.id });

export const adminPresaleCodeRoutes = new Hono<HonoEnv>()
  .get("/:id/presale-codes", async (c) => c.json<OfferCodeCounts>(await countPool(c.var.db, poolOf(await storedEvent(c)))))

  .post("/:id/presale-codes/preview", async (c) => {
    await storedEvent(c);
    return c.json<OfferCodePreviewResponse>(previewOfferCodes(await c.req.text()));
  })

  .post("/:id/presale-codes/import", validate("json", offerCodeImportSchema), async (c) => {
    const row = await storedEvent(c);
    const result = await importOfferCodes(c.var.db, poolOf(row), c.req.valid("json"));
    const { rows, added, alreadyStored, invalid } = result;
    await recordAudit(c.var.db, {
      actor: actorOf(c),
      action: "event.presale_codes.import",
      targetType: "event",
      targetId: row.id,
      summary: { after: { rows, added, alreadyStored, invalid } },
    });
    return c.json<OfferCodeImportResponse>(result);
  })

  .delete("/:id/presale-codes", async (c) => {
    const row = await storedEvent(c);
    const deleted = await deleteFreeCodes(c.var.db, poolOf(row));
    await recordAudit(c.var.db, {
      actor: actorOf(c),
      action: "event.presale_codes.delete",
      targetType: "event",
      targetId: row.id,
      summary: { after: { deleted } },
    });
    return c.json<PresaleCodesDeletedResponse>({ deleted, codes: await countPool(c.var.db, poolOf(row)) });
  });
