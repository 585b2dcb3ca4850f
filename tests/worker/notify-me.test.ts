// "Notify me" (/api/notify-me/:kind/:id, /confirm, /cancel) and its sending pass
// (worker/services/notify-me/pass.ts, run here through the local test clock POST
// /api/dev/notify-me/run { now }). A member's request waits at once; a visitor's waits for the
// confirmation link; when the release goes out or the public ticket sale opens, everyone waiting
// is told once (members through the notification centre, visitors by one mail), however often the
// pass runs or the queue delivers. Expectations come from raw SQL against D1.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { albums, tracks } from "../../worker/db/schema/music";
import { events } from "../../worker/db/schema/events";
import type { NewEventRow } from "../../worker/db/events";
import { handleMessage } from "../../worker/services/notifications";
import { deleteMemberAccount } from "../../worker/db/member-data";
import { NOTIFY_MESSAGES } from "../../worker/contracts/notify-me";
import type { AppEnv } from "../../worker/env";
import { call, callLocal, createUser, db, errorOf, type TestUser } from "./helpers";

const D1 = (env as unknown as { DB: D1Database }).DB;
const appEnv = env as unknown as AppEnv;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let serial = 0;
const slug = (base: string) => `${base}-${++serial}-${crypto.randomUUID().slice(0, 6)}`;

/** An album in early access: public in `releaseIn` (a week unless given), VIPs hear it from an hour ago. */
async function comingAlbum({ releaseIn = 7 * DAY, earlyFrom = -HOUR }: { releaseIn?: number; earlyFrom?: number | null } = {}) {
  const id = slug("coming-album");
  const releaseAt = Date.now() + releaseIn;
  await db()
    .insert(albums)
    .values({
      id,
      title: `Coming Album ${serial}`,
      year: 2026,
      type: "Album",
      position: 1000 + serial,
      releaseAt: new Date(releaseAt),
      earlyAccessAt: earlyFrom === null ? null : new Date(Date.now() + earlyFrom),
    });
  await db()
    .insert(tracks)
    .values({ id: `${id}-1`, albumId: id, title: `Coming Track ${serial}`, number: 1 });
  return { id, trackId: `${id}-1`, title: `Coming Album ${serial}`, releaseAt };
}

/** A published event in a month whose public ticket sale opens in `saleIn` (2 days unless given). */
async function announcedEvent(overrides: Partial<NewEventRow> & { saleIn?: number } = {}) {
  const { saleIn = 2 * DAY, ...rest } = overrides;
  return db()
    .insert(events)
    .values({
      id: crypto.randomUUID(),
      title: `Announced Night ${++serial}`,
      titlePtBr: `Noite Anunciada ${serial}`,
      eventDate: new Date(Date.now() + 30 * DAY),
      status: "published",
      ticketSaleStart: new Date(Date.now() + saleIn),
      ...rest,
    })
    .returning()
    .get();
}

type RequestRow = {
  id: string;
  user_id: string | null;
  email: string | null;
  locale: string;
  status: string;
  token_hash: string | null;
  sent_at: number | null;
};
const requestsOf = async (kind: string, id: string) =>
  (await D1.prepare("SELECT * FROM notify_requests WHERE item_kind = ? AND item_id = ? ORDER BY created_at, id").bind(kind, id).all<RequestRow>()).results;

type OutboxRow = { to_address: string; subject: string; text_body: string };
const mailsTo = async (address: string) =>
  (await D1.prepare("SELECT to_address, subject, text_body FROM mail_outbox WHERE to_address = ? ORDER BY created_at, rowid").bind(address).all<OutboxRow>())
    .results;

type NotificationRow = { event_id: string; kind: string; params: string; link: string };
const notificationsOf = async (userId: string) =>
  (
    await D1.prepare(
      "SELECT n.event_id, e.kind, e.params, e.link FROM notifications n JOIN notification_events e ON e.id = n.event_id WHERE n.user_id = ? AND e.kind LIKE 'notify_%'",
    )
      .bind(userId)
      .all<NotificationRow>()
  ).results;

const runPass = async (now: number) => {
  const res = await callLocal("/api/dev/notify-me/run", { json: { now } });
  expect(res.status).toBe(200);
  expect(Object.keys(await res.json<Record<string, number>>()).sort()).toEqual(["dropped", "expired", "members", "visitors"]);
};

const path = (kind: string, id: string) => `/api/notify-me/${kind}/${id}`;
/** A client address of its own per request: the per-client limits (the binding, D1) would otherwise join unrelated tests. */
let ipSerial = 0;
const freshIp = () => `2001:db8:57::${(++ipSerial).toString(16)}`;
const ask = (kind: string, id: string, user?: TestUser, json?: unknown) =>
  call(path(kind, id), { method: "POST", json, cookie: user?.cookie, headers: { "cf-connecting-ip": freshIp() } });

let visitorSerial = 0;
const visitorEmail = () => `notify-visitor${++visitorSerial}-${crypto.randomUUID().slice(0, 6)}@example.com`;
const linkIn = (text: string, pathPart: string) => [...text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]).find((l) => l.includes(pathPart))!;

/** A visitor asks and confirms from the mail; returns the address. */
async function confirmedVisitor(kind: string, id: string, locale: "en" | "pt-BR" = "en") {
  const email = visitorEmail();
  expect((await ask(kind, id, undefined, { email, locale })).status).toBe(200);
  const [mail] = await mailsTo(email);
  const token = new URL(linkIn(mail!.text_body, "/notify-me/confirm")).searchParams.get("token")!;
  const res = await call("/api/notify-me/confirm", { json: { token } });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ kind, id });
  return email;
}

async function doorStaff() {
  const staff = await createUser("user");
  await D1.prepare("UPDATE users SET is_door_staff = 1 WHERE id = ?").bind(staff.id).run();
  return staff;
}

describe("who may ask to be told about a coming album", () => {
  it("a visitor: GET and DELETE need a sign-in, a tap without an address is 401, an address is pending", async () => {
    const album = await comingAlbum();
    expect((await errorOf(await call(path("album", album.id)))).code).toBe("unauthorized");
    expect((await errorOf(await ask("album", album.id))).code).toBe("unauthorized");
    expect((await call(path("album", album.id), { method: "DELETE" })).status).toBe(401);
    expect(await requestsOf("album", album.id)).toEqual([]);
    const res = await ask("album", album.id, undefined, { email: visitorEmail(), locale: "en" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "pending" });
    expect((await requestsOf("album", album.id)).map((r) => r.status)).toEqual(["pending"]);
  });

  it.each([
    ["member", () => createUser("user")],
    ["door staff", doorStaff],
  ])("a %s: one tap waits, a second changes nothing, DELETE withdraws", async (_role, make) => {
    const album = await comingAlbum();
    const member = await make();
    expect(await (await call(path("album", album.id), { cookie: member.cookie })).json()).toEqual({ waiting: false });
    for (let tap = 0; tap < 2; tap++) {
      const res = await ask("album", album.id, member);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: "waiting" });
    }
    const rows = await requestsOf("album", album.id);
    expect(rows.map((r) => [r.user_id, r.email, r.status])).toEqual([[member.id, null, "waiting"]]);
    expect(await (await call(path("album", album.id), { cookie: member.cookie })).json()).toEqual({ waiting: true });
    const gone = await call(path("album", album.id), { method: "DELETE", cookie: member.cookie });
    expect(await gone.json()).toEqual({ waiting: false });
    expect(await requestsOf("album", album.id)).toEqual([]);
  });

  it.each(["vip", "admin"] as const)("a %s hears it in early access already: 409 already_released, nothing stored", async (role) => {
    const album = await comingAlbum();
    const user = await createUser(role);
    for (const res of [await call(path("album", album.id), { cookie: user.cookie }), await ask("album", album.id, user)]) {
      expect(res.status).toBe(409);
      expect(await errorOf(res)).toEqual({ code: "already_released", message: NOTIFY_MESSAGES.alreadyReleased });
    }
    expect(await requestsOf("album", album.id)).toEqual([]);
  });

  it("a banned member has no session: 401 on every member route, nothing stored", async () => {
    const album = await comingAlbum();
    const banned = await createUser("banned");
    expect((await call(path("album", album.id), { cookie: banned.cookie })).status).toBe(401);
    expect((await ask("album", album.id, banned)).status).toBe(401);
    expect((await call(path("album", album.id), { method: "DELETE", cookie: banned.cookie })).status).toBe(401);
    expect(await requestsOf("album", album.id)).toEqual([]);
  });
});

describe("what may be asked about", () => {
  it("unknown, hidden and released items are refused with their codes; nothing stored", async () => {
    const member = await createUser("user");
    const hidden = await comingAlbum({ earlyFrom: 2 * DAY });
    const noEarly = await comingAlbum({ earlyFrom: null });
    const released = await comingAlbum({ releaseIn: -HOUR });
    const cases: [string, string, number, string][] = [
      ["album", "no-such-album", 404, "album_not_found"],
      ["album", hidden.id, 404, "album_not_found"],
      ["album", noEarly.id, 404, "album_not_found"],
      ["track", hidden.trackId, 404, "track_not_found"],
      ["album", released.id, 409, "already_released"],
      ["track", released.trackId, 409, "already_released"],
      ["event", crypto.randomUUID(), 404, "event_not_found"],
      ["album", "bad%20id!", 404, "album_not_found"],
    ];
    for (const [kind, id, status, code] of cases) {
      const res = await ask(kind, id, member);
      expect([kind, id, res.status, (await errorOf(res)).code]).toEqual([kind, id, status, code]);
    }
    expect((await ask("single", hidden.id, member)).status).toBe(404);
    const stored = await D1.prepare("SELECT count(*) AS n FROM notify_requests WHERE user_id = ?").bind(member.id).first<{ n: number }>();
    expect(stored!.n).toBe(0);
  });

  it("events: a draft is unknown; cancelled, started and on-sale ones answer 409", async () => {
    const member = await createUser("user");
    const draft = await announcedEvent({ status: "draft" });
    const cancelled = await announcedEvent({ status: "cancelled" });
    const onSale = await announcedEvent({ saleIn: -HOUR });
    const started = await announcedEvent({ eventDate: new Date(Date.now() - HOUR) });
    const noSale = await announcedEvent({ ticketSaleStart: null });
    const cases: [string, number, string][] = [
      [draft.id, 404, "event_not_found"],
      [cancelled.id, 409, "event_cancelled"],
      [onSale.id, 409, "already_on_sale"],
      [started.id, 409, "event_started"],
      [noSale.id, 409, "already_on_sale"],
    ];
    for (const [id, status, code] of cases) {
      const res = await ask("event", id, member);
      expect([id, res.status, (await errorOf(res)).code]).toEqual([id, status, code]);
    }
    const presale = await announcedEvent({
      saleIn: HOUR,
      presaleStartsAt: new Date(Date.now() - HOUR),
      presaleEndsAt: new Date(Date.now() + 2 * DAY),
      generalSaleAt: new Date(Date.now() + 2 * DAY),
    });
    // The public sale is the later of the sale start and the presale's general sale.
    expect((await ask("event", presale.id, member)).status).toBe(200);
  });

  it("a visitor's bad address or body is a 400 with its rule; nothing stored, no mail", async () => {
    const album = await comingAlbum();
    const bad = await ask("album", album.id, undefined, { email: "not-an-address", locale: "en" });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).field).toBe("email");
    const noLocale = await ask("album", album.id, undefined, { email: visitorEmail(), locale: "fr" });
    expect(noLocale.status).toBe(400);
    expect((await errorOf(noLocale)).field).toBe("locale");
    const malformed = await call(path("album", album.id), { method: "POST", body: "{not json", headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect((await errorOf(malformed)).code).toBe("bad_request");
    expect(await requestsOf("album", album.id)).toEqual([]);
    const confirm = await call("/api/notify-me/confirm", { json: { token: "x".repeat(43) } });
    expect(await errorOf(confirm)).toEqual({ code: "notify_link_invalid", message: NOTIFY_MESSAGES.linkInvalid });
    expect((await call("/api/notify-me/confirm", { json: {} })).status).toBe(400);
    expect(await errorOf(await call("/api/notify-me/cancel", { json: { t: "forged.link-value" } }))).toEqual({
      code: "notify_link_invalid",
      message: NOTIFY_MESSAGES.linkInvalid,
    });
  });
});

describe("a visitor's double opt-in", () => {
  it("mails the confirmation in the page's language once per address, and the link starts the wait", async () => {
    const event = await announcedEvent();
    const email = visitorEmail();
    for (let i = 0; i < 2; i++) expect(await (await ask("event", event.id, undefined, { email, locale: "pt-BR" })).json()).toEqual({ status: "pending" });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Confirme: vamos avisar você sobre “${event.titlePtBr}”`);
    expect(mails[0]!.text_body).toContain("quando os ingressos para");
    expect(linkIn(mails[0]!.text_body, "/notify-me/cancel")).toBeTruthy();
    const [row] = await requestsOf("event", event.id);
    expect([row!.status, row!.locale, row!.user_id]).toEqual(["pending", "pt-BR", null]);
    const token = new URL(linkIn(mails[0]!.text_body, "/notify-me/confirm")).searchParams.get("token")!;
    for (let i = 0; i < 2; i++) expect(await (await call("/api/notify-me/confirm", { json: { token } })).json()).toEqual({ kind: "event", id: event.id });
    expect((await requestsOf("event", event.id)).map((r) => r.status)).toEqual(["waiting"]);
  });

  it("a link older than 7 days has expired (410) and its request is gone", async () => {
    const album = await comingAlbum();
    const email = visitorEmail();
    await ask("album", album.id, undefined, { email, locale: "en" });
    await D1.prepare("UPDATE notify_requests SET created_at = created_at - ? WHERE email = ?")
      .bind(8 * DAY, email)
      .run();
    const token = new URL(linkIn((await mailsTo(email))[0]!.text_body, "/notify-me/confirm")).searchParams.get("token")!;
    const res = await call("/api/notify-me/confirm", { json: { token } });
    expect(res.status).toBe(410);
    expect((await errorOf(res)).code).toBe("notify_link_expired");
    expect(await requestsOf("album", album.id)).toEqual([]);
  });

  it("too many requests for one address are refused with 429", async () => {
    const email = visitorEmail();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await ask("album", (await comingAlbum()).id, undefined, { email, locale: "en" })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe("telling everyone once when it goes out", () => {
  it("the album's release: members through the centre, confirmed visitors by mail, the unconfirmed not at all", async () => {
    // Out in two days: the unconfirmed request's link (7 days) is still open then, so it is seen untold.
    const album = await comingAlbum({ releaseIn: 2 * DAY });
    const member = await createUser("user");
    const door = await doorStaff();
    await ask("album", album.id, member);
    await ask("album", album.id, door);
    const visitor = await confirmedVisitor("album", album.id, "pt-BR");
    const unconfirmed = visitorEmail();
    await ask("album", album.id, undefined, { email: unconfirmed, locale: "en" });

    // The pass is global: other tests' items may be told in the same runs, so this one's rows are read.
    const statuses = async () => (await requestsOf("album", album.id)).map((r) => r.status).sort();
    await runPass(album.releaseAt - HOUR);
    expect(await statuses()).toEqual(["pending", "waiting", "waiting", "waiting"]);
    expect(await mailsTo(visitor)).toHaveLength(1); // the confirmation only

    await runPass(album.releaseAt + 1);
    expect(await statuses()).toEqual(["pending", "sent", "sent", "sent"]);
    const [notification] = await vi.waitFor(
      async () => {
        const rows = await notificationsOf(member.id);
        expect(rows).toHaveLength(1);
        return rows;
      },
      { timeout: 5000, interval: 50 },
    );
    expect([notification!.kind, JSON.parse(notification!.params).title, notification!.link]).toEqual([
      "notify_release",
      album.title,
      `/music/catalog/${album.id}`,
    ]);
    await vi.waitFor(async () => expect(await notificationsOf(door.id)).toHaveLength(1), { timeout: 5000, interval: 50 });
    const told = await mailsTo(visitor);
    expect(told).toHaveLength(2);
    expect(told[1]!.subject).toBe(`“${album.title}” já saiu`);
    expect(linkIn(told[1]!.text_body, "/notify-me/cancel")).toBeTruthy();
    expect(await mailsTo(unconfirmed)).toHaveLength(1);

    // A second pass, later, and the queue delivering the message again tell nobody twice.
    await runPass(album.releaseAt + 10 * 60_000);
    await handleMessage(appEnv, db(), { type: "deliver", eventId: notification!.event_id, userIds: [member.id, door.id] });
    expect(await notificationsOf(member.id)).toHaveLength(1);
    expect(await mailsTo(visitor)).toHaveLength(2);
    expect((await requestsOf("album", album.id)).map((r) => r.status).sort()).toEqual(["pending", "sent", "sent", "sent"]);
  });

  it("a track's release follows its own time and its album's", async () => {
    const album = await comingAlbum();
    const member = await createUser("user");
    await ask("track", album.trackId, member);
    await runPass(album.releaseAt - 1);
    expect((await requestsOf("track", album.trackId)).map((r) => r.status)).toEqual(["waiting"]);
    await runPass(album.releaseAt);
    expect((await requestsOf("track", album.trackId)).map((r) => r.status)).toEqual(["sent"]);
    await vi.waitFor(async () => expect((await notificationsOf(member.id)).map((n) => n.link)).toEqual([`/music/track/${album.trackId}`]), {
      timeout: 5000,
      interval: 50,
    });
  });

  it("an event's sale: told when it opens; a cancelled event's requests are dropped, nobody told", async () => {
    const event = await announcedEvent();
    const member = await createUser("user");
    await ask("event", event.id, member);
    const saleAt = event.ticketSaleStart!.getTime();
    await runPass(saleAt - 1);
    expect((await requestsOf("event", event.id)).map((r) => r.status)).toEqual(["waiting"]);
    await runPass(saleAt);
    expect((await requestsOf("event", event.id)).map((r) => r.status)).toEqual(["sent"]);
    await vi.waitFor(async () => expect((await notificationsOf(member.id)).map((n) => n.kind)).toEqual(["notify_on_sale"]), { timeout: 5000, interval: 50 });

    const called = await announcedEvent();
    const other = await createUser("user");
    await ask("event", called.id, other);
    await D1.prepare("UPDATE events SET status = 'cancelled' WHERE id = ?").bind(called.id).run();
    await runPass(called.ticketSaleStart!.getTime() + 1);
    expect((await requestsOf("event", called.id)).map((r) => r.status)).toEqual(["dropped"]);
    expect(await notificationsOf(other.id)).toEqual([]);
  });
});

describe("the cancel link and the member's rights", () => {
  it("withdraws every request of the address not yet told", async () => {
    const first = await comingAlbum();
    const second = await announcedEvent();
    const email = await confirmedVisitor("album", first.id);
    expect((await ask("event", second.id, undefined, { email, locale: "en" })).status).toBe(200);
    const t = new URL(linkIn((await mailsTo(email))[0]!.text_body, "/notify-me/cancel")).searchParams.get("t")!;
    expect(await (await call("/api/notify-me/cancel", { json: { t } })).json()).toEqual({ cancelled: 2 });
    expect(await requestsOf("album", first.id)).toEqual([]);
    expect(await requestsOf("event", second.id)).toEqual([]);
  });

  it("account deletion removes the member's requests and those asked with their address", async () => {
    const album = await comingAlbum();
    const member = await createUser("user");
    await ask("album", album.id, member);
    await ask("track", album.trackId, undefined, { email: member.email, locale: "en" });
    expect(await requestsOf("album", album.id)).toHaveLength(1);
    expect(await deleteMemberAccount(db(), member)).toBe("deleted");
    expect(await requestsOf("album", album.id)).toEqual([]);
    expect(await requestsOf("track", album.trackId)).toEqual([]);
  });
});

describe("the back office sees how many wait", () => {
  it("per album, track and event, confirmed requests only; members and visitors get 403 or 401", async () => {
    const album = await comingAlbum();
    const event = await announcedEvent();
    for (let i = 0; i < 2; i++) await ask("album", album.id, await createUser("user"));
    await confirmedVisitor("album", album.id);
    await ask("album", album.id, undefined, { email: visitorEmail(), locale: "en" }); // unconfirmed: not counted
    await ask("track", album.trackId, await createUser("user"));
    await ask("event", event.id, await createUser("user"));
    const admin = await createUser("admin");

    const list = await (
      await call("/api/admin/catalog/albums", { cookie: admin.cookie })
    ).json<{
      albums: { id: string; notifyWaiting: number; tracks: { id: string; notifyWaiting: number }[] }[];
    }>();
    const row = list.albums.find((a) => a.id === album.id)!;
    expect([row.notifyWaiting, row.tracks[0]!.notifyWaiting]).toEqual([3, 1]);
    const events = await (await call("/api/admin/events", { cookie: admin.cookie })).json<{ events: { id: string; notifyWaiting: number }[] }>();
    expect(events.events.find((e) => e.id === event.id)!.notifyWaiting).toBe(1);
    const one = await (await call(`/api/admin/events/${event.id}`, { cookie: admin.cookie })).json<{ event: { notifyWaiting: number } }>();
    expect(one.event.notifyWaiting).toBe(1);

    expect((await call("/api/admin/catalog/albums", { cookie: (await createUser("vip")).cookie })).status).toBe(403);
    expect((await call("/api/admin/catalog/albums", { cookie: (await doorStaff()).cookie })).status).toBe(403);
    expect((await call("/api/admin/catalog/albums")).status).toBe(401);
  });
});

describe("the news box (footer and landing page)", () => {
  it("asks for a subscription with its own consent sentence, and answers the same for an address asked before", async () => {
    const email = visitorEmail();
    for (let i = 0; i < 2; i++) {
      const res = await call("/api/newsletter/subscribe", { json: { email, locale: "pt-BR", source: "news_box" }, headers: { "cf-connecting-ip": freshIp() } });
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ ok: true });
    }
    expect(await mailsTo(email)).toHaveLength(1);
    const consent = await D1.prepare(
      "SELECT s.source, s.locale, s.consent_text FROM marketing_consents s JOIN marketing_contacts c ON c.id = s.contact_id WHERE c.email = ?",
    )
      .bind(email)
      .first<{ source: string; locale: string; consent_text: string }>();
    expect(consent).toMatchObject({ source: "news_box", locale: "pt-BR" });
    expect(consent!.consent_text).toMatch(/^Quero receber novidades/);
    const bad = await call("/api/newsletter/subscribe", { json: { email, locale: "en", source: "anywhere" }, headers: { "cf-connecting-ip": freshIp() } });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).field).toBe("source");
  });
});
