// /api/admin/store/shipping: the zone × weight-class rates in both currencies and the free-shipping
// threshold, for administrators only, audited, and read by the next quote.
import { describe, expect, it } from "vitest";
import { call, errorOf } from "./helpers";
import { auditCount, expectAdminOnly, userOf } from "./admin-gate-matrix";
import { createDoorStaff } from "./check-in-fixtures";
import { cart, D1, postQuote, seedShirt } from "./checkout-fixtures";
import { DEFAULT_FREE_SHIPPING_OVER, type ShippingSettings } from "../../worker/contracts/store/shipping";
import { SHIPPING_ZONES, WEIGHT_CLASSES } from "../../worker/contracts/store/model";
import type { QuoteResponse } from "../../worker/contracts/store/cart";

const API = "/api/admin/store/shipping";

const table = (usd: number, brl: number) =>
  SHIPPING_ZONES.flatMap((zone) => WEIGHT_CLASSES.map((weightClass) => ({ zone, weightClass, usdCents: usd, brlCents: brl })));

const snapshot = async () => ({
  rates: (await D1.prepare("SELECT * FROM shipping_rates ORDER BY zone, weight_class").all()).results,
  threshold: (await D1.prepare("SELECT value FROM site_settings WHERE key = 'store.freeShippingOver'").first()) ?? null,
});

describe("who may", () => {
  it("is for administrators only: visitor and banned 401, member and VIP 403, nothing stored", async () => {
    await expectAdminOnly({ method: "GET", path: API });
    await expectAdminOnly({ method: "PUT", path: API, json: { rates: table(1, 1), freeShippingOver: { usd: null, brl: null } } }, snapshot);
  });

  it("refuses door staff like any member", async () => {
    const door = await createDoorStaff();
    const before = await snapshot();
    for (const method of ["GET", "PUT"]) {
      const res = await call(API, {
        method,
        cookie: door.cookie,
        json: method === "PUT" ? { rates: table(1, 1), freeShippingOver: { usd: 1, brl: 1 } } : undefined,
      });
      expect(res.status).toBe(403);
      expect((await errorOf(res)).code).toBe("admin_required");
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("GET and PUT", () => {
  it("reads the migration's rates and the default threshold", async () => {
    const admin = await userOf("admin");
    const res = await call(API, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const body = await res.json<ShippingSettings>();
    expect(body.rates).toHaveLength(9);
    expect(body.rates[0]).toEqual({ zone: "br", weightClass: "light", usdCents: 500, brlCents: 1500 });
    expect(body.freeShippingOver).toEqual(DEFAULT_FREE_SHIPPING_OVER);
  });

  it("stores the whole table and the threshold with one audit row, and the next quote uses them", async () => {
    const admin = await userOf("admin");
    const audits = await auditCount();
    const sent = { rates: table(700, 3500), freeShippingOver: { usd: null, brl: 20000 } };
    const res = await call(API, { method: "PUT", cookie: admin.cookie, json: sent });
    expect(res.status).toBe(200);
    expect((await res.json<ShippingSettings>()).freeShippingOver).toEqual({ usd: null, brl: 20000 });
    expect(await auditCount()).toBe(audits + 1);
    const audit = await D1.prepare("SELECT action, actor_id, summary FROM audit_log ORDER BY id DESC LIMIT 1").first<{
      action: string;
      actor_id: string;
      summary: string;
    }>();
    expect(audit).toMatchObject({ action: "store.shipping.update", actor_id: admin.id });
    expect(JSON.parse(audit!.summary).after.freeShippingOver).toEqual({ usd: null, brl: 20000 });

    const { productId, variantId } = await seedShirt(10, { usd: 10_000 });
    const q = await (await postQuote(cart([{ productId, variantId }], { shippingCountry: "US" }))).json<QuoteResponse>();
    expect(q.shippingCents).toBe(700); // $100 of merch, but no threshold in dollars any more
  });

  it.each([
    ["a missing zone", { rates: table(1, 1).slice(1), freeShippingOver: { usd: 1, brl: 1 } }],
    ["a zone twice", { rates: [...table(1, 1).slice(1), table(1, 1)[1]], freeShippingOver: { usd: 1, brl: 1 } }],
    ["a negative rate", { rates: table(-1, 1), freeShippingOver: { usd: 1, brl: 1 } }],
    ["cents with a fraction", { rates: table(1.5, 1), freeShippingOver: { usd: 1, brl: 1 } }],
    ["a currency too many", { rates: table(1, 1), freeShippingOver: { usd: 1, brl: 1, eur: 1 } }],
    ["no threshold", { rates: table(1, 1) }],
  ])("refuses %s: 400, nothing stored, no audit", async (_label, json) => {
    const admin = await userOf("admin");
    const [before, audits] = [await snapshot(), await auditCount()];
    const res = await call(API, { method: "PUT", cookie: admin.cookie, json });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("invalid_input");
    expect(await snapshot()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });
});
