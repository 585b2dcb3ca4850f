// The back office's disputes (/api/admin/disputes, decision 094): only administrators (a visitor or a
// banned member 401, a member, a VIP or door staff 403); the list and a dispute's page with the
// evidence the site assembled from the order's access log; the admin's note; submitting once (here
// through the local provider, which puts the dispute under review); and the local provider's
// controls, on this machine only, raising a dispute or a warning and closing a dispute as won or
// lost, through the same signed events as the webhook. Bad input is a 4xx with its code and
// changes nothing.
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { call, callLocal, createUser, errorOf, type TestUser } from "./helpers";
import { NON_ADMIN_ROLES, userOf } from "./admin-gate-matrix";
import { createDoorStaff } from "./check-in-fixtures";
import { clearOrders, D1, insertPaidOrder, orderStateOf, type InsertedOrder } from "./store-order-fixtures";
import { grant, linkFor, putReleaseMedia, seedOrder } from "./download-fixtures";
import type { DisputeDetailResponse, DisputesListResponse } from "../../worker/contracts/disputes";

const API = "/api/admin/disputes";

let admin: TestUser;
beforeAll(async () => {
  admin = await userOf("admin");
});
beforeEach(async () => {
  await clearOrders();
  await D1.batch([
    D1.prepare("DELETE FROM payment_disputes"),
    D1.prepare("DELETE FROM refund_claims"),
    D1.prepare("DELETE FROM order_access_log"),
    D1.prepare("DELETE FROM payment_events"),
  ]);
});

const asAdmin = (path: string, init: { method?: string; json?: unknown } = {}) => callLocal(`${API}${path}`, { ...init, cookie: admin.cookie });
async function ok<T>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return res.json<T>();
}
async function refused(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect((await errorOf(res)).code).toBe(code);
}
const raise = async (o: InsertedOrder, type: "dispute" | "fraud_warning" = "dispute") =>
  (await ok<DisputeDetailResponse>(await asAdmin("/local", { method: "POST", json: { orderNumber: o.number, type } }), 201)).dispute;
const disputeCount = async () => (await D1.prepare("SELECT count(*) AS n FROM payment_disputes").first<{ n: number }>())!.n;
const paidDownload = () => insertPaidOrder({ lines: [{ kind: "digital" }] });

describe("the gate", () => {
  const routes = [
    ["GET", "/", undefined],
    ["GET", "/dp_x", undefined],
    ["PUT", "/dp_x/note", { note: "hi" }],
    ["POST", "/dp_x/submit", undefined],
    ["POST", "/local", { orderNumber: 1, type: "dispute" }],
    ["POST", "/dp_x/local-close", { outcome: "lost" }],
  ] as const;

  it.each(NON_ADMIN_ROLES)("refuses a %s every route (%i %s), and nothing is raised", async (role, status, code) => {
    const cookie = role === "visitor" ? undefined : (await userOf(role)).cookie;
    const o = await paidDownload();
    for (const [method, path, json] of routes) {
      const body = path === "/local" ? { orderNumber: o.number, type: "dispute" } : json;
      await refused(await callLocal(`${API}${path}`, { method, json: body, cookie }), status, code);
    }
    expect(await disputeCount()).toBe(0);
  });

  it("refuses door staff as the member they are", async () => {
    const door = await createDoorStaff();
    const o = await paidDownload();
    await refused(await callLocal(API, { cookie: door.cookie }), 403, "admin_required");
    await refused(
      await callLocal(`${API}/local`, { method: "POST", json: { orderNumber: o.number, type: "dispute" }, cookie: door.cookie }),
      403,
      "admin_required",
    );
    expect(await disputeCount()).toBe(0);
  });
});

describe("the list and a dispute's page", () => {
  it("starts empty", async () => {
    expect(await ok<DisputesListResponse>(await asAdmin(""))).toEqual({ disputes: [], local: true });
  });

  it("lists a raised dispute with its deadline and amount, and shows the evidence from the order's access log", async () => {
    const o = await paidDownload();
    await D1.prepare(
      `INSERT INTO order_access_log (order_id, kind, at, ip, detail) VALUES
         (?1, 'purchase', 1000, '203.0.113.7', '{"email":"x"}'), (?1, 'download', 2000, '203.0.113.7', '{"format":"mp3","bytes":1234,"offset":0}')`,
    )
      .bind(o.id)
      .run();
    const raised = await raise(o);
    expect(raised).toMatchObject({
      type: "dispute",
      status: "needs_response",
      amountCents: o.totalCents,
      currency: "usd",
      order: { id: o.id, number: o.number },
    });
    expect(Date.parse(raised.evidenceDueAt!) - Date.now()).toBeGreaterThan(6 * 86_400_000);

    const list = await ok<DisputesListResponse>(await asAdmin(""));
    expect(list.disputes.map((d) => [d.id, d.status, d.amountCents])).toEqual([[raised.id, "needs_response", o.totalCents]]);

    const { dispute } = await ok<DisputeDetailResponse>(await asAdmin(`/${raised.id}`));
    expect(dispute.evidence).toMatchObject({ customerEmailAddress: o.email, customerPurchaseIp: "203.0.113.7" });
    expect(dispute.evidence!.accessActivityLog).toContain("download ip=203.0.113.7 format=mp3 bytes=1234");
    expect(dispute.accessLog.map((e) => e.kind)).toEqual(["purchase", "download"]);
  });

  it("answers an unknown dispute 404", async () => {
    await refused(await asAdmin("/dp_nope"), 404, "dispute_not_found");
  });
});

describe("the note and the submission", () => {
  it("keeps the note, submits once through the provider, and refuses a second submission", async () => {
    const d = await raise(await paidDownload());
    const noted = await ok<DisputeDetailResponse>(await asAdmin(`/${d.id}/note`, { method: "PUT", json: { note: "  Downloaded twice.  " } }));
    expect(noted.dispute.note).toBe("Downloaded twice.");
    const submitted = await ok<DisputeDetailResponse>(await asAdmin(`/${d.id}/submit`, { method: "POST" }));
    expect(submitted.dispute).toMatchObject({ status: "under_review" });
    expect(submitted.dispute.submittedAt).not.toBeNull();
    await refused(await asAdmin(`/${d.id}/submit`, { method: "POST" }), 409, "dispute_already_submitted");
    expect((await D1.prepare("SELECT count(*) AS n FROM payment_events WHERE type = 'charge.dispute.updated'").first<{ n: number }>())!.n).toBe(1);
  });

  it("racing submissions submit once", async () => {
    const d = await raise(await paidDownload());
    const answers = await Promise.all([1, 2, 3].map(() => asAdmin(`/${d.id}/submit`, { method: "POST" })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await D1.prepare("SELECT count(*) AS n FROM payment_events WHERE type = 'charge.dispute.updated'").first<{ n: number }>())!.n).toBe(1);
  });

  it("refuses a note too long, and a note or a submission on a closed dispute or a warning, changing nothing", async () => {
    const d = await raise(await paidDownload());
    await refused(await asAdmin(`/${d.id}/note`, { method: "PUT", json: { note: "x".repeat(5001) } }), 400, "invalid_input");
    await refused(await asAdmin(`/${d.id}/note`, { method: "PUT", json: { text: "x" } }), 400, "invalid_input");
    await ok(await asAdmin(`/${d.id}/local-close`, { method: "POST", json: { outcome: "won" } }));
    await refused(await asAdmin(`/${d.id}/note`, { method: "PUT", json: { note: "late" } }), 409, "dispute_closed");
    await refused(await asAdmin(`/${d.id}/submit`, { method: "POST" }), 409, "dispute_closed");
    const row = await D1.prepare("SELECT note, submitted_at FROM payment_disputes WHERE id = ?1").bind(d.id).first();
    expect(row).toEqual({ note: null, submitted_at: null });

    const w = await raise(await insertPaidOrder({ lines: [{ kind: "merch" }], shippedAt: Date.now(), status: "shipped" }), "fraud_warning");
    expect(w).toMatchObject({ type: "fraud_warning", fraudAction: "flagged" });
    await refused(await asAdmin(`/${w.id}/submit`, { method: "POST" }), 409, "dispute_not_submittable");
  });
});

describe("the local provider's controls", () => {
  it("closing as lost revokes the download once and records the loss; closing again is refused", async () => {
    const o = await paidDownload();
    const d = await raise(o);
    const closed = await ok<DisputeDetailResponse>(await asAdmin(`/${d.id}/local-close`, { method: "POST", json: { outcome: "lost" } }));
    expect(closed.dispute).toMatchObject({ status: "lost", outcome: "lost" });
    expect((await D1.prepare("SELECT count(revoked_at) AS n FROM entitlements WHERE order_id = ?1").bind(o.id).first<{ n: number }>())!.n).toBe(1);
    const after = await orderStateOf(o.id);
    await refused(await asAdmin(`/${d.id}/local-close`, { method: "POST", json: { outcome: "lost" } }), 409, "dispute_closed");
    expect(await orderStateOf(o.id)).toEqual(after);
    expect(after.ledger).toContainEqual({ ref: `dispute:${d.id}`, amount_cents: -o.totalCents });
  });

  it("refuses bad input, an unknown or refunded order, and any request not from this machine, raising nothing", async () => {
    const o = await paidDownload();
    await refused(await asAdmin("/local", { method: "POST", json: { orderNumber: o.number, type: "chargeback" } }), 400, "invalid_input");
    await refused(await asAdmin("/local", { method: "POST", json: { orderNumber: "1", type: "dispute" } }), 400, "invalid_input");
    await refused(await asAdmin("/local", { method: "POST", json: { orderNumber: 999_999, type: "dispute" } }), 404, "order_not_found");
    const refunded = await insertPaidOrder({ lines: [{ kind: "digital" }], status: "refunded", refundedCents: 900 });
    await refused(await asAdmin("/local", { method: "POST", json: { orderNumber: refunded.number, type: "dispute" } }), 409, "order_not_disputable");
    await refused(await call(`${API}/local`, { method: "POST", json: { orderNumber: o.number, type: "dispute" }, cookie: admin.cookie }), 404, "not_found");
    await refused(await asAdmin("/dp_nope/local-close", { method: "POST", json: { outcome: "lost" } }), 404, "dispute_not_found");
    await refused(await asAdmin("/dp_nope/local-close", { method: "POST", json: { outcome: "maybe" } }), 400, "invalid_input");
    expect(await disputeCount()).toBe(0);
  });
});

describe("the access log", () => {
  it("a download served writes its time, address, format and bytes to the order's log", async () => {
    const buyer = await userOf("user");
    const order = await seedOrder({ userId: buyer.id, email: buyer.email, lines: [] });
    const entitlement = await grant(order, { albumId: "radio-heartline" }, buyer.id);
    await putReleaseMedia("radio-heartline");
    const res = await call(await linkFor(entitlement, "mp3"), { headers: { "cf-connecting-ip": "198.51.100.9" } });
    expect(res.status).toBe(200);
    const bytes = (await res.arrayBuffer()).byteLength;
    await vi.waitFor(async () => {
      const row = await D1.prepare("SELECT kind, ip, detail FROM order_access_log WHERE order_id = ?1")
        .bind(order.id)
        .first<{ kind: string; ip: string; detail: string }>();
      expect(row).toMatchObject({ kind: "download", ip: "198.51.100.9" });
      expect(JSON.parse(row!.detail)).toEqual({ format: "mp3", bytes, offset: 0 });
    });
  });

  it("a buyer's full-track stream of the bought release is logged on its order; a VIP's stream of what they did not buy is not", async () => {
    const buyer = await createUser("user");
    const vip = await createUser("vip");
    const order = await seedOrder({ userId: buyer.id, email: buyer.email, lines: [] });
    await grant(order, { albumId: "radio-heartline" }, buyer.id);
    const track = (await D1.prepare("SELECT id FROM tracks WHERE album_id = 'radio-heartline' AND audio_key IS NOT NULL ORDER BY id LIMIT 1").first<{
      id: string;
    }>())!.id;
    const stream = (cookie: string) => call(`/api/music/tracks/${track}/stream`, { method: "POST", cookie, headers: { "cf-connecting-ip": "198.51.100.5" } });
    expect((await stream(buyer.cookie)).status).toBe(200);
    expect((await stream(vip.cookie)).status).toBe(200);
    await vi.waitFor(async () => {
      const rows = await D1.prepare("SELECT order_id, kind, ip, detail FROM order_access_log WHERE kind = 'stream'").all();
      expect(rows.results).toEqual([{ order_id: order.id, kind: "stream", ip: "198.51.100.5", detail: JSON.stringify({ track }) }]);
    });
  });

  it("a member's account deletion keeps the order's log for its records, without their addresses", async () => {
    const member = await createUser("user");
    const o = await insertPaidOrder({ lines: [{ kind: "digital" }], userId: member.id, email: member.email });
    const other = await paidDownload();
    const log = (id: string) => D1.prepare("INSERT INTO order_access_log (order_id, kind, at, ip) VALUES (?1, 'download', 1, '198.51.100.1')").bind(id).run();
    await log(o.id);
    await log(other.id);
    const res = await call("/api/account/delete", { json: { currentPassword: member.password, confirmation: member.username }, cookie: member.cookie });
    expect(res.status).toBe(200);
    const ips = await D1.prepare("SELECT order_id, ip FROM order_access_log ORDER BY order_id = ?1 DESC").bind(o.id).all();
    expect(ips.results).toEqual([
      { order_id: o.id, ip: null },
      { order_id: other.id, ip: "198.51.100.1" },
    ]);
  });
});
