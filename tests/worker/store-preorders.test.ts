// Pre-orders (decision 118): an album whose release time is ahead is sold at the Worker's price;
// before that time its zip holds only the teaser tracks the admin marked (none: 403
// not_released_yet), the collection says when it is out; once the time has passed the five-minute
// job announces each pre-order once ("It's out", in the buyer's language, with links; a member's
// notification), however often or concurrently it runs. Expectations from raw SQL and fflate.
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { unzipSync } from "fflate";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { backgroundWorkSettled } from "../../worker/lib/background-work";
import { FIVE_MINUTE_CRON } from "../../worker/services/areas/area";
import { call, callLocal, createUser, errorOf, type TestUser } from "./helpers";
import { cart, checkoutRowBySession, D1, postCheckout, seedProduct, sessionOf } from "./checkout-fixtures";
import { fileBytes, grant, linkFor, MEDIA, seedOrder } from "./download-fixtures";
import type { CollectionResponse } from "../../worker/contracts/store/collection";

const DAY = 86_400_000;
const RELEASE = Date.now() + 10 * DAY;

type Album = { id: string; tracks: { id: string; title: string }[] };

/** An album out at RELEASE with three tracks in R2; `teasers`: the numbers marked teaser. */
async function comingAlbum(teasers: number[], release = RELEASE): Promise<Album> {
  const id = `coming-${crypto.randomUUID().slice(0, 8)}`;
  const titles = ["Dawn Intro", "Second Light", "Closing Time"];
  await D1.prepare("INSERT INTO albums (id, title, year, type, position, release_at) VALUES (?1, ?2, 2026, 'Album', 900, ?3)")
    .bind(id, `Coming ${id}`, release)
    .run();
  const tracks = [];
  for (const [i, title] of titles.entries()) {
    const trackId = `${id}-t${i + 1}`;
    const key = `audio/${trackId}.mp3`;
    await D1.prepare("INSERT INTO tracks (id, album_id, title, number, duration_seconds, audio_key, teaser) VALUES (?1, ?2, ?3, ?4, 200, ?5, ?6)")
      .bind(trackId, id, title, i + 1, key, teasers.includes(i + 1) ? 1 : 0)
      .run();
    await MEDIA.put(key, fileBytes(2_000 + i, i + 7));
    tracks.push({ id: trackId, title });
  }
  return { id, tracks };
}

const zipNames = async (res: Response) => Object.keys(unzipSync(new Uint8Array(await res.arrayBuffer()))).filter((name) => name.endsWith(".mp3"));
const entitlementOf = (orderId: string) =>
  D1.prepare("SELECT id, preordered_release_at, announced_at FROM entitlements WHERE order_id = ?1").bind(orderId).first<{
    id: string;
    preordered_release_at: number | null;
    announced_at: number | null;
  }>();
const mailsTo = async (email: string) => {
  await backgroundWorkSettled();
  return (
    await D1.prepare(
      "SELECT subject, text_body AS text, html_body AS html FROM mail_outbox WHERE to_address = ?1 AND subject NOT LIKE '%order%' AND subject NOT LIKE '%pedido%'",
    )
      .bind(email)
      .all<{ subject: string; text: string; html: string }>()
  ).results;
};
const runJob = (at: number) => worker.scheduled(createScheduledController({ scheduledTime: at, cron: FIVE_MINUTE_CRON }), env, createExecutionContext());

afterEach(() => {
  vi.useRealTimers();
});

describe("the pre-order sale", () => {
  it("is the Worker's price (a price the browser sends is not what is charged), and its entitlement keeps the release time", async () => {
    const album = await comingAlbum([1]);
    const productId = await seedProduct({ albumId: album.id, usd: 1200, brl: 6000 });
    const buyer = await createUser("user");
    const res = await postCheckout(cart([{ productId, amountCents: 1 }]), buyer.cookie);
    expect(res.status, await res.clone().text()).toBe(200);
    const session = sessionOf((await res.json<{ url: string }>()).url);
    expect((await checkoutRowBySession(session))!.total_cents).toBe(1200);
    const paid = await callLocal(`/api/store/local/checkouts/${session}/pay`, { method: "POST", cookie: buyer.cookie, json: {} });
    expect(paid.status).toBe(200);
    const order = await D1.prepare("SELECT id, total_cents FROM orders WHERE user_id = ?1").bind(buyer.id).first<{ id: string; total_cents: number }>();
    expect(order!.total_cents).toBe(1200);
    expect(await entitlementOf(order!.id)).toMatchObject({ preordered_release_at: RELEASE, announced_at: null });
  });

  it("a release already out is no pre-order", async () => {
    const album = await comingAlbum([], Date.now() - DAY);
    const productId = await seedProduct({ albumId: album.id, usd: 900 });
    const buyer = await createUser("user");
    const res = await postCheckout(cart([{ productId }]), buyer.cookie);
    const session = sessionOf((await res.json<{ url: string }>()).url);
    await callLocal(`/api/store/local/checkouts/${session}/pay`, { method: "POST", cookie: buyer.cookie, json: {} });
    const order = await D1.prepare("SELECT id FROM orders WHERE user_id = ?1").bind(buyer.id).first<{ id: string }>();
    expect((await entitlementOf(order!.id))!.preordered_release_at).toBeNull();
  });
});

describe("downloads before and after the release time", () => {
  let album: Album;
  let buyer: TestUser;
  let entitlementId: string;

  beforeAll(async () => {
    album = await comingAlbum([1]);
    buyer = await createUser("user");
    const order = await seedOrder({ userId: buyer.id, email: buyer.email });
    entitlementId = await grant(order, { albumId: album.id }, buyer.id);
  });

  it("before: the buyer's zip holds only the teaser; after: every track", async () => {
    const before = await call(await linkFor(entitlementId, "mp3"));
    expect(before.status).toBe(200);
    const names = await zipNames(before);
    expect(names).toHaveLength(1);
    expect(names[0]).toContain("Dawn Intro");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(RELEASE + 1);
    const after = await call(await linkFor(entitlementId, "mp3"));
    expect(after.status).toBe(200);
    expect(await zipNames(after)).toHaveLength(3);
  });

  it("a non-teaser track bought alone, or an album with no teaser, is 403 not_released_yet until the time", async () => {
    const order = await seedOrder({ userId: buyer.id, email: buyer.email });
    const single = await grant(order, { trackId: album.tracks[1]!.id }, buyer.id);
    const res = await call(await linkFor(single, "mp3"));
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("not_released_yet");
    const bare = await comingAlbum([]);
    const whole = await grant(order, { albumId: bare.id }, buyer.id);
    const refused = await call(await linkFor(whole, "mp3"));
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe("not_released_yet");
    const teaser = await grant(order, { trackId: album.tracks[0]!.id }, buyer.id);
    expect((await call(await linkFor(teaser, "mp3"))).status).toBe(200);
  });

  it("the collection says when it is out and which tracks download now; another member, an admin or a visitor gets no link to it", async () => {
    const res = await call("/api/store/collection", { cookie: buyer.cookie });
    const body = await res.json<CollectionResponse>();
    const release = body.releases.find((r) => r.entitlementId === entitlementId)!;
    expect(release.preorder).toEqual({
      outAt: new Date(RELEASE).toISOString(),
      tracks: album.tracks.map((t, i) => ({ id: t.id, number: i + 1, title: t.title, teaser: i === 0 })),
    });
    for (const role of ["user", "admin"] as const) {
      const other = await createUser(role);
      const link = await call("/api/store/collection/links", { cookie: other.cookie, json: { entitlementId, format: "mp3" } });
      expect(link.status).toBe(404);
      expect((await errorOf(link)).code).toBe("download_not_found");
    }
    const visitor = await call("/api/store/collection/links", { json: { entitlementId, format: "mp3" } });
    expect(visitor.status).toBe(401);
    const banned = await createUser("banned");
    expect((await call("/api/store/collection", { cookie: banned.cookie })).status).toBe(401);
  });
});

describe("the release time passes: one 'It's out' per pre-order", () => {
  async function preorder(locale: "en" | "pt-BR", member: boolean, release: number) {
    const album = await comingAlbum([1], release);
    const user = member ? await createUser("user") : null;
    const email = user?.email ?? `guest_${crypto.randomUUID().slice(0, 8)}@example.com`;
    const order = await seedOrder({ userId: user?.id ?? null, email, locale });
    const id = await grant(order, { albumId: album.id }, user?.id ?? null);
    await D1.prepare("UPDATE entitlements SET preordered_release_at = ?2 WHERE id = ?1").bind(id, release).run();
    return { album, user, email, entitlementId: id };
  }
  const notificationsOf = (entitlementId: string) =>
    D1.prepare("SELECT kind, params, link FROM notification_events WHERE id = ?1")
      .bind(`preorder_out:${entitlementId}`)
      .all<{ kind: string; params: string; link: string }>();

  it("nothing before the time; at it, one mail in English with the links and a notification; a second run sends nothing", async () => {
    const release = Date.now() + 20 * DAY + 7;
    const p = await preorder("en", true, release);
    await runJob(release - 60_000);
    expect(await mailsTo(p.email)).toHaveLength(0);
    expect(
      (await entitlementOf(
        (await D1.prepare("SELECT order_id FROM entitlements WHERE id = ?1").bind(p.entitlementId).first<{ order_id: string }>())!.order_id,
      ))!.announced_at,
    ).toBeNull();
    await runJob(release + 1);
    await runJob(release + 300_000);
    const mails = await mailsTo(p.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`It's out: Coming ${p.album.id}`);
    expect(mails[0]!.text).toMatch(/MP3: https?:\/\/[^ ]+\/api\/store\/downloads\/[^\s]+/);
    expect(mails[0]!.html).toContain("/api/store/downloads/");
    expect((await notificationsOf(p.entitlementId)).results).toEqual([
      { kind: "preorder_out", params: JSON.stringify({ title: `Coming ${p.album.id}` }), link: "/collection" },
    ]);
    const row = await D1.prepare("SELECT announced_at FROM entitlements WHERE id = ?1").bind(p.entitlementId).first<{ announced_at: number }>();
    expect(row!.announced_at).toBe(release + 1);
  });

  it("in Portuguese for an order made in Portuguese; a guest gets the mail and no notification", async () => {
    const release = Date.now() + 21 * DAY + 3;
    const p = await preorder("pt-BR", false, release);
    await runJob(release);
    const mails = await mailsTo(p.email);
    expect(mails.map((m) => m.subject)).toEqual([`Já saiu: Coming ${p.album.id}`]);
    expect(mails[0]!.text).toContain("que você comprou na pré-venda");
    expect(mails[0]!.text).toMatch(/MP3: https?:\/\/[^ ]+\/api\/store\/downloads\//);
    expect((await notificationsOf(p.entitlementId)).results).toEqual([]);
  });

  it("racing runs and a redelivered trigger announce it once", async () => {
    const release = Date.now() + 22 * DAY + 11;
    const p = await preorder("en", true, release);
    await Promise.all([runJob(release + 5), runJob(release + 5), runJob(release + 6)]);
    await runJob(release + 5);
    expect(await mailsTo(p.email)).toHaveLength(1);
    expect((await notificationsOf(p.entitlementId)).results).toHaveLength(1);
  });

  it("a refunded (revoked) pre-order is never announced", async () => {
    const release = Date.now() + 23 * DAY + 13;
    const p = await preorder("en", false, release);
    await D1.prepare("UPDATE entitlements SET revoked_at = ?2 WHERE id = ?1").bind(p.entitlementId, Date.now()).run();
    await runJob(release + 1);
    expect(await mailsTo(p.email)).toHaveLength(0);
  });
});

describe("early access for tiers with a pre-order (decision 108 still holds)", () => {
  it("a VIP streams the release early as before, a free member does not; the buyer's zip still waits for the public time", async () => {
    const album = await comingAlbum([1]);
    await D1.prepare("UPDATE albums SET early_access_at = ?2 WHERE id = ?1")
      .bind(album.id, Date.now() - DAY)
      .run();
    const vip = await createUser("vip");
    const stream = (cookie: string) => call(`/api/music/tracks/${album.tracks[1]!.id}/stream`, { method: "POST", cookie });
    expect((await stream(vip.cookie)).status).toBe(200);
    const member = await createUser("user");
    const refused = await stream(member.cookie);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe("vip_required");
    const order = await seedOrder({ userId: member.id, email: member.email });
    const entitlementId = await grant(order, { albumId: album.id }, member.id);
    // The buyer hears what is in early access (as any buyer of it did), and keeps only the teaser until the day.
    expect((await stream(member.cookie)).status).toBe(200);
    const zip = await call(await linkFor(entitlementId, "mp3"));
    expect(zip.status).toBe(200);
    expect(await zipNames(zip)).toHaveLength(1);
  });
});

describe("the product page of a pre-order", () => {
  it("says when it is out, and lists the teaser before early access and every track once early access opens", async () => {
    const album = await comingAlbum([1]);
    const productId = await seedProduct({ albumId: album.id, usd: 1200 });
    const slug = `preorder-${album.id}`;
    await D1.prepare("UPDATE products SET slug = ?2 WHERE id = ?1").bind(productId, slug).run();
    const page = await call(`/api/store/products/${slug}`);
    expect(page.status).toBe(200);
    expect((await page.json<{ product: { release: { outAt: string | null } } }>()).product.release.outAt).toBe(new Date(RELEASE).toISOString());
    const titles = async () => (await (await call(`/api/store/products/${slug}/contents`)).json<{ tracks: { title: string }[] }>()).tracks.map((t) => t.title);
    expect(await titles()).toEqual(["Dawn Intro"]);
    await D1.prepare("UPDATE albums SET early_access_at = ?2 WHERE id = ?1")
      .bind(album.id, Date.now() - DAY)
      .run();
    expect(await titles()).toEqual(["Dawn Intro", "Second Light", "Closing Time"]);
  });
});
