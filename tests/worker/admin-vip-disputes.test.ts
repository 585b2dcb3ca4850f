// A VIP payment's dispute in the back office (decision 094), offline end to end: a member pays
// through the local test checkout, the local bank raises a dispute or a warning on their latest VIP
// payment by username (administrators only, on this machine), the dispute's page names the member
// and the plan with the evidence the site gathered (sign-up, the payment, full-track streams), the
// evidence is submitted once, and closing it as lost ends the membership. Bad input is a 4xx with
// its code and raises nothing.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { call, callLocal, createUser, errorOf, type TestUser } from "./helpers";
import { NON_ADMIN_ROLES, userOf } from "./admin-gate-matrix";
import { createDoorStaff } from "./check-in-fixtures";
import { isVip } from "./payments-fixtures";
import type { DisputeDetailResponse, DisputesListResponse } from "../../worker/contracts/disputes";

const D1 = (env as unknown as { DB: D1Database }).DB;
const API = "/api/admin/disputes";

let admin: TestUser;
beforeAll(async () => {
  admin = await userOf("admin");
});
beforeEach(async () => {
  await D1.batch([D1.prepare("DELETE FROM payment_disputes"), D1.prepare("DELETE FROM payment_events")]);
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
const disputeCount = async () => (await D1.prepare("SELECT count(*) AS n FROM payment_disputes").first<{ n: number }>())!.n;

let ip = 0;
/** A member who paid for VIP through the local test checkout. */
async function paidMember() {
  const user = await createUser("user");
  const res = await call("/api/payments/checkout", { json: {}, cookie: user.cookie, headers: { "cf-connecting-ip": `10.78.0.${++ip}` } });
  expect(res.status).toBe(200);
  const sessionId = new URL((await res.json<{ url: string }>()).url, "https://fans.test").searchParams.get("session")!;
  expect((await callLocal(`/api/payments/local/checkout/${sessionId}/pay`, { method: "POST", cookie: user.cookie })).status).toBe(200);
  expect(await isVip(user.id)).toBe(true);
  return user;
}
const raise = async (user: TestUser, type: "dispute" | "fraud_warning" = "dispute") =>
  (await ok<DisputeDetailResponse>(await asAdmin("/local", { method: "POST", json: { username: user.username, type } }), 201)).dispute;

describe("the gate", () => {
  it.each(NON_ADMIN_ROLES)("refuses a %s raising one on a member (%i %s), and nothing is raised", async (role, status, code) => {
    const member = await paidMember();
    const cookie = role === "visitor" ? undefined : (await userOf(role)).cookie;
    await refused(await callLocal(`${API}/local`, { method: "POST", json: { username: member.username, type: "dispute" }, cookie }), status, code);
    expect(await disputeCount()).toBe(0);
  });

  it("refuses door staff, and the admin away from this machine", async () => {
    const member = await paidMember();
    const door = await createDoorStaff();
    const body = { username: member.username, type: "dispute" };
    await refused(await callLocal(`${API}/local`, { method: "POST", json: body, cookie: door.cookie }), 403, "admin_required");
    await refused(await call(`${API}/local`, { method: "POST", json: body, cookie: admin.cookie }), 404, "not_found");
    expect(await disputeCount()).toBe(0);
  });

  it("answers bad input with its code", async () => {
    const member = await paidMember();
    await refused(await asAdmin("/local", { method: "POST", json: { username: member.username, orderNumber: 1, type: "dispute" } }), 400, "invalid_input");
    await refused(await asAdmin("/local", { method: "POST", json: { username: "", type: "dispute" } }), 400, "invalid_input");
    await refused(await asAdmin("/local", { method: "POST", json: { username: "nobody_here_at_all", type: "dispute" } }), 404, "user_not_found");
    const unpaid = await createUser("user");
    await refused(await asAdmin("/local", { method: "POST", json: { username: unpaid.username, type: "dispute" } }), 409, "membership_not_disputable");
    expect(await disputeCount()).toBe(0);
  });
});

describe("a VIP payment's dispute, offline end to end", () => {
  it("names the member and the plan, shows the evidence, submits once, and lost ends the membership", async () => {
    const member = await paidMember();
    const paidAt = (await D1.prepare("SELECT paid_at FROM vip_payments WHERE user_id = ?1").bind(member.id).first<{ paid_at: number }>())!.paid_at;
    await D1.prepare("INSERT INTO track_plays (user_id, track_id, played_at) VALUES (?1, 'trk_gone', ?2)")
      .bind(member.id, Math.max(paidAt, Date.now() - 1))
      .run();

    const raised = await raise(member);
    expect(raised).toMatchObject({
      type: "dispute",
      status: "needs_response",
      order: null,
      membership: { userId: member.id, username: member.username, email: member.email, plan: "monthly" },
    });
    const list = await ok<DisputesListResponse>(await asAdmin(""));
    expect(list.disputes.map((d) => [d.id, d.membership?.username])).toEqual([[raised.id, member.username]]);

    const { dispute } = await ok<DisputeDetailResponse>(await asAdmin(`/${raised.id}`));
    expect(dispute.evidence).toMatchObject({ customerEmailAddress: member.email, customerPurchaseIp: null });
    expect(dispute.evidence!.receipt).toContain(`VIP membership (monthly) of ${member.username}`);
    expect(dispute.accessLog.map((e) => e.kind)).toEqual(expect.arrayContaining(["sign_up", "vip_payment", "stream"]));
    expect(dispute.evidence!.accessActivityLog).toContain("stream track=trk_gone");

    expect((await ok<DisputeDetailResponse>(await asAdmin(`/${raised.id}/submit`, { method: "POST" }))).dispute.status).toBe("under_review");
    await refused(await asAdmin(`/${raised.id}/submit`, { method: "POST" }), 409, "dispute_already_submitted");

    const closed = await ok<DisputeDetailResponse>(await asAdmin(`/${raised.id}/local-close`, { method: "POST", json: { outcome: "lost" } }));
    expect(closed.dispute).toMatchObject({ status: "lost", outcome: "lost" });
    expect(await isVip(member.id)).toBe(false);
    const loss = await D1.prepare("SELECT amount_cents FROM revenue_entries WHERE ref = ?1").bind(`dispute:${raised.id}`).first<{ amount_cents: number }>();
    expect(loss!.amount_cents).toBe(-raised.amountCents);
    // Closed: the bank's decision is final.
    await refused(await asAdmin(`/${raised.id}/local-close`, { method: "POST", json: { outcome: "lost" } }), 409, "dispute_closed");
  });

  it("a warning on a fresh first payment refunds it and ends the membership; the member cannot be raised on again", async () => {
    const member = await paidMember();
    const w = await raise(member, "fraud_warning");
    expect(w).toMatchObject({ type: "fraud_warning", status: "refunded", fraudAction: "refunded", membership: { username: member.username } });
    expect(await isVip(member.id)).toBe(false);
    await expect
      .poll(
        async () =>
          (await D1.prepare("SELECT refunded_cents FROM vip_payments WHERE user_id = ?1").bind(member.id).first<{ refunded_cents: number }>())!.refunded_cents,
      )
      .toBe(w.amountCents);
    await refused(await asAdmin("/local", { method: "POST", json: { username: member.username, type: "dispute" } }), 409, "membership_not_disputable");
  });
});
