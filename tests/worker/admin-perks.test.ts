// /api/admin/perks: perks for administrators only. Every route answers visitor and banned 401,
// member and VIP 403 (writing nothing); an admin's writes are audited; bad input is a 400 with
// its field and code that stores nothing; pictures are typed by their bytes under perks/; the list
// shows each perk's state, reveals and codes left; a delete takes the picture, reveals and codes.
//
// Expectations come from raw SQL against D1 and R2, never from the query functions under test.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { auditCount, expectAdminOnly, userOf } from "./admin-gate-matrix";
import { GIF_1X1, PNG_1X1 } from "./image-fixtures";
import { OFFER_CODE_MAX } from "../../worker/contracts/offer-codes";
import { UPLOAD_ERROR_CODES } from "../../worker/contracts/music/admin-catalog-limits";
import type { AdminPerkResponse, AdminPerksResponse, PerkCodesClearedResponse, PerkInput, PerkRevealsResponse } from "../../worker/contracts/perks";
import type { OfferCodeImportResponse, OfferCodePreviewResponse } from "../../worker/contracts/offer-codes";

const D1 = (env as unknown as { DB: D1Database }).DB;
const media = (env as unknown as { MEDIA: R2Bucket }).MEDIA;
const API = "/api/admin/perks";
const HOUR = 3600_000;

let admin: TestUser;
beforeAll(async () => {
  admin = await userOf("admin");
});

const iso = (ms: number) => new Date(ms).toISOString();
const valid = (overrides: Partial<PerkInput> = {}): PerkInput => ({
  title: "Merch discount",
  description: "20% off everything in the shop.",
  link: "https://shop.example.com/vip",
  codeMode: "shared",
  sharedCode: "VIP-20",
  audience: "vip",
  startsAt: iso(Date.now() - HOUR),
  endsAt: iso(Date.now() + 24 * HOUR),
  ...overrides,
});

const asAdmin = (path: string, options: { method?: string; json?: unknown; body?: BodyInit } = {}) => call(path, { ...options, cookie: admin.cookie });
async function createPerk(overrides: Partial<PerkInput> = {}) {
  const res = await asAdmin(API, { method: "POST", json: valid(overrides) });
  expect(res.status).toBe(201);
  return (await res.json<AdminPerkResponse>()).perk;
}
const perkCount = async () => (await D1.prepare("SELECT count(*) AS n FROM perks").first<{ n: number }>())!.n;
const perkRow = (id: string) => D1.prepare("SELECT * FROM perks WHERE id = ?").bind(id).first<Record<string, unknown>>();
const lastAudit = () =>
  D1.prepare("SELECT action, target_id, summary FROM audit_log ORDER BY id DESC LIMIT 1").first<{ action: string; target_id: string; summary: string }>();
const codesOf = async (id: string) =>
  (
    await D1.prepare("SELECT code, claimed_by FROM offer_codes WHERE pool_kind = 'perk' AND pool_id = ? ORDER BY id")
      .bind(id)
      .all<{ code: string; claimed_by: string | null }>()
  ).results;

describe("the admin gate", () => {
  it("refuses every route to visitors, members, VIPs and banned members, changing nothing", async () => {
    const perk = await createPerk({ codeMode: "unique", sharedCode: null });
    await D1.prepare("INSERT INTO offer_codes (pool_kind, pool_id, code, created_at) VALUES ('perk', ?1, 'GATE-1', 0)").bind(perk.id).run();
    const snapshot = async () => ({
      perks: (await D1.prepare("SELECT * FROM perks ORDER BY id").all()).results,
      codes: (await D1.prepare("SELECT * FROM offer_codes ORDER BY id").all()).results,
      objects: (await media.list({ prefix: "perks/" })).objects.map((o) => o.key),
    });
    const at = `${API}/${perk.id}`;
    await expectAdminOnly({ method: "GET", path: API });
    await expectAdminOnly({ method: "POST", path: API, json: valid() }, snapshot);
    await expectAdminOnly({ method: "GET", path: at });
    await expectAdminOnly({ method: "PUT", path: at, json: valid({ title: "Changed" }) }, snapshot);
    await expectAdminOnly({ method: "DELETE", path: at }, snapshot);
    await expectAdminOnly({ method: "PUT", path: `${at}/picture`, body: "not really an image", headers: { "content-type": "image/png" } }, snapshot);
    await expectAdminOnly({ method: "GET", path: `${at}/reveals` });
    await expectAdminOnly({ method: "POST", path: `${at}/codes/preview`, body: "code\nA-1\n" });
    await expectAdminOnly({ method: "POST", path: `${at}/codes/import`, json: { csv: "code\nA-1\n", column: 0 } }, snapshot);
    await expectAdminOnly({ method: "DELETE", path: `${at}/codes` }, snapshot);
  });
});

describe("create, edit, list", () => {
  it("creates a perk with an audit row and lists it with its state", async () => {
    const before = await auditCount();
    const perk = await createPerk();
    expect(perk).toMatchObject({
      title: "Merch discount",
      codeMode: "shared",
      sharedCode: "VIP-20",
      audience: "vip",
      state: "live",
      reveals: 0,
      pictureUrl: null,
    });
    expect(await auditCount()).toBe(before + 1);
    expect(await lastAudit()).toMatchObject({ action: "perk.create", target_id: perk.id });

    const now = Date.now();
    const scheduled = await createPerk({ title: "Later", startsAt: iso(now + HOUR), endsAt: iso(now + 2 * HOUR) });
    const ended = await createPerk({ title: "Over", startsAt: iso(now - 2 * HOUR), endsAt: iso(now - HOUR) });
    const list = await (await asAdmin(API)).json<AdminPerksResponse>();
    const stateOf = (id: string) => list.perks.find((p) => p.id === id)?.state;
    expect([stateOf(perk.id), stateOf(scheduled.id), stateOf(ended.id)]).toEqual(["live", "scheduled", "ended"]);
  });

  it("takes a path on this site as the link (a perk for the site's own store)", async () => {
    const perk = await createPerk({ link: "/store/tour-shirt-2026" });
    expect(perk.link).toBe("/store/tour-shirt-2026");
  });

  it("keeps a shared code only in shared mode", async () => {
    const perk = await createPerk({ codeMode: "none", sharedCode: "IGNORED" });
    expect((await perkRow(perk.id))!.shared_code).toBeNull();
  });

  it("replaces every field on PUT, auditing what changed", async () => {
    const perk = await createPerk();
    const res = await asAdmin(`${API}/${perk.id}`, {
      method: "PUT",
      json: valid({ title: "Signed vinyl", audience: "members", codeMode: "none", sharedCode: null }),
    });
    expect(res.status).toBe(200);
    expect((await res.json<AdminPerkResponse>()).perk).toMatchObject({ title: "Signed vinyl", audience: "members", codeMode: "none", sharedCode: null });
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "perk.update", target_id: perk.id });
    expect(JSON.parse(audit!.summary)).toMatchObject({
      before: { title: "Merch discount", audience: "vip" },
      after: { title: "Signed vinyl", audience: "members" },
    });
  });

  it("answers 404 perk_not_found for an unknown or malformed id", async () => {
    for (const id of [crypto.randomUUID(), "nope"]) {
      for (const [method, json] of [
        ["GET", undefined],
        ["PUT", valid()],
        ["DELETE", undefined],
      ] as const) {
        const res = await asAdmin(`${API}/${id}`, { method, json });
        expect(res.status, `${method} ${id}`).toBe(404);
        expect((await errorOf(res)).code).toBe("perk_not_found");
      }
    }
  });
});

describe("bad input: 400 with the field and its code, nothing stored", () => {
  const cases: [string, Partial<PerkInput> | Record<string, unknown>, string, string][] = [
    ["title missing", { title: undefined }, "title", "title_required"],
    ["title blank", { title: "   " }, "title", "title_required"],
    ["title too long", { title: "x".repeat(121) }, "title", "perk_title_too_long"],
    ["description missing", { description: "" }, "description", "perk_description_required"],
    ["description too long", { description: "x".repeat(2001) }, "description", "perk_description_too_long"],
    ["Portuguese title too long", { titlePtBr: "x".repeat(121) }, "titlePtBr", "perk_title_too_long"],
    ["Portuguese description too long", { descriptionPtBr: "x".repeat(2001) }, "descriptionPtBr", "perk_description_too_long"],
    ["Portuguese title not text", { titlePtBr: 42 }, "titlePtBr", "invalid_input"],
    ["link not https", { link: "http://shop.example.com" }, "link", "perk_link_invalid"],
    ["link a script", { link: "javascript:alert(1)" }, "link", "perk_link_invalid"],
    ["link with a password", { link: "https://a:b@shop.example.com" }, "link", "perk_link_invalid"],
    ["link to another host by //", { link: "//evil.example.com/store" }, "link", "perk_link_invalid"],
    ["link to another host by a backslash", { link: "/\\evil.example.com" }, "link", "perk_link_invalid"],
    ["link a relative path", { link: "store" }, "link", "perk_link_invalid"],
    ["end before start", { startsAt: iso(Date.now()), endsAt: iso(Date.now() - HOUR) }, "endsAt", "perk_end_before_start"],
    ["end equals start", { startsAt: "2030-01-01T10:00:00.000Z", endsAt: "2030-01-01T10:00:00.000Z" }, "endsAt", "perk_end_before_start"],
    ["start missing", { startsAt: undefined }, "startsAt", "perk_starts_required"],
    ["time not an instant", { endsAt: "next friday" }, "endsAt", "perk_time_invalid"],
    ["shared mode without a code", { codeMode: "shared", sharedCode: "" }, "sharedCode", "perk_shared_code_required"],
    ["a code over OFFER_CODE_MAX", { sharedCode: "C".repeat(OFFER_CODE_MAX + 1) }, "sharedCode", "perk_code_invalid"],
    ["a code with a space", { sharedCode: "TWO WORDS" }, "sharedCode", "perk_code_invalid"],
    ["unknown code mode", { codeMode: "lottery" }, "codeMode", "invalid_input"],
    ["unknown audience", { audience: "everyone" }, "audience", "invalid_input"],
    ["unknown field", { price: 3 }, "", "invalid_input"],
  ];

  for (const [name, change, field, code] of cases) {
    it(`${name} → ${code}`, async () => {
      const existing = await createPerk();
      const stored = await perkRow(existing.id);
      const [perks, audit] = [await perkCount(), await auditCount()];
      for (const [method, path] of [
        ["POST", API],
        ["PUT", `${API}/${existing.id}`],
      ] as const) {
        const res = await asAdmin(path, { method, json: { ...valid(), ...change } });
        expect(res.status, method).toBe(400);
        const error = await errorOf(res);
        expect(error.code, method).toBe(code);
        if (field) expect(error.field, method).toBe(field);
      }
      expect(await perkCount()).toBe(perks);
      expect(await auditCount()).toBe(audit);
      expect(await perkRow(existing.id)).toEqual(stored);
    });
  }

  it("answers malformed JSON with a 400", async () => {
    const res = await asAdmin(API, { method: "POST", body: "{nope", json: undefined });
    expect(res.status).toBe(400);
  });
});

describe("the picture", () => {
  it("stores it under perks/<id>-<random> by its bytes, serves it publicly and deletes the one it replaces", async () => {
    const perk = await createPerk();
    const first = await asAdmin(`${API}/${perk.id}/picture`, { method: "PUT", body: PNG_1X1 });
    expect(first.status).toBe(200);
    const url = (await first.json<AdminPerkResponse>()).perk.pictureUrl!;
    expect(url).toMatch(new RegExp(`^/media/perks/${perk.id}-[0-9a-f]{16}\\.png$`));
    const served = await call(url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    // Read to the end: an R2 body left open is cut off by the next file's reset() (workerd logs a trace).
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG_1X1);
    expect(await lastAudit()).toMatchObject({ action: "perk.picture", target_id: perk.id });

    const second = await asAdmin(`${API}/${perk.id}/picture`, { method: "PUT", body: PNG_1X1 });
    const next = (await second.json<AdminPerkResponse>()).perk.pictureUrl!;
    expect(next).not.toBe(url);
    expect(await media.head(url.replace("/media/", ""))).toBeNull();
    expect(await media.head(next.replace("/media/", ""))).not.toBeNull();
  });

  it("refuses bytes that are no picture (or a GIF) with 415 unsupported_type, storing nothing", async () => {
    const perk = await createPerk();
    const audit = await auditCount();
    for (const body of [new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"), GIF_1X1]) {
      const res = await asAdmin(`${API}/${perk.id}/picture`, { method: "PUT", body });
      expect(res.status).toBe(415);
      expect((await errorOf(res)).code).toBe(UPLOAD_ERROR_CODES.wrongType);
    }
    expect(await auditCount()).toBe(audit);
    expect((await perkRow(perk.id))!.image_key).toBeNull();
    expect((await media.list({ prefix: `perks/${perk.id}` })).objects).toEqual([]);
  });
});

describe("unique codes, reveals, delete", () => {
  it("imports codes into a unique perk, shows codes left and who revealed, and clears only the free codes", async () => {
    const perk = await createPerk({ codeMode: "unique", sharedCode: null });
    const base = `${API}/${perk.id}/codes`;
    const preview = await (await asAdmin(`${base}/preview`, { method: "POST", body: "Order,Code\n1,VINYL-1\n2,VINYL-2\n" })).json<OfferCodePreviewResponse>();
    expect(preview).toMatchObject({ columns: ["Order", "Code"], column: 1, rowCount: 2 });

    const audit = await auditCount();
    const imported = await asAdmin(`${base}/import`, { method: "POST", json: { csv: "Order,Code\n1,VINYL-1\n2,VINYL-2\n3,VINYL-3\n4,bad code\n", column: 1 } });
    expect(imported.status).toBe(200);
    expect(await imported.json<OfferCodeImportResponse>()).toMatchObject({ rows: 4, added: 3, alreadyStored: 0, invalid: 1 });
    expect(await auditCount()).toBe(audit + 1);
    expect(await lastAudit()).toMatchObject({ action: "perk.codes.import", target_id: perk.id });

    const vip: TestUser = await createUser("vip");
    const revealed = await call(`/api/perks/${perk.id}/reveal`, { method: "POST", cookie: vip.cookie });
    expect(revealed.status).toBe(200);
    const { code } = await revealed.json<{ code: string }>();

    const listed = (await (await asAdmin(API)).json<AdminPerksResponse>()).perks.find((p) => p.id === perk.id)!;
    expect(listed).toMatchObject({ reveals: 1, codes: { total: 3, claimed: 1, left: 2 } });
    const reveals = await (await asAdmin(`${API}/${perk.id}/reveals`)).json<PerkRevealsResponse>();
    expect(reveals).toMatchObject({ total: 1, reveals: [{ userId: vip.id, username: vip.username, email: vip.email, code }] });

    const cleared = await asAdmin(base, { method: "DELETE" });
    expect(cleared.status).toBe(200);
    expect(await cleared.json<PerkCodesClearedResponse>()).toMatchObject({ deleted: 2, perk: { codes: { total: 1, claimed: 1, left: 0 } } });
    expect(await codesOf(perk.id)).toEqual([{ code, claimed_by: vip.id }]);
    expect(await lastAudit()).toMatchObject({ action: "perk.codes.delete", target_id: perk.id });
  });

  it("refuses a code list for a perk without unique codes with 409 perk_codes_not_unique", async () => {
    const perk = await createPerk();
    for (const [path, body] of [
      ["preview", "code\nA-1\n"],
      ["import", JSON.stringify({ csv: "code\nA-1\n", column: 0 })],
    ] as const) {
      const res = await call(`${API}/${perk.id}/codes/${path}`, {
        method: "POST",
        body,
        cookie: admin.cookie,
        headers: { "content-type": path === "import" ? "application/json" : "text/csv" },
      });
      expect(res.status, path).toBe(409);
      expect((await errorOf(res)).code).toBe("perk_codes_not_unique");
    }
    expect(await codesOf(perk.id)).toEqual([]);
  });

  it("deletes the perk with its picture, reveals and code pool, and an audit row", async () => {
    const perk = await createPerk({ codeMode: "unique", sharedCode: null, audience: "members" });
    await asAdmin(`${API}/${perk.id}/codes/import`, { method: "POST", json: { csv: "code\nGONE-1\nGONE-2\n", column: 0 } });
    const picture = (await (await asAdmin(`${API}/${perk.id}/picture`, { method: "PUT", body: PNG_1X1 })).json<AdminPerkResponse>()).perk.pictureUrl!;
    const member = await createUser("user");
    expect((await call(`/api/perks/${perk.id}/reveal`, { method: "POST", cookie: member.cookie })).status).toBe(200);

    const res = await asAdmin(`${API}/${perk.id}`, { method: "DELETE" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: perk.id });
    expect(await perkRow(perk.id)).toBeNull();
    expect(await codesOf(perk.id)).toEqual([]);
    expect((await D1.prepare("SELECT count(*) AS n FROM perk_reveals WHERE perk_id = ?").bind(perk.id).first<{ n: number }>())!.n).toBe(0);
    expect(await media.head(picture.replace("/media/", ""))).toBeNull();
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "perk.delete", target_id: perk.id });
    expect(JSON.parse(audit!.summary).note).toContain("1 reveal(s) and 2 code(s)");
    expect(JSON.parse(audit!.summary).detail).toEqual({ kind: "perk_deleted", reveals: 1, codes: 2, claimed: expect.any(Number) });
    expect((await call(`/api/perks/${perk.id}/reveal`, { method: "POST", cookie: member.cookie })).status).toBe(404);
  });
});
