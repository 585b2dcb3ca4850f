// The back office's sales tax (decision 093): the settings (where the artist is registered, the
// prices' tax behaviour per currency) and the tax report per jurisdiction and period, as JSON and
// as a CSV for filing. Administrators only; bad input is a 400 that stores nothing.
import { describe, expect, it } from "vitest";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { createDoorStaff } from "./check-in-fixtures";
import { D1 } from "./checkout-fixtures";
import type { TaxReportResponse, TaxSettings } from "../../worker/contracts/tax-model";

let admin: TestUser | null = null;
const adminCookie = async () => (admin ??= await createUser("admin")).cookie;

const ROLES = [
  ["visitor", 401],
  ["user", 403],
  ["vip", 403],
  ["door", 403],
  ["banned", 401],
] as const;
const cookieOf = async (role: (typeof ROLES)[number][0]) =>
  role === "visitor" ? undefined : role === "door" ? (await createDoorStaff()).cookie : (await createUser(role)).cookie;

const taxRows = async () => (await D1.prepare("SELECT key, value FROM site_settings WHERE key LIKE 'tax.%' ORDER BY key").all()).results;

describe("the tax settings", () => {
  it("default to nothing registered, exclusive in dollars and inclusive in reais", async () => {
    const res = await call("/api/admin/tax/settings", { cookie: await adminCookie() });
    expect(res.status).toBe(200);
    expect(await res.json<TaxSettings>()).toEqual({ registrations: [], behavior: { usd: "exclusive", brl: "inclusive" } });
  });

  it("are saved by an admin, sorted and without repeats, with an audit row", async () => {
    const cookie = await adminCookie();
    const res = await call("/api/admin/tax/settings", {
      method: "PUT",
      cookie,
      json: { registrations: ["US-CA", "DE", "BR", "DE"], behavior: { usd: "inclusive", brl: "inclusive" } },
    });
    expect(res.status).toBe(200);
    expect(await res.json<TaxSettings>()).toEqual({ registrations: ["BR", "DE", "US-CA"], behavior: { usd: "inclusive", brl: "inclusive" } });
    expect(await (await call("/api/admin/tax/settings", { cookie })).json()).toEqual({
      registrations: ["BR", "DE", "US-CA"],
      behavior: { usd: "inclusive", brl: "inclusive" },
    });
    const audit = await D1.prepare("SELECT action FROM audit_log WHERE action = 'tax.settings.update' AND actor_id = ?1").bind(admin!.id).all();
    expect(audit.results.length).toBeGreaterThan(0);
  });

  it.each([
    [{ registrations: ["Germany"], behavior: { usd: "exclusive", brl: "inclusive" } }, "registrations.0"],
    [{ registrations: ["us-ca"], behavior: { usd: "exclusive", brl: "inclusive" } }, "registrations.0"],
    [{ registrations: [], behavior: { usd: "both", brl: "inclusive" } }, "behavior.usd"],
    [{ registrations: [], behavior: { usd: "exclusive" } }, "behavior.brl"],
    [{ registrations: [], behavior: { usd: "exclusive", brl: "inclusive" }, rate: 19 }, undefined],
  ])("refuse %j with a 400 and store nothing", async (json, field) => {
    const cookie = await adminCookie();
    await call("/api/admin/tax/settings", { method: "PUT", cookie, json: { registrations: ["DE"], behavior: { usd: "exclusive", brl: "inclusive" } } });
    const before = await taxRows();
    const res = await call("/api/admin/tax/settings", { method: "PUT", cookie, json });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe("invalid_input");
    if (field) expect(error.field).toBe(field);
    expect(await taxRows()).toEqual(before);
  });

  it.each(ROLES)("refuse a %s (%i) and store nothing", async (role, status) => {
    const cookie = await cookieOf(role);
    const before = await taxRows();
    expect((await call("/api/admin/tax/settings", { cookie })).status).toBe(status);
    const res = await call("/api/admin/tax/settings", {
      method: "PUT",
      cookie,
      json: { registrations: ["FR"], behavior: { usd: "exclusive", brl: "inclusive" } },
    });
    expect(res.status).toBe(status);
    expect(await taxRows()).toEqual(before);
  });
});

describe("the tax report", () => {
  const day = Date.UTC(2026, 2, 10, 15);
  async function ledger(ref: string, amount: number, tax: number, jurisdiction: string | null, currency = "usd", at = day) {
    await D1.prepare(
      "INSERT INTO revenue_entries (ref, source, amount_cents, currency, occurred_at, tax_cents, tax_jurisdiction) VALUES (?1, 'store', ?2, ?3, ?4, ?5, ?6)",
    )
      .bind(ref, amount, currency, at, tax, jurisdiction)
      .run();
  }

  it("sums each jurisdiction and currency over the period, refunds deducted, untaxed rows left out", async () => {
    const p = crypto.randomUUID().slice(0, 8);
    await ledger(`t:${p}:1`, 1189, 190, "DE");
    await ledger(`t:${p}:2`, 2380, 380, "DE");
    await ledger(`t:${p}:3`, -1189, -190, "DE");
    await ledger(`t:${p}:4`, 5000, 726, "BR", "brl");
    await ledger(`t:${p}:5`, 999, 0, null);
    await ledger(`t:${p}:6`, 1189, 190, "DE", "usd", Date.UTC(2026, 2, 12, 1));
    const res = await call("/api/admin/tax/report?from=2026-03-10&to=2026-03-10&tz=UTC", { cookie: await adminCookie() });
    expect(res.status).toBe(200);
    const report = await res.json<TaxReportResponse>();
    expect(report).toMatchObject({ from: "2026-03-10", to: "2026-03-10", timeZone: "UTC", mode: "local" });
    expect(report.rows).toEqual([
      { jurisdiction: "BR", currency: "brl", payments: 1, grossCents: 5000, taxCents: 726, netCents: 4274 },
      { jurisdiction: "DE", currency: "usd", payments: 2, grossCents: 2380, taxCents: 380, netCents: 2000 },
    ]);
    const csv = await call("/api/admin/tax/report.csv?from=2026-03-10&to=2026-03-10&tz=UTC", { cookie: await adminCookie() });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="tax-2026-03-10-2026-03-10.csv"');
    // The byte-order mark kept (Response.text() would drop it), for spreadsheets to read accents right.
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(await csv.arrayBuffer());
    expect(text.split("\r\n")).toEqual([
      '\uFEFF"Jurisdiction","Currency","Payments","Gross","Tax","Net","From","To","Time zone"',
      '"BR","BRL","1","50.00","7.26","42.74","2026-03-10","2026-03-10","UTC"',
      '"DE","USD","2","23.80","3.80","20.00","2026-03-10","2026-03-10","UTC"',
    ]);
  });

  it("is empty for a period with no tax", async () => {
    const res = await call("/api/admin/tax/report?from=2001-01-01&to=2001-01-31", { cookie: await adminCookie() });
    expect((await res.json<TaxReportResponse>()).rows).toEqual([]);
  });

  it("refuses a reversed or too long period, and a bad date", async () => {
    const cookie = await adminCookie();
    const reversed = await call("/api/admin/tax/report?from=2026-03-10&to=2026-03-01", { cookie });
    expect(reversed.status).toBe(400);
    expect((await errorOf(reversed)).code).toBe("revenue_period_reversed");
    const long = await call("/api/admin/tax/report.csv?from=2024-01-01&to=2026-01-01", { cookie });
    expect(long.status).toBe(400);
    expect((await errorOf(long)).code).toBe("revenue_period_too_long");
    expect((await call("/api/admin/tax/report?from=2026-02-30", { cookie })).status).toBe(400);
  });

  it.each(ROLES)("refuses a %s (%i)", async (role, status) => {
    const cookie = await cookieOf(role);
    expect((await call("/api/admin/tax/report", { cookie })).status).toBe(status);
    expect((await call("/api/admin/tax/report.csv", { cookie })).status).toBe(status);
  });
});
