// Live shows (decision 113): what the local source plays. The live playlist follows the clock
// (fake), the replay is a VOD of exactly the show's segments and is hidden after its window except
// for the keep tier; segments and the init segment come from R2 with their types; a missing
// manifest is 503 live_media_missing; the view counts viewers, lists the pinned products on sale
// and says whether the member asked "Remind me".
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { call, createUser } from "./helpers";
import { addInnerCircle, expectRefused, fakeClock, HOUR, putDemoMedia, removeDemoMedia, seedShow, tokenFor, viewOf } from "./live-fixtures";
import { seedImage, seedProduct } from "./store-fixtures";
import { forgetTiers } from "../../worker/db/tiers/tiers";

const D1 = (env as unknown as { DB: D1Database }).DB;
const uris = (playlist: string) => playlist.split("\n").filter((l) => l.endsWith(".m4s"));
/** A playlist's text (workerd warns on .text() of a type it does not know as text). */
const textOf = async (res: Response) => new TextDecoder().decode(await res.arrayBuffer());

beforeAll(async () => {
  await addInnerCircle();
  forgetTiers();
  await putDemoMedia();
});
afterEach(() => vi.useRealTimers());

describe("the live playlist", () => {
  it("advances with the clock and wraps the loop with a discontinuity", async () => {
    const start = Date.now();
    const move = fakeClock(start);
    const eventId = await seedShow({ state: "live", startedAt: start });
    const member = await createUser("user");
    const { body } = await tokenFor(eventId, member);
    expect(body!.mode).toBe("live");
    // The live playlist reads one row (whether the show ended: its cookie makes it the primary), not the session the cookie names.
    const first = await call(body!.playlistUrl, { cookie: member.cookie });
    expect(first.headers.get("x-d1-trips")).toMatch(/^primary=1, replica=0/);
    expect(first.headers.get("content-type")).toBe("application/vnd.apple.mpegurl");
    expect(first.headers.get("cache-control")).toBe("no-store");
    const text = await textOf(first);
    expect(uris(text)).toEqual(["0.m4s"]);
    expect(text).not.toContain("#EXT-X-ENDLIST");
    move(start + 4 * 4 * 1000 + 500);
    const later = await textOf(await call(body!.playlistUrl));
    expect(uris(later)).toEqual(["0.m4s", "1.m4s", "2.m4s", "3.m4s", "4.m4s"]);
    expect(later.split("\n").filter((l) => l === "#EXT-X-DISCONTINUITY")).toHaveLength(1);
    // Segment 4 plays file 1 of the loop; one not yet "recorded" is 404.
    const segment = await call(body!.playlistUrl.replace("index.m3u8", "4.m4s"));
    expect(segment.status).toBe(200);
    expect(segment.headers.get("content-type")).toBe("video/iso.segment");
    expect(segment.headers.get("cache-control")).toBe("private, max-age=60");
    expect([...new Uint8Array(await segment.arrayBuffer())]).toEqual([1, 1, 1, 1]);
    await expectRefused(await call(body!.playlistUrl.replace("index.m3u8", "5.m4s")), 404, "not_found");
    const init = await call(body!.playlistUrl.replace("index.m3u8", "init.mp4"));
    expect([init.status, init.headers.get("content-type")]).toEqual([200, "video/mp4"]);
    await init.arrayBuffer();
    await expectRefused(await call(body!.playlistUrl.replace("index.m3u8", "x.ts")), 404, "not_found");
  });

  it("is 503 live_media_missing when the demo media was never rendered", async () => {
    const eventId = await seedShow({ state: "live" });
    const member = await createUser("user");
    await removeDemoMedia();
    try {
      expect(await tokenFor(eventId, member)).toMatchObject({ status: 503, code: "live_media_missing" });
    } finally {
      await putDemoMedia();
    }
  });
});

describe("the replay", () => {
  it("is a VOD of exactly the show's segments while its window is open", async () => {
    const endedAt = Date.now() - 60_000;
    const eventId = await seedShow({ state: "ended", startedAt: endedAt - 30_000, endedAt, replayHours: 48 });
    const member = await createUser("user");
    const view = await viewOf(eventId, member);
    expect(view.body).toMatchObject({ state: "replay", replayUntil: new Date(endedAt + 48 * HOUR).toISOString() });
    const { body } = await tokenFor(eventId, member);
    expect(body!.mode).toBe("replay");
    const text = await textOf(await call(body!.playlistUrl));
    expect(uris(text)).toHaveLength(8);
    expect(text).toContain("#EXT-X-PLAYLIST-TYPE:VOD");
    expect(text).toContain("#EXT-X-ENDLIST");
    expect((await call(body!.playlistUrl.replace("index.m3u8", "7.m4s"))).status).toBe(200);
    await expectRefused(await call(body!.playlistUrl.replace("index.m3u8", "8.m4s")), 404, "not_found");
  });

  it("is hidden after its window, except for the keep tier and higher, and admins", async () => {
    const endedAt = Date.now() - 49 * HOUR;
    const eventId = await seedShow({ state: "ended", startedAt: endedAt - HOUR, endedAt, replayHours: 48, replayKeepTierId: "vip" });
    const [member, vip, inner, admin] = [
      await createUser("user"),
      await createUser("vip"),
      await createUser("vip", { tierId: "inner-circle" }),
      await createUser("admin"),
    ];
    expect((await viewOf(eventId, member)).body.state).toBe("ended");
    expect(await tokenFor(eventId, member)).toMatchObject({ status: 409, code: "not_live" });
    for (const who of [vip, inner, admin]) {
      expect((await viewOf(eventId, who)).body.state).toBe("replay");
      expect((await tokenFor(eventId, who)).body?.mode).toBe("replay");
    }
    // No keep tier: hidden from everyone after the window.
    const hidden = await seedShow({ state: "ended", startedAt: endedAt - HOUR, endedAt, replayHours: 48 });
    expect(await tokenFor(hidden, vip)).toMatchObject({ status: 409, code: "not_live" });
    // The window's edge, on a fake clock: open a millisecond before it closes, shut at it.
    const closedAt = Date.now() - HOUR;
    const open = await seedShow({ state: "ended", startedAt: closedAt - HOUR, endedAt: closedAt, replayHours: 1 });
    const windowEnd = closedAt + HOUR;
    const move = fakeClock(windowEnd - 1);
    expect((await tokenFor(open, member)).status).toBe(200);
    move(windowEnd);
    expect(await tokenFor(open, member)).toMatchObject({ status: 409, code: "not_live" });
  });
});

describe("the watch page's view", () => {
  it("counts viewers of the last 90 seconds, lists the pinned products on sale in order, and says whether the member asked to be reminded", async () => {
    const eventId = await seedShow({ state: "live", access: "members" });
    const [a, b, c] = [await createUser("user"), await createUser("user"), await createUser("user")];
    const shirt = await seedProduct({ title: "Tour shirt", titlePtBr: "Camiseta da turnê", state: "live", priceUsdCents: 2500 });
    await seedImage(shirt.id, "store/shirt.jpg", 0);
    const hidden = await seedProduct({ state: "draft" });
    const vinyl = await seedProduct({ title: "Vinyl", state: "live", priceUsdCents: 3000 });
    await D1.prepare("UPDATE live_shows SET pinned_product_ids = ? WHERE event_id = ?")
      .bind(JSON.stringify([vinyl.id, hidden.id, shirt.id]), eventId)
      .run();
    await D1.prepare("INSERT INTO event_reminders (id, event_id, user_id, email, status, notified_start, created_at) VALUES (?, ?, ?, ?, 'active', ?, ?)")
      .bind(crypto.randomUUID(), eventId, a.id, a.email, Date.now(), Date.now())
      .run();
    const now = Date.now();
    const move = fakeClock(now);
    await tokenFor(eventId, a);
    await tokenFor(eventId, b);
    move(now + 60_000);
    await tokenFor(eventId, c);
    const view = await viewOf(eventId, a);
    expect(view.body.viewers).toBe(3);
    expect(view.body.reminded).toBe(true);
    expect((await viewOf(eventId, b)).body.reminded).toBe(false);
    expect(view.body.pinnedProducts).toEqual([
      { id: vinyl.id, slug: vinyl.slug, name: "Vinyl", priceCents: 3000, currency: "usd", imageUrl: null },
      { id: shirt.id, slug: shirt.slug, name: "Tour shirt", priceCents: 2500, currency: "usd", imageUrl: "/media/store/shirt.jpg" },
    ]);
    const pt = await call(`/api/live/${eventId}?lang=pt-BR`, { cookie: a.cookie });
    expect(((await pt.json()) as { pinnedProducts: { name: string }[] }).pinnedProducts[1]!.name).toBe("Camiseta da turnê");
    // 91 seconds after the first two asked, only the third counts.
    move(now + 91_000);
    expect((await viewOf(eventId, a)).body.viewers).toBe(1);
    // A visitor sees the count and the products, locked.
    const visitor = await viewOf(eventId, null);
    expect(visitor.body).toMatchObject({ locked: "sign_in", reminded: false, viewers: 1 });
    // Each token while live took the minute's sample (the highest seen).
    const samples = await D1.prepare("SELECT minute, viewers FROM live_viewer_samples WHERE event_id = ? ORDER BY minute")
      .bind(eventId)
      .all<{ viewers: number }>();
    expect(Math.max(...samples.results.map((s) => s.viewers))).toBe(3);
  });
});

describe("the watch page's texts", () => {
  it("answer the event's title and description in the viewer's language, with its times and picture", async () => {
    const eventId = await seedShow({ title: "Night show" });
    await D1.prepare(
      "UPDATE events SET title_pt_br = 'Show da noite', description = 'Live from home', description_pt_br = 'Ao vivo de casa', image_key = 'events/night.jpg', end_date = event_date + 7200000 WHERE id = ?",
    )
      .bind(eventId)
      .run();
    const en = await viewOf(eventId, null);
    expect(en.body).toMatchObject({
      title: "Night show",
      description: "Live from home",
      imageUrl: "/media/events/night.jpg",
      state: "upcoming",
      replayUntil: null,
      roomId: null,
    });
    expect(Date.parse(en.body.endsAt) - Date.parse(en.body.startsAt)).toBe(2 * HOUR);
    const pt = await call(`/api/live/${eventId}?lang=pt-BR`);
    expect((await pt.json()) as { title: string; description: string }).toMatchObject({ title: "Show da noite", description: "Ao vivo de casa" });
  });
});
