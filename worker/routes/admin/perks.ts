// /api/admin/perks: the back office's special perks (decision 030), administrators only (the admin
// tree's gate runs first).
//   GET    /                    every perk with its state, reveals and code counts
//   POST   /                    a new perk (perkInputSchema) → 201
//   GET    /:id                 one perk
//   PUT    /:id                 every field again
//   A VIP perk may ask a tier and above (minTierId, decision 104): a tier the ladder lacks is 400
//   tier_gate_unknown, an archived one not already the perk's 400 tier_gate_archived; nothing stored.
//   DELETE /:id                 the perk, its reveals and its codes in one batch; then its picture
//   PUT    /:id/picture         the body is the image (JPEG, PNG or WebP, at most 2 MB)
//   GET    /:id/reveals         the latest reveals (who, when, their code) and the total
//   POST   /:id/codes/preview   body: the CSV text → columns, suggested column, first rows
//   POST   /:id/codes/import    { csv, column, firstRow } → added, already stored, rows not used
//   DELETE /:id/codes           removes the codes nobody has claimed → { deleted, perk }
// Writes are audited: in their batch, or right after it for the code pool, whose module stores
// codes in a batch of its own (as the presale codes' routes do).
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../../types";
import { parseJsonBody, validate } from "../../lib/validate";
import { uploadBody } from "../../lib/upload-body";
import { CATALOG_IMAGE_MAX_BYTES } from "#contracts/music/admin-catalog-limits.ts";
import { conflict, notFound } from "../../lib/errors";
import { findPerk, perkPool, type PerkRow } from "../../db/perks";
import { createPerk, deletePerk, findAdminPerk, listAdminPerks, listPerkReveals, setPerkPicture, updatePerk } from "../../db/admin-perks";
import { deleteFreeCodes } from "../../db/offer-codes";
import { recordAudit } from "../../db/audit";
import { importOfferCodes, previewOfferCodes } from "../../services/offer-codes";
import { deleteObjects, storeImage } from "../../services/media/catalog-uploads";
import { offerCodeImportSchema, type OfferCodeImportResponse, type OfferCodePreviewResponse } from "#contracts/offer-codes.ts";
import {
  PERK_ERROR_CODES,
  PERK_ID_PATTERN,
  PERK_MESSAGES,
  perkInputSchema,
  type AdminPerk,
  type AdminPerkResponse,
  type AdminPerksResponse,
  type PerkCodesClearedResponse,
  type PerkDeletedResponse,
  type PerkRevealsResponse,
} from "#contracts/perks.ts";
import { actorOf } from "../../middleware/guards";
import { checkMinTierChoice } from "../../services/tier-gate-check";

type Ctx = Context<HonoEnv>;

const perkNotFound = () => notFound(PERK_MESSAGES.notFound, PERK_ERROR_CODES.notFound);

async function storedPerk(c: Ctx): Promise<PerkRow> {
  const id = c.req.param("id") ?? "";
  const row = PERK_ID_PATTERN.test(id) ? await findPerk(c.var.db, id) : null;
  if (!row) throw perkNotFound();
  return row;
}

async function adminView(c: Ctx, id: string): Promise<AdminPerk> {
  const perk = await findAdminPerk(c.var.db, id);
  if (!perk) throw perkNotFound();
  return perk;
}

/** Codes are imported only into a perk that hands out unique codes. */
async function uniquePerk(c: Ctx): Promise<PerkRow> {
  const row = await storedPerk(c);
  if (row.codeMode !== "unique") throw conflict(PERK_MESSAGES.notUnique, PERK_ERROR_CODES.notUnique);
  return row;
}

export const adminPerkRoutes = new Hono<HonoEnv>()
  .get("/", async (c) => c.json<AdminPerksResponse>({ perks: await listAdminPerks(c.var.db) }))

  .post("/", validate("json", perkInputSchema), async (c) => {
    const values = c.req.valid("json");
    await checkMinTierChoice(c.var.db, values.minTierId, null);
    const perk = await createPerk(c.var.db, actorOf(c), values);
    return c.json<AdminPerkResponse>({ perk }, 201);
  })

  .get("/:id", async (c) => c.json<AdminPerkResponse>({ perk: await adminView(c, (await storedPerk(c)).id) }))

  .put("/:id", async (c) => {
    const before = await storedPerk(c);
    const values = await parseJsonBody(c, perkInputSchema);
    await checkMinTierChoice(c.var.db, values.minTierId, before.minTierId);
    const perk = await updatePerk(c.var.db, actorOf(c), before, values);
    if (!perk) throw perkNotFound();
    return c.json<AdminPerkResponse>({ perk });
  })

  .delete("/:id", async (c) => {
    const before = await storedPerk(c);
    const { reveals, codes } = await adminView(c, before.id);
    await deletePerk(c.var.db, actorOf(c), before, reveals, codes);
    await deleteObjects(c.env.MEDIA, [before.imageKey]);
    return c.json<PerkDeletedResponse>({ deleted: before.id });
  })

  .put("/:id/picture", uploadBody(CATALOG_IMAGE_MAX_BYTES), async (c) => {
    const before = await storedPerk(c);
    const key = await storeImage(c, "perks", before.id);
    const swapped = await setPerkPicture(c.var.db, actorOf(c), before, key);
    if (!swapped) {
      await deleteObjects(c.env.MEDIA, [key]); // the perk went away meanwhile: nothing uses it
      throw perkNotFound();
    }
    await deleteObjects(c.env.MEDIA, [swapped.previous]);
    return c.json<AdminPerkResponse>({ perk: await adminView(c, before.id) });
  })

  .get("/:id/reveals", async (c) => c.json<PerkRevealsResponse>(await listPerkReveals(c.var.db, (await storedPerk(c)).id)))

  .post("/:id/codes/preview", async (c) => {
    await uniquePerk(c);
    return c.json<OfferCodePreviewResponse>(previewOfferCodes(await c.req.text()));
  })

  .post("/:id/codes/import", validate("json", offerCodeImportSchema), async (c) => {
    const row = await uniquePerk(c);
    const result = await importOfferCodes(c.var.db, perkPool(row.id), c.req.valid("json"));
    const { rows, added, alreadyStored, invalid } = result;
    await recordAudit(c.var.db, {
      actor: actorOf(c),
      action: "perk.codes.import",
      targetType: "perk",
      targetId: row.id,
      summary: { after: { rows, added, alreadyStored, invalid } },
    });
    return c.json<OfferCodeImportResponse>(result);
  })

  .delete("/:id/codes", async (c) => {
    const row = await storedPerk(c);
    const deleted = await deleteFreeCodes(c.var.db, perkPool(row.id));
    await recordAudit(c.var.db, { actor: actorOf(c), action: "perk.codes.delete", targetType: "perk", targetId: row.id, summary: { after: { deleted } } });
    return c.json<PerkCodesClearedResponse>({ deleted, perk: await adminView(c, row.id) });
  });
