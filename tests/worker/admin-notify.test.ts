// /api/admin/notify: the back office's "Notify fans". Administrators only (the gate's matrix);
// bad input is a 400 with its code; the preview counts the audience by kind of member, banned
// members left out; an announcement fans out through the queue to every member (VIPs and admins
// only for a release's early access), its progress reaches done, a second one is a 409, and each
// is audited. The fan-out's paging and a redelivered page are checked on the page writer itself.
//
// Expectations come from raw SQL against D1, never from the query functions under test.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { call, createUser, db, errorOf, type TestUser } from "./helpers";
import { expectAdminOnly, userOf } from "./admin-gate-matrix";
import { recordNotificationEvent } from "../../worker/db/notifications";
import { planFanOut, writeFanOutPage } from "../../worker/db/notification-fanout";
import type { NotifyPreview, NotifyProgress } from "../../worker/contracts/notifications";
import { notificationText } from "../../worker/services/notifications/texts";

const D1 = (env as unknown as { DB: D1Database }).DB;
const API = "/api/admin/notify";
const HOUR = 3600_000;

let admin: TestUser;
/** Every account of the file, by what a broadcast should make of it. */
const everyone: { members: string[]; vips: string[]; admins: string[]; banned: string[] } = { members: [], vips: [], admins: [], banned: [] };

beforeAll(async () => {
  // All accounts first, so every count below is known: 3 members, 2 VIPs, 1 admin, 2 banned.
  admin = await userOf("admin");
  const [user, vip, banned] = await Promise.all([userOf("user"), userOf("vip"), userOf("banned")]);
  const extra = await Promise.all([createUser("user"), createUser("user"), createUser("vip"), createUser("banned")]);
  everyone.admins = [admin.id];
  everyone.members = [user.id, extra[0]!.id, extra[1]!.id];
  everyone.vips = [vip.id, extra[2]!.id];
  everyone.banned = [banned.id, extra[3]!.id];
});

const asAdmin = (path: string, json?: unknown) => call(path, { cookie: admin.cookie, json });
const preview = (type: string, id: string) => asAdmin(`${API}/preview?type=${type}&id=${encodeURIComponent(id)}`);
const progress = (id: string) => asAdmin(`${API}/${encodeURIComponent(id)}`);
const eventCount = async () => (await D1.prepare("SELECT count(*) AS n FROM notification_events").first<{ n: number }>())!.n;
const recipientsOf = async (eventId: string) =>
  (await D1.prepare("SELECT user_id FROM notifications WHERE event_id = ? ORDER BY user_id").bind(eventId).all<{ user_id: string }>()).results.map(
    (r) => r.user_id,
  );
const sorted = (ids: string[]) => [...ids].sort();
const lastAudit = () =>
  D1.prepare("SELECT actor_id, action, target_type, target_id, summary FROM audit_log ORDER BY id DESC LIMIT 1").first<{
    actor_id: string;
    action: string;
    target_type: string;
    target_id: string;
    summary: string;
  }>();

async function insertEvent(values: { status: string; eventDate: number; titlePtBr?: string }) {
  const id = crypto.randomUUID();
  await D1.prepare("INSERT INTO events (id, title, title_pt_br, event_date, status) VALUES (?1, ?2, ?3, ?4, ?5)")
    .bind(id, "Summer Show", values.titlePtBr ?? null, values.eventDate, values.status)
    .run();
  return id;
}

/** Polls the campaign's progress (the queue's consumer runs on its own) until it is done. */
const waitUntilDone = (id: string) =>
  vi.waitFor(
    async () => {
      const res = await progress(id);
      expect(res.status).toBe(200);
      const body = await res.json<NotifyProgress>();
      expect(body.done).toBe(true);
      return body;
    },
    { timeout: 10_000, interval: 100 },
  );

describe("the admin gate", () => {
  it("refuses every route to visitors, members, VIPs and banned members, writing nothing", async () => {
    await expectAdminOnly({ method: "GET", path: `${API}/preview?type=release&id=freestyle-nights` }, eventCount);
    await expectAdminOnly({ method: "POST", path: API, json: { type: "release", id: "freestyle-nights" } }, eventCount);
    await expectAdminOnly({ method: "GET", path: `${API}/release%3Afreestyle-nights` }, eventCount);
  });
});

describe("bad input and unknown targets", () => {
  it("answers 400 invalid_input for a type or id the schema refuses, storing nothing", async () => {
    const before = await eventCount();
    for (const [path, field] of [
      [`${API}/preview?type=album&id=freestyle-nights`, "type"],
      [`${API}/preview?type=release`, "id"],
      [`${API}/preview?type=release&id=${"x".repeat(101)}`, "id"],
    ] as const) {
      const res = await asAdmin(path);
      expect(res.status, path).toBe(400);
      expect(await errorOf(res), path).toMatchObject({ code: "invalid_input", field });
    }
    const res = await asAdmin(API, { type: "tv" });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: "invalid_input", field: "id" });
    expect(await eventCount()).toBe(before);
  });

  it("answers 404 with the target's code for an unknown album, event, channel or campaign", async () => {
    for (const [type, code] of [
      ["release", "album_not_found"],
      ["event", "event_not_found"],
      ["tv", "channel_not_found"],
    ] as const) {
      const res = await preview(type, "no-such-thing");
      expect(res.status, type).toBe(404);
      expect((await errorOf(res)).code, type).toBe(code);
      const post = await asAdmin(API, { type, id: "no-such-thing" });
      expect(post.status, type).toBe(404);
      expect((await errorOf(post)).code, type).toBe(code);
    }
    const res = await progress("release:no-such-thing");
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe("notification_not_found");
  });
});

describe("a new release", () => {
  it("previews every member in good standing, counted by kind, banned members left out", async () => {
    const res = await preview("release", "city-lights-calling");
    expect(res.status).toBe(200);
    expect(await res.json<NotifyPreview>()).toEqual({
      kind: "release",
      title: "City Lights Calling",
      counts: { members: 3, vips: 2, admins: 1, total: 6 },
      announcedId: null,
    });
  });

  it("fans out to every member through the queue, reaches done, refuses a second announcement and is audited", async () => {
    const res = await asAdmin(API, { type: "release", id: "city-lights-calling" });
    expect(res.status).toBe(202);
    const queued = await res.json<NotifyProgress>();
    expect(queued).toMatchObject({ id: "release:city-lights-calling", kind: "release", title: "City Lights Calling", total: 6 });

    const stored = await D1.prepare("SELECT kind, audience, link, params, created_by FROM notification_events WHERE id = ?").bind(queued.id).first();
    expect(stored).toEqual({
      kind: "release",
      audience: "members",
      link: "/music/catalog/city-lights-calling",
      params: JSON.stringify({ title: "City Lights Calling" }),
      created_by: admin.id,
    });
    expect(await lastAudit()).toEqual({
      actor_id: admin.id,
      action: "notify.send",
      target_type: "album",
      target_id: "city-lights-calling",
      summary: JSON.stringify({ after: { notification: queued.id, kind: "release", title: "City Lights Calling", recipients: 6 } }),
    });

    const done = await waitUntilDone(queued.id);
    expect(done).toMatchObject({ written: 6, total: 6, done: true });
    expect(await recipientsOf(queued.id)).toEqual(sorted([...everyone.members, ...everyone.vips, ...everyone.admins]));

    const again = await asAdmin(API, { type: "release", id: "city-lights-calling" });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("already_announced");
    expect((await (await preview("release", "city-lights-calling")).json<NotifyPreview>()).announcedId).toBe(queued.id);
    expect(await eventCount()).toBe(1);
  });

  it("announces an album in its VIP early-access window to VIPs and admins only", async () => {
    const now = Date.now();
    await D1.prepare("UPDATE albums SET release_at = ?, early_access_at = ? WHERE id = 'radio-heartline'")
      .bind(now + 24 * HOUR, now - HOUR)
      .run();
    const res = await preview("release", "radio-heartline");
    expect(res.status).toBe(200);
    expect(await res.json<NotifyPreview>()).toEqual({
      kind: "release_early",
      title: "Radio Heartline",
      counts: { members: 0, vips: 2, admins: 1, total: 3 },
      announcedId: null,
    });
    const post = await asAdmin(API, { type: "release", id: "radio-heartline" });
    expect(post.status).toBe(202);
    const queued = await post.json<NotifyProgress>();
    expect(queued).toMatchObject({ id: "release_early:radio-heartline", kind: "release_early", total: 3 });
    expect(await waitUntilDone(queued.id)).toMatchObject({ written: 3, total: 3 });
    expect(await recipientsOf(queued.id)).toEqual(sorted([...everyone.vips, ...everyone.admins]));
  });

  it("refuses an album that is not out yet, not even for VIPs (409 album_not_released)", async () => {
    await D1.prepare("UPDATE albums SET release_at = ?, early_access_at = NULL WHERE id = 'freestyle-nights'")
      .bind(Date.now() + 24 * HOUR)
      .run();
    const before = await eventCount();
    for (const res of [await preview("release", "freestyle-nights"), await asAdmin(API, { type: "release", id: "freestyle-nights" })]) {
      expect(res.status).toBe(409);
      expect((await errorOf(res)).code).toBe("album_not_released");
    }
    expect(await eventCount()).toBe(before);
  });
});

describe("an event", () => {
  it("refuses a draft (event_not_published) and a past event (event_past)", async () => {
    const draft = await insertEvent({ status: "draft", eventDate: Date.now() + 24 * HOUR });
    const past = await insertEvent({ status: "published", eventDate: Date.now() - 24 * HOUR });
    const before = await eventCount();
    for (const [id, code] of [
      [draft, "event_not_published"],
      [past, "event_past"],
    ] as const) {
      const res = await preview("event", id);
      expect(res.status, code).toBe(409);
      expect((await errorOf(res)).code).toBe(code);
      const post = await asAdmin(API, { type: "event", id });
      expect(post.status, code).toBe(409);
      expect((await errorOf(post)).code).toBe(code);
    }
    expect(await eventCount()).toBe(before);
  });

  it("announces a published event with its title in both languages", async () => {
    const id = await insertEvent({ status: "published", eventDate: Date.now() + 24 * HOUR, titlePtBr: "Show de Verão" });
    const res = await preview("event", id);
    expect(await res.json<NotifyPreview>()).toEqual({
      kind: "event",
      title: "Summer Show",
      counts: { members: 3, vips: 2, admins: 1, total: 6 },
      announcedId: null,
    });
    const post = await asAdmin(API, { type: "event", id });
    expect(post.status).toBe(202);
    expect(await post.json<NotifyProgress>()).toMatchObject({ id: `event:${id}`, kind: "event", title: "Summer Show", total: 6 });
    const stored = await D1.prepare("SELECT link, params FROM notification_events WHERE id = ?").bind(`event:${id}`).first();
    expect(stored).toEqual({ link: "/events", params: JSON.stringify({ title: "Summer Show", titlePtBr: "Show de Verão" }) });
    expect((await lastAudit())!.target_type).toBe("event");
    await waitUntilDone(`event:${id}`);
  });
});

describe("a TV channel going live", () => {
  it("refuses a channel that is not live (channel_not_live)", async () => {
    const res = await preview("tv", "spring-love-video");
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("channel_not_live");
  });

  it("announces a live channel once per hour, linking to the channel", async () => {
    const res = await preview("tv", "live");
    expect(await res.json<NotifyPreview>()).toMatchObject({ kind: "tv_live", title: "Freestyle Lovers Live", announcedId: null });
    const post = await asAdmin(API, { type: "tv", id: "live" });
    expect(post.status).toBe(202);
    const queued = await post.json<NotifyProgress>();
    expect(queued.id).toMatch(/^tv_live:live:\d{4}-\d{2}-\d{2}T\d{2}$/);
    const stored = await D1.prepare("SELECT link FROM notification_events WHERE id = ?").bind(queued.id).first<{ link: string }>();
    expect(stored!.link).toBe("/tv?channel=live");
    expect((await lastAudit())!).toMatchObject({ action: "notify.send", target_type: "channel", target_id: "live" });
    await waitUntilDone(queued.id);
  });
});

describe("the fan-out's pages", () => {
  it("writes page by page, and a redelivered page writes nothing", async () => {
    const id = "release:paging-test";
    expect(await recordNotificationEvent(db(), { id, kind: "release", actorId: null, params: { title: "Paging" }, link: "/music", audience: "members" })).toBe(
      true,
    );
    const pages = await planFanOut(db(), id, 2);
    for (const page of pages) {
      expect((await writeFanOutPage(db(), page)).status).toBe("written");
      const rows = (await recipientsOf(id)).length;
      // The same page again (a redelivered queue message): stale, and not one row more.
      expect(await writeFanOutPage(db(), page)).toEqual({ status: "stale" });
      expect((await recipientsOf(id)).length).toBe(rows);
    }
    // Eight accounts, two a page (the banned skipped inside their page): four full pages and an empty last one.
    expect(pages).toHaveLength(5);
    expect(pages.at(-1)!.upTo).toBeNull();
    expect(await recipientsOf(id)).toEqual(sorted([...everyone.members, ...everyone.vips, ...everyone.admins]));
    const event = await D1.prepare("SELECT recipients_written, fanned_out_at FROM notification_events WHERE id = ?").bind(id).first<{
      recipients_written: number;
      fanned_out_at: number | null;
    }>();
    expect(event!.recipients_written).toBe(6);
    expect(event!.fanned_out_at).not.toBeNull();
  });
});

describe("an announcement's title in push and e-mail", () => {
  it("is the Portuguese title for a Portuguese reader, the English one otherwise", () => {
    const input = {
      kind: "tv_live" as const,
      actor: null,
      actorCount: 1,
      params: { title: "Freestyle Lovers Live", titlePtBr: "Freestyle Lovers Ao Vivo" },
      brandName: "Fans",
    };
    expect(notificationText("en", input)).toEqual({ title: "Live now on TV", body: "Freestyle Lovers Live" });
    expect(notificationText("pt-BR", input)).toEqual({ title: "Ao vivo agora na TV", body: "Freestyle Lovers Ao Vivo" });
  });
});
