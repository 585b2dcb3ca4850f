// GET /api/admin/setup: the set-up checklist (decision 077), each step worked out from the site's
// own data and configuration: the artist's name saved in Settings, a release, a station or
// channel, live payments (STRIPE_SECRET_KEY), live mail (MAIL_PROVIDER), live bot checks
// (TURNSTILE_SECRET_KEY: without it production refuses the forms that carry one).
import { Hono } from "hono";
import type { HonoEnv } from "../../types";
import type { SetupChecklist, SetupStepId } from "#contracts/site-setup.ts";
import { readSettings } from "../../db/settings";
import { readSiteContent } from "../../db/site-setup";
import { paymentsModeOf } from "../../services/payments";
import { botCheckModeOf } from "../../services/bot-check";

export const adminSetupRoutes = new Hono<HonoEnv>().get("/", async (c) => {
  const [settings, content] = await Promise.all([readSettings(c.var.db), readSiteContent(c.var.db)]);
  const done: Record<SetupStepId, boolean> = {
    identity: settings.artistName !== null,
    release: content.releases,
    broadcast: content.broadcasts,
    payments: paymentsModeOf(c.env) === "live",
    mail: Boolean(c.env.MAIL_PROVIDER),
    botCheck: botCheckModeOf(c.env) === "live",
  };
  c.header("Cache-Control", "private, no-store");
  return c.json<SetupChecklist>({ steps: (Object.keys(done) as SetupStepId[]).map((id) => ({ id, done: done[id] })) });
});
