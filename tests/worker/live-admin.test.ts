// Live shows' control room (decision 113): /api/admin/live for each role, the show's first save
// (its room with the show's access) and later ones (the room kept in step), bad input refused with
// its code and nothing stored, start and end once each (audited), "{show} is live" once to those
// who asked and may watch, and the replay's captions.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { cookieOf, REFUSED_ROLES } from "./tier-fixtures";
import { addInnerCircle, expectRefused, giveTicket, seedShow, showRow, viewOf } from "./live-fixtures";
import { seedTicketEvent } from "./ticket-fixtures";
import { seedProduct } from "./store-fixtures";
import { forgetTiers } from "../../worker/db/tiers/tiers";
import { adminLivePath, type LiveControlRoom, type LiveShowInput } from "../../worker/contracts/live";

const D1 = (env as unknown as { DB: D1Database }).DB;
let admin: TestUser;

beforeAll(async () => {
  await addInnerCircle();
  forgetTiers();
  admin = await createUser("admin");
});

const put = (eventId: string, json: LiveShowInput | Record<string, unknown>, cookie = admin.cookie) =>
  call(adminLivePath(eventId), { method: "PUT", json, cookie });
const act = (eventId: string, what: "start" | "end", cookie = admin.cookie) => call(`${adminLivePath(eventId)}/${what}`, { method: "POST", cookie });
const auditOf = (eventId: string) =>
  D1.prepare("SELECT action FROM audit_log WHERE target_type = 'event' AND target_id = ? ORDER BY id")
    .bind(eventId)
    .all<{ action: string }>()
    .then((r) => r.results.map((a) => a.action));
const roomOf = (roomId: string) =>
  D1.prepare("SELECT read_access, read_tier_id, read_event_id, write_access, write_event_id, write_tier_id FROM rooms WHERE id = ?").bind(roomId).first();

describe("who may use the control room", () => {
  it("admins only: a visitor and a banned member 401, members, every tier and door staff 403 admin_required, on every route", async () => {
    const eventId = await seedShow();
    const routes: [string, string, unknown?][] = [
      ["GET", `/api/admin/live/${eventId}`],
      ["PUT", `/api/admin/live/${eventId}`, { access: "members" }],
      ["POST", `/api/admin/live/${eventId}/start`],
      ["POST", `/api/admin/live/${eventId}/end`],
      ["DELETE", `/api/admin/live/${eventId}/captions/en`],
    ];
    for (const [role, status, code] of REFUSED_ROLES) {
      const cookie = await cookieOf(role);
      for (const [method, path, json] of routes) {
        const res = await call(path, { method, json, cookie });
        expect([role, method, path, res.status, (await errorOf(res)).code]).toEqual([role, method, path, status, code]);
      }
    }
    expect((await showRow(eventId))!.state).toBe("scheduled");
    expect(await auditOf(eventId)).toEqual([]);
  });
});

describe("setting a show up", () => {
  it("the first save makes the show and its room for ticket holders; a later one keeps the room's access in step", async () => {
    const eventId = await seedTicketEvent({ title: "Online release show" });
    const empty = await call(`/api/admin/live/${eventId}`, { cookie: admin.cookie });
    expect((await empty.json()) as LiveControlRoom).toMatchObject({ show: null, state: "upcoming", local: true, ingest: null, viewers: 0 });
    const product = await seedProduct({ state: "live" });
    const first = await put(eventId, { access: "ticket", replayHours: 24, pinnedProductIds: [product.id] });
    expect(first.status).toBe(201);
    const room = (await first.json()) as LiveControlRoom;
    expect(room.show).toMatchObject({ access: "ticket", replayHours: 24, pinnedProductIds: [product.id], provider: "local", state: "scheduled" });
    expect(room.roomId).toBe(`live-${eventId}`);
    expect(await roomOf(room.roomId!)).toEqual({
      read_access: "ticket",
      read_tier_id: null,
      read_event_id: eventId,
      write_access: "ticket",
      write_event_id: eventId,
      write_tier_id: null,
    });
    const second = await put(eventId, { access: "tier", minTierId: "vip", replayHours: 0, replayKeepTierId: "inner-circle" });
    expect(second.status).toBe(200);
    expect(await showRow(eventId)).toMatchObject({ access: "tier", min_tier_id: "vip", room_id: room.roomId, pinned_product_ids: "[]" });
    expect(await roomOf(room.roomId!)).toMatchObject({ read_access: "tier", read_tier_id: "vip", write_access: "tier", write_tier_id: "vip" });
    expect(await auditOf(eventId)).toEqual(["live.show.create", "live.show.update"]);
  });

  it("refuses bad input with its code and stores nothing", async () => {
    const eventId = await seedTicketEvent();
    const real = await seedProduct({ state: "live" });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ access: "everyone" }, 400, "invalid_input"],
      [{ access: "members", replayHours: 721 }, 400, "invalid_input"],
      [{ access: "members", replayHours: -1 }, 400, "invalid_input"],
      [{ access: "members", pinnedProductIds: Array.from({ length: 7 }, () => real.id) }, 400, "invalid_input"],
      [{ access: "members", pinnedProductIds: [real.id, "no-such-product"] }, 400, "live_product_unknown"],
      [{ access: "tier" }, 400, "tier_gate_unknown"],
      [{ access: "tier", minTierId: "no-such-tier" }, 400, "tier_gate_unknown"],
      [{ access: "members", replayKeepTierId: "no-such-tier" }, 400, "tier_gate_unknown"],
      [{ access: "members", extra: 1 }, 400, "invalid_input"],
    ];
    for (const [json, status, code] of cases) {
      const res = await put(eventId, json);
      expect([JSON.stringify(json), res.status, (await errorOf(res)).code]).toEqual([JSON.stringify(json), status, code]);
    }
    expect(await showRow(eventId)).toBeNull();
    await expectRefused(await put(crypto.randomUUID(), { access: "members" }), 404, "not_found");
    await expectRefused(await put("not-an-event", { access: "members" }), 404, "not_found");
    expect(await auditOf(eventId)).toEqual([]);
  });
});

describe("going live and ending", () => {
  it("start and end apply once each, audited; a show not set up is 404", async () => {
    const bare = await seedTicketEvent();
    await expectRefused(await act(bare, "start"), 404, "live_show_not_set_up");
    const eventId = await seedShow();
    await expectRefused(await act(eventId, "end"), 409, "not_live");
    const started = await act(eventId, "start");
    expect(started.status).toBe(200);
    expect(((await started.json()) as LiveControlRoom).state).toBe("live");
    const startedAt = (await showRow(eventId))!.started_at;
    await expectRefused(await act(eventId, "start"), 409, "already_live");
    expect((await showRow(eventId))!.started_at).toBe(startedAt);
    expect((await act(eventId, "end")).status).toBe(200);
    await expectRefused(await act(eventId, "end"), 409, "not_live");
    await expectRefused(await act(eventId, "start"), 409, "already_live");
    expect(await showRow(eventId)).toMatchObject({ state: "ended", started_at: startedAt });
    expect(await auditOf(eventId)).toEqual(["live.start", "live.end"]);
  });

  it("tells each member who asked and may watch, once, however often the start comes", async () => {
    const eventId = await seedShow({ access: "ticket", title: "Streamed night" });
    const [holder, stranger, quiet] = [await createUser("user"), await createUser("vip"), await createUser("user")];
    await giveTicket(eventId, holder);
    await giveTicket(eventId, quiet);
    for (const who of [holder, stranger]) {
      await D1.prepare("INSERT INTO event_reminders (id, event_id, user_id, email, status, notified_start, created_at) VALUES (?, ?, ?, ?, 'active', ?, ?)")
        .bind(crypto.randomUUID(), eventId, who.id, who.email, Date.now(), Date.now())
        .run();
    }
    const told = (userId: string) =>
      D1.prepare(
        "SELECT e.kind, e.link, e.params FROM notifications n JOIN notification_events e ON e.id = n.event_id WHERE n.user_id = ? AND e.kind = 'show_live'",
      )
        .bind(userId)
        .all<{ kind: string; link: string; params: string }>()
        .then((r) => r.results);
    expect((await act(eventId, "start")).status).toBe(200);
    await vi.waitFor(async () => expect(await told(holder.id)).toHaveLength(1), { timeout: 5000, interval: 50 });
    expect((await told(holder.id))[0]).toMatchObject({ link: `/live/${eventId}` });
    expect(JSON.parse((await told(holder.id))[0]!.params)).toMatchObject({ title: "Streamed night" });
    await expectRefused(await act(eventId, "start"), 409, "already_live");
    const claimed = (await showRow(eventId))!.live_notified_at;
    expect(claimed).toBe((await showRow(eventId))!.started_at);
    // Put back on the schedule by hand and started again: the claim on the row holds (the first start's).
    await D1.prepare("UPDATE live_shows SET state = 'scheduled' WHERE event_id = ?").bind(eventId).run();
    expect((await act(eventId, "start")).status).toBe(200);
    expect((await showRow(eventId))!.live_notified_at).toBe(claimed);
    const events = await D1.prepare("SELECT count(*) AS n FROM notification_events WHERE id = ?").bind(`show_live:${eventId}`).first<{ n: number }>();
    expect(events!.n).toBe(1);
    expect(await told(holder.id)).toHaveLength(1);
    expect(await told(stranger.id)).toEqual([]);
    expect(await told(quiet.id)).toEqual([]);
  });
});

describe("captions", () => {
  const vtt = "WEBVTT\n\n00:00.000 --> 00:02.000\nHello\n";
  const upload = (eventId: string, locale: string, body: string, cookie = admin.cookie) =>
    call(`/api/admin/live/${eventId}/captions/${locale}`, { method: "PUT", body, cookie, headers: { "content-type": "text/vtt" } });

  it("takes a WebVTT file per language for the replay, served to those who may watch", async () => {
    const eventId = await seedShow({ state: "ended", access: "tier", minTierId: "vip" });
    await expectRefused(await upload(eventId, "en", "not captions"), 400, "live_caption_invalid");
    await expectRefused(await upload(eventId, "fr", vtt), 404, "not_found");
    await expectRefused(await upload(eventId, "en", `WEBVTT\n${"x".repeat(256 * 1024)}`), 413, "payload_too_large");
    expect(JSON.parse((await showRow(eventId))!.captions)).toEqual({});
    const res = await upload(eventId, "pt-BR", `\uFEFF${vtt}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as LiveControlRoom).captions).toEqual([{ locale: "pt-BR", url: `/api/live/${eventId}/captions/pt-BR.vtt` }]);
    const vip = await createUser("vip");
    expect((await viewOf(eventId, vip)).body.captions).toEqual([{ locale: "pt-BR", url: `/api/live/${eventId}/captions/pt-BR.vtt` }]);
    const served = await call(`/api/live/${eventId}/captions/pt-BR.vtt`, { cookie: vip.cookie });
    expect([served.status, served.headers.get("content-type")]).toEqual([200, "text/vtt; charset=utf-8"]);
    expect(new TextDecoder().decode(await served.arrayBuffer())).toBe(vtt);
    await expectRefused(await call(`/api/live/${eventId}/captions/pt-BR.vtt`), 401, "unauthorized");
    const member = await createUser("user");
    expect((await viewOf(eventId, member)).body.captions).toEqual([]);
    await expectRefused(await call(`/api/live/${eventId}/captions/pt-BR.vtt`, { cookie: member.cookie }), 403, "membership_required");
    await expectRefused(await call(`/api/live/${eventId}/captions/en.vtt`, { cookie: vip.cookie }), 404, "not_found");
    expect((await call(`/api/admin/live/${eventId}/captions/pt-BR`, { method: "DELETE", cookie: admin.cookie })).status).toBe(200);
    await expectRefused(await call(`/api/live/${eventId}/captions/pt-BR.vtt`, { cookie: vip.cookie }), 404, "not_found");
    expect(await auditOf(eventId)).toEqual(["live.captions.put", "live.captions.delete"]);
  });
});
