// The back office's offer settings (decision 101): GET and PUT /api/admin/offers for administrators
// only, off by default, every setting validated (400 with its code, nothing stored or audited), the
// offered tier a paid tier that is not archived, and each save audited.
import { beforeEach, describe, expect, it } from "vitest";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { D1, exec, row } from "./check-in-fixtures";
import { auditCount, expectAdminOnly } from "./admin-gate-matrix";
import { DEFAULT_OFFER_SETTINGS, type OfferSettings } from "../../worker/contracts/tiers/offers-model";
import { forgetTiers } from "../../worker/db/tiers/tiers";

const storedSettings = async () => (await row<{ value: string }>("SELECT value FROM site_settings WHERE key = 'offers.settings'"))?.value ?? null;
const put = (admin: TestUser | undefined, json: unknown) => call("/api/admin/offers", { method: "PUT", json, cookie: admin?.cookie });

const GOOD: OfferSettings = {
  enabled: true,
  thresholds: { plays: 10, likes: 0, eventsAttended: 1, purchases: 2 },
  percentOff: 35,
  tierId: "vip",
  winBack: { enabled: true, percentOff: 60 },
};

beforeEach(async () => {
  await D1.prepare("DELETE FROM site_settings").run();
  await exec(
    "INSERT OR IGNORE INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, monthly_usd_cents) VALUES ('inner-circle', 2, 'Inner Circle', 'Círculo Íntimo', '#7c3aed', 2499)",
  );
  await exec(
    "INSERT OR IGNORE INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, monthly_usd_cents, archived_at) VALUES ('old-club', 3, 'Old club', 'Clube antigo', '#000000', 999, 1)",
  );
  forgetTiers();
});

describe("/api/admin/offers: administrators only", () => {
  it("refuses every other role on GET and PUT, storing nothing", async () => {
    await expectAdminOnly({ method: "GET", path: "/api/admin/offers" });
    await expectAdminOnly({ method: "PUT", path: "/api/admin/offers", json: GOOD }, storedSettings);
  });

  it("door staff are refused too (403 admin_required)", async () => {
    const door = await createUser("user");
    await exec("UPDATE users SET is_door_staff = 1 WHERE id = ?1", door.id);
    for (const method of ["GET", "PUT"]) {
      const res = await call("/api/admin/offers", { method, json: method === "PUT" ? GOOD : undefined, cookie: door.cookie });
      expect([res.status, (await errorOf(res)).code]).toEqual([403, "admin_required"]);
    }
    expect(await storedSettings()).toBeNull();
  });
});

describe("/api/admin/offers as an administrator", () => {
  it("reads the defaults, offers and win-back off, until saved", async () => {
    const admin = await createUser("admin");
    const res = await call("/api/admin/offers", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    // The tiers on offer: paid and not archived (not the free tier, not the archived club).
    expect(await res.json()).toEqual({
      settings: DEFAULT_OFFER_SETTINGS,
      tiers: [
        { id: "vip", name: { en: "VIP", ptBR: "VIP" } },
        { id: "inner-circle", name: { en: "Inner Circle", ptBR: "Círculo Íntimo" } },
      ],
    });
    expect(DEFAULT_OFFER_SETTINGS.enabled).toBe(false);
    expect(DEFAULT_OFFER_SETTINGS.winBack.enabled).toBe(false);
  });

  it("saves the settings, audited, and reads them back", async () => {
    const admin = await createUser("admin");
    const before = await auditCount();
    const res = await put(admin, { ...GOOD, tierId: "inner-circle" });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json<{ settings: OfferSettings }>()).settings).toEqual({ ...GOOD, tierId: "inner-circle" });
    expect(JSON.parse((await storedSettings())!)).toEqual({ ...GOOD, tierId: "inner-circle" });
    expect(await auditCount()).toBe(before + 1);
    const audit = await row<{ action: string; actor_id: string }>("SELECT action, actor_id FROM audit_log ORDER BY created_at DESC LIMIT 1");
    expect(audit).toEqual({ action: "offers.settings.update", actor_id: admin.id });
    expect((await (await call("/api/admin/offers", { cookie: admin.cookie })).json<{ settings: OfferSettings }>()).settings).toEqual({
      ...GOOD,
      tierId: "inner-circle",
    });
  });

  const bad: [string, unknown, string, string][] = [
    ["a percent of 0", { ...GOOD, percentOff: 0 }, "offer_percent_invalid", "percentOff"],
    ["a percent of 91", { ...GOOD, percentOff: 91 }, "offer_percent_invalid", "percentOff"],
    ["a fractional percent", { ...GOOD, percentOff: 12.5 }, "offer_percent_invalid", "percentOff"],
    ["a win-back percent of 95", { ...GOOD, winBack: { enabled: true, percentOff: 95 } }, "offer_percent_invalid", "winBack.percentOff"],
    ["a negative threshold", { ...GOOD, thresholds: { ...GOOD.thresholds, plays: -1 } }, "offer_threshold_invalid", "thresholds.plays"],
    ["a threshold too large", { ...GOOD, thresholds: { ...GOOD.thresholds, likes: 100_001 } }, "offer_threshold_invalid", "thresholds.likes"],
    ["a threshold as text", { ...GOOD, thresholds: { ...GOOD.thresholds, purchases: "2" } }, "offer_threshold_invalid", "thresholds.purchases"],
    ["a tier that does not exist", { ...GOOD, tierId: "platinum" }, "offer_tier_invalid", "tierId"],
    ["the free tier", { ...GOOD, tierId: "member" }, "offer_tier_invalid", "tierId"],
    ["an archived tier", { ...GOOD, tierId: "old-club" }, "offer_tier_invalid", "tierId"],
    ["an empty tier", { ...GOOD, tierId: "" }, "offer_tier_invalid", "tierId"],
    ["a missing switch", { ...GOOD, enabled: undefined }, "invalid_input", "enabled"],
    ["an unknown field", { ...GOOD, sendToEveryone: true }, "invalid_input", ""],
  ];
  for (const [label, json, code, field] of bad) {
    it(`refuses ${label}: 400 ${code}, nothing stored or audited`, async () => {
      const admin = await createUser("admin");
      const audits = await auditCount();
      const res = await put(admin, json);
      expect(res.status).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe(code);
      if (field) expect(error.field).toBe(field);
      expect(await storedSettings()).toBeNull();
      expect(await auditCount()).toBe(audits);
    });
  }
});
