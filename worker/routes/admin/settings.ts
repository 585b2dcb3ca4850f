// /api/admin/settings: the saved site settings (session timeout, admin notifications) with the
// read-only facts the page shows next to them. GET reads; PUT stores the fields sent, audited.
import { Hono, type Context } from "hono";
import { readConfig } from "../../env";
import type { HonoEnv } from "../../types";
import { ADMIN_ROLE, settingsUpdateSchema, type AdminSettingsResponse, type SiteSettings } from "../../contracts/admin-settings";
import { readSettings, saveSettings } from "../../db/settings";
import { unauthorized } from "../../lib/errors";
import { validate } from "../../lib/validate";

type Ctx = Context<HonoEnv>;

/** The signed-in admin (the admin gate ran before this sub-app, so there always is one). */
function viewerOf(c: Ctx) {
  const user = c.var.user;
  if (!user) throw unauthorized();
  return user;
}

function response(c: Ctx, settings: SiteSettings): AdminSettingsResponse {
  const cfg = readConfig(c.env);
  return {
    settings,
    site: { name: cfg.BRAND_NAME, supportEmail: cfg.SUPPORT_EMAIL, adminEmail: cfg.ADMIN_EMAIL },
    viewer: { email: viewerOf(c).email, role: ADMIN_ROLE.role, roleLabel: ADMIN_ROLE.label },
  };
}

export const settingsRoutes = new Hono<HonoEnv>()
  .get("/", async (c) => c.json<AdminSettingsResponse>(response(c, await readSettings(c.var.db))))

  .put("/", validate("json", settingsUpdateSchema), async (c) => {
    const { id, email } = viewerOf(c);
    const settings = await saveSettings(c.var.db, c.req.valid("json"), { id, email });
    return c.json<AdminSettingsResponse>(response(c, settings));
  });
