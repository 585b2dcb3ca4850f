// Live shows (decision 113): who may see and watch a show. The watch page's view, the token route
// and the local playlist for a visitor, a free member, each tier below, at and above the show's
// tier, a ticket holder, a refunded one, door staff, an admin and a banned member; drafts and
// unknown events; a show's token opening no other show, and tokens expiring.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { call, createUser, errorOf } from "./helpers";
import { addInnerCircle, expectRefused, fakeClock, giveTicket, HOUR, personOf, putDemoMedia, seedShow, tokenFor, viewOf, type Who } from "./live-fixtures";
import { seedTicketEvent } from "./ticket-fixtures";
import { forgetTiers } from "../../worker/db/tiers/tiers";
import { createDb } from "../../worker/db/client";
import { meetsStartingSoon } from "../../worker/db/notification-jobs";
import { LIVE_TOKEN_REFRESH_SECONDS, LIVE_TOKEN_SECONDS, LIVE_VIEWER_WINDOW_MS } from "../../worker/contracts/live";

beforeAll(async () => {
  await addInnerCircle();
  forgetTiers();
  await putDemoMedia();
});
afterEach(() => vi.useRealTimers());

type Case = [who: Who, locked: string | null, status: number, code: string | null];

async function expectMatrix(eventId: string, cases: Case[], prepare?: (who: Who, user: Awaited<ReturnType<typeof personOf>>) => Promise<void>) {
  for (const [who, locked, status, code] of cases) {
    const user = await personOf(who);
    if (prepare) await prepare(who, user);
    const view = await viewOf(eventId, user);
    // A banned member's session is refused before any route: they are a visitor to the Worker.
    expect([who, view.status, view.body.locked]).toEqual([who, 200, locked]);
    const token = await tokenFor(eventId, user);
    expect([who, token.status, token.code]).toEqual([who, status, code]);
    if (status === 200) {
      const playlist = await call(token.body!.playlistUrl);
      expect([who, playlist.status]).toEqual([who, 200]);
    }
  }
}

describe("a tier show", () => {
  it("admits that tier and above and admins; a free member is told membership, a lower tier tier, a visitor sign in", async () => {
    const eventId = await seedShow({ access: "tier", minTierId: "vip", state: "live" });
    await expectMatrix(eventId, [
      ["visitor", "sign_in", 401, "unauthorized"],
      ["banned", "sign_in", 401, "unauthorized"],
      ["member", "membership", 403, "membership_required"],
      ["door", "membership", 403, "membership_required"],
      ["vip", null, 200, null],
      ["inner", null, 200, null],
      ["admin", null, 200, null],
    ]);
    const top = await seedShow({ access: "tier", minTierId: "inner-circle", state: "live" });
    await expectMatrix(top, [
      ["member", "membership", 403, "membership_required"],
      ["vip", "tier", 403, "tier_required"],
      ["inner", null, 200, null],
      ["admin", null, 200, null],
    ]);
    const view = await viewOf(top, null);
    expect(view.body.access).toEqual({ kind: "tier", tierId: "inner-circle", tierName: { en: "Inner Circle", ptBR: "Círculo Íntimo" } });
    expect(view.body.buyUrl).toBeNull();
  });
});

describe("a ticket show", () => {
  it("admits holders of a valid ticket and admins; not a refunded ticket, door staff without one, or a VIP", async () => {
    const eventId = await seedShow({ access: "ticket", state: "live" });
    await expectMatrix(
      eventId,
      [
        ["visitor", "sign_in", 401, "unauthorized"],
        ["member", "ticket", 403, "ticket_required"],
        ["vip", "ticket", 403, "ticket_required"],
        ["door", "ticket", 403, "ticket_required"],
        ["inner", null, 200, null],
        ["admin", null, 200, null],
      ],
      async (who, user) => {
        // The inner-circle member holds a ticket; the VIP a refunded one.
        if (who === "inner") await giveTicket(eventId, user!, "valid");
        if (who === "vip") await giveTicket(eventId, user!, "refunded");
      },
    );
    const view = await viewOf(eventId, null);
    expect(view.body.buyUrl).toBe(`/events/${eventId}`);
    expect(view.body.access.kind).toBe("ticket");
  });

  it("a ticket refunded while watching: the next token is refused, the token held still plays until it expires", async () => {
    const eventId = await seedShow({ access: "ticket", state: "live" });
    const holder = await createUser("user");
    await giveTicket(eventId, holder);
    const first = await tokenFor(eventId, holder);
    expect(first.status).toBe(200);
    await (env as unknown as { DB: D1Database }).DB.prepare("UPDATE event_tickets SET status = 'refunded' WHERE owner_user_id = ?").bind(holder.id).run();
    const next = await tokenFor(eventId, holder);
    expect([next.status, next.code]).toEqual([403, "ticket_required"]);
    const move = fakeClock();
    expect((await call(first.body!.playlistUrl)).status).toBe(200);
    move(Date.parse(first.body!.expiresAt) + 1000);
    await expectRefused(await call(first.body!.playlistUrl), 403, "bad_token");
  });
});

describe("a members show", () => {
  it("admits every signed-in member, door staff included; a visitor is shown the way in", async () => {
    const eventId = await seedShow({ access: "members", state: "live" });
    await expectMatrix(eventId, [
      ["visitor", "sign_in", 401, "unauthorized"],
      ["member", null, 200, null],
      ["door", null, 200, null],
      ["vip", null, 200, null],
      ["admin", null, 200, null],
    ]);
  });
});

describe("what is not a show", () => {
  it("an unknown event, an event without a show, a bad id and a draft (to all but admins) are 404", async () => {
    const member = await createUser("user");
    const admin = await createUser("admin");
    const draft = await seedShow({ eventStatus: "draft", state: "live" });
    const bare = await seedTicketEvent();
    for (const id of [crypto.randomUUID(), bare, "not-an-id", draft]) {
      const res = await call(`/api/live/${id}`, { cookie: member.cookie });
      expect([id, res.status, (await errorOf(res)).code]).toEqual([id, 404, "not_found"]);
      await expectRefused(await call(`/api/live/${id}/token`, { method: "POST", cookie: member.cookie }), 404, "not_found");
    }
    expect((await viewOf(draft, admin)).status).toBe(200);
    expect((await tokenFor(draft, admin)).status).toBe(200);
  });
});

describe("tokens", () => {
  it("answer 409 not_live before the start and after an end without replay", async () => {
    const member = await createUser("user");
    const upcoming = await seedShow();
    const over = await seedShow({ state: "ended", replayHours: 0 });
    for (const eventId of [upcoming, over]) {
      expect(await tokenFor(eventId, member)).toMatchObject({ status: 409, code: "not_live" });
    }
    expect((await viewOf(upcoming, member)).body.state).toBe("upcoming");
    expect((await viewOf(over, member)).body.state).toBe("ended");
  });

  it("of one show open no other show, and expire after five minutes", async () => {
    const member = await createUser("user");
    const [one, other] = [await seedShow({ state: "live" }), await seedShow({ state: "live" })];
    const token = await tokenFor(one, member);
    expect(token.body).toMatchObject({ mode: "live", provider: "local" });
    expect(token.body!.playlistUrl).toBe(`/api/live/${one}/hls/${token.body!.token}/index.m3u8`);
    const stolen = token.body!.playlistUrl.replace(one, other);
    await expectRefused(await call(stolen), 403, "bad_token");
    await expectRefused(await call(stolen.replace("index.m3u8", "0.m4s")), 403, "bad_token");
    await expectRefused(await call(`/api/live/${one}/hls/not.a.token/index.m3u8`), 403, "bad_token");
    const issued = Date.now();
    expect(Date.parse(token.body!.expiresAt) - issued).toBeGreaterThan(4.9 * 60_000);
    expect(Date.parse(token.body!.expiresAt) - issued).toBeLessThanOrEqual(5 * 60_000);
    const move = fakeClock(issued);
    move(issued + 4 * 60_000);
    expect((await call(token.body!.playlistUrl)).status).toBe(200);
    move(Date.parse(token.body!.expiresAt) + 1);
    await expectRefused(await call(token.body!.playlistUrl), 403, "bad_token");
    await expectRefused(await call(token.body!.playlistUrl.replace("index.m3u8", "init.mp4")), 403, "bad_token");
  });

  it("are asked for again well inside their life and the viewer window, so a watching member keeps counting", () => {
    expect(LIVE_TOKEN_REFRESH_SECONDS * 1000).toBeLessThan(LIVE_VIEWER_WINDOW_MS);
    expect(LIVE_TOKEN_REFRESH_SECONDS).toBeLessThan(LIVE_TOKEN_SECONDS);
  });

  it("a media token does not open a show", async () => {
    const member = await createUser("user");
    const eventId = await seedShow({ state: "live" });
    const { signMediaToken } = await import("../../worker/lib/media-token");
    const media = await signMediaToken((env as unknown as { SESSION_SECRET: string }).SESSION_SECRET, member.id, "video", eventId);
    await expectRefused(await call(`/api/live/${eventId}/hls/${media.token}/index.m3u8`), 403, "bad_token");
    // A token carrying every claim of a show's token is refused for its audience alone, and the
    // same claims under the show's audience open it: only the audience check tells them apart.
    const { SignJWT } = await import("jose");
    const secret = new TextEncoder().encode((env as unknown as { SESSION_SECRET: string }).SESSION_SECRET);
    const showClaims = (audience: string) =>
      new SignJWT({ evt: eventId, mode: "live", st: Date.now() - 60_000, en: null })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(member.id)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime("5m")
        .sign(secret);
    await expectRefused(await call(`/api/live/${eventId}/hls/${await showClaims("media:video")}/index.m3u8`), 403, "bad_token");
    expect((await call(`/api/live/${eventId}/hls/${await showClaims("live:playback")}/index.m3u8`)).status).toBe(200);
  });
});

describe("the events list", () => {
  it("leaves a show out of the virtual meets and of the meets' starting-soon notice (it tells its own)", async () => {
    const show = await seedShow({ title: "Online show" });
    const meet = await seedTicketEvent({ status: "published", title: "A meet", eventDate: Date.now() + 10 * 60_000 });
    await env.DB.prepare("UPDATE events SET is_online = 1, event_date = ? WHERE id IN (?, ?)")
      .bind(Date.now() + 10 * 60_000, show, meet)
      .run();
    const res = await call("/api/events/virtual");
    expect(res.status).toBe(200);
    const ids = ((await res.json()) as { meets: { id: string }[] }).meets.map((m) => m.id);
    expect([ids.includes(meet), ids.includes(show)]).toEqual([true, false]);
    const soon = await meetsStartingSoon(createDb(env.DB), Date.now(), HOUR);
    expect([soon.some((s) => s.id === meet), soon.some((s) => s.id === show)]).toEqual([true, false]);
  });

  it("names the watch page of an event with a show, and of no other", async () => {
    const withShow = await seedShow({ title: "Streamed night" });
    const without = await seedTicketEvent({ status: "published", title: "Venue only", eventDate: Date.now() + 2 * HOUR });
    const res = await call("/api/events");
    expect(res.status).toBe(200);
    const { events } = (await res.json()) as { events: { id: string; watchUrl?: string }[] };
    expect(events.find((e) => e.id === withShow)?.watchUrl).toBe(`/live/${withShow}`);
    expect(events.find((e) => e.id === without)).toBeDefined();
    expect(events.find((e) => e.id === without)?.watchUrl).toBeUndefined();
    const one = await call(`/api/events/${withShow}`);
    expect(((await one.json()) as { event: { watchUrl?: string } }).event.watchUrl).toBe(`/live/${withShow}`);
  });
});
