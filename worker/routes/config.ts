import { Hono } from "hono";
import { isLocalMode, readConfig } from "../env";
import type { PublicConfig } from "#contracts/config.ts";
import type { HonoEnv } from "../types";
import { readSettings } from "../db/settings";
import { botCheckConfig } from "../services/bot-check";

export const configRoutes = new Hono<HonoEnv>().get("/", async (c) => {
  const cfg = readConfig(c.env);
  // The yearly plan's price is the admin's (a settings change renews the public content's version).
  const settings = await readSettings(c.var.db);
  const body: PublicConfig = {
    brandName: cfg.BRAND_NAME,
    supportEmail: cfg.SUPPORT_EMAIL,
    adminEmail: cfg.ADMIN_EMAIL,
    infoEmail: cfg.INFO_EMAIL,
    chatRoomUrl: cfg.CHAT_ROOM_URL,
    socialUrls: { facebook: cfg.SOCIAL_URL_FACEBOOK, instagram: cfg.SOCIAL_URL_INSTAGRAM },
    vipPrice: { amountCents: cfg.VIP_PRICE_CENTS, currency: cfg.VIP_PRICE_CURRENCY },
    vipYearlyPrice: { amountCents: settings.vipYearlyPriceCents, currency: cfg.VIP_PRICE_CURRENCY },
    localMode: isLocalMode(c.env),
    botCheck: botCheckConfig(c.env),
  };
  c.header("Cache-Control", "public, max-age=60");
  return c.json(body);
});
