// /api/admin/store/shipping: what shipping costs (decision 054). Behind the admin gate of
// routes/admin/index.ts.
//   GET  /  every zone × weight class in both currencies, and the free-shipping threshold per currency
//   PUT  /  replaces them all (the form sends the whole table), with one audit row in the same batch
import { Hono } from "hono";
import type { HonoEnv } from "../../types";
import { actorOf } from "../../middleware/guards";
import { validate } from "../../lib/validate";
import { readShippingSettings, saveShippingSettings } from "../../db/store/shipping";
import { shippingSettingsSchema } from "#contracts/store/checkout.ts";
import type { ShippingSettings } from "#contracts/store/shipping.ts";

export const adminStoreShippingRoutes = new Hono<HonoEnv>()
  .get("/", async (c) => c.json<ShippingSettings>(await readShippingSettings(c.var.db)))
  .put("/", validate("json", shippingSettingsSchema), async (c) =>
    c.json<ShippingSettings>(await saveShippingSettings(c.var.db, c.req.valid("json"), actorOf(c))),
  );
