// /api/admin/settings: the saved site settings (session timeout, admin notifications, the artist's
// name) with the read-only facts the page shows next to them. GET reads; PUT stores the fields
// sent, audited. Both answer the artist's name resolved: the persona's until one is saved.
// PUT /portrait: the body is the artist's portrait (JPEG, PNG or WebP, at most 2 MB, like the
// catalog's pictures), stored in R2 under site/ and named by the setting; the one it replaces is
// deleted unless it is the demo default.
import { Hono, type Context } from "hono";
import { readConfig } from "../../env";
import type { HonoEnv } from "../../types";
import { ADMIN_ROLE, resolveSettings, settingsUpdateSchema, type AdminSettingsResponse, type StoredSettings } from "#contracts/admin/settings.ts";
import { readSettings, saveSettings } from "../../db/settings";
import { deleteObjects, storeImage } from "../../services/media/catalog-uploads";
import { DEFAULT_ARTIST_PORTRAIT_KEY } from "#contracts/admin/settings.ts";
import { validate } from "../../lib/validate";
import { uploadBody } from "../../lib/upload-body";
import { CATALOG_IMAGE_MAX_BYTES } from "#contracts/music/admin-catalog-limits.ts";
import { actorOf } from "../../middleware/guards";

type Ctx = Context<HonoEnv>;

function response(c: Ctx, settings: StoredSettings): AdminSettingsResponse {
  const cfg = readConfig(c.env);
  return {
    settings: resolveSettings(settings, cfg),
    site: { name: cfg.BRAND_NAME, supportEmail: cfg.SUPPORT_EMAIL, adminEmail: cfg.ADMIN_EMAIL },
    viewer: { email: actorOf(c).email, role: ADMIN_ROLE.role, roleLabel: ADMIN_ROLE.label },
  };
}

export const settingsRoutes = new Hono<HonoEnv>()
  .get("/", async (c) => c.json<AdminSettingsResponse>(response(c, await readSettings(c.var.db))))

  .put("/", validate("json", settingsUpdateSchema), async (c) => {
    const settings = await saveSettings(c.var.db, c.req.valid("json"), actorOf(c));
    return c.json<AdminSettingsResponse>(response(c, settings));
  })

  .put("/portrait", uploadBody(CATALOG_IMAGE_MAX_BYTES), async (c) => {
    const key = await storeImage(c, "site", "artist-portrait");
    const before = (await readSettings(c.var.db)).artistPortrait;
    const settings = await saveSettings(c.var.db, { artistPortrait: key }, actorOf(c));
    if (before !== DEFAULT_ARTIST_PORTRAIT_KEY && before !== key) await deleteObjects(c.env.MEDIA, [before]);
    return c.json<AdminSettingsResponse>(response(c, settings));
  });
