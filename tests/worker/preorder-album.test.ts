// A pre-order's album page (decision 152): an album whose release is ahead, before any early access,
// is shown to everyone once a live digital product sells it: its page (200, with its release date
// and `preorder`), the catalog, search and the sitemap. Its teasers play (a preview for anyone, the
// full track for VIPs); its other tracks are listed and not heard (404 to a VIP, as before). Without
// a live product it stays the admins' alone (404); after its release day it is an ordinary album.
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forget } from "../../worker/lib/memo";
import type { AlbumResponse, AlbumsResponse } from "../../worker/contracts/music/music";
import type { SearchResponse } from "../../worker/contracts/search";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { seedProduct } from "./checkout-fixtures";
import { mp3Cbr } from "./media-fixtures";

const D1 = (env as unknown as { DB: D1Database }).DB;
const media = (env as unknown as { MEDIA: R2Bucket }).MEDIA;
const DAY = 86_400_000;
const RELEASE = Date.UTC(2030, 11, 19, 18);

const ALBUM = "zz-preorder-page";
const TEASER = `${ALBUM}-1`;
const LOCKED = `${ALBUM}-2`;
const AUDIO = "audio/zz-preorder-page.mp3";

const users = {} as Record<"vip" | "admin", TestUser>;
let productId = "";

const setProductState = async (state: "live" | "draft") => {
  await D1.prepare("UPDATE products SET state = ?2 WHERE id = ?1").bind(productId, state).run();
  forget("music:");
};

beforeAll(async () => {
  await D1.batch([
    D1.prepare("INSERT INTO albums (id, title, year, type, position, release_at) VALUES (?1, 'Zephyr Preorder', 2030, 'Album', 980, ?2)").bind(ALBUM, RELEASE),
    D1.prepare(
      `INSERT INTO tracks (id, album_id, title, number, duration_seconds, audio_key, teaser) VALUES
       (?1, ?3, 'Zephyr Teaser', 1, 120, ?4, 1), (?2, ?3, 'Zephyr Locked', 2, 120, ?4, 0)`,
    ).bind(TEASER, LOCKED, ALBUM, AUDIO),
  ]);
  await media.put(AUDIO, mp3Cbr({ seconds: 120, kbps: 32 }));
  productId = await seedProduct({ albumId: ALBUM, usd: 900, brl: 4500 });
  users.vip = await createUser("vip");
  users.admin = await createUser("admin");
  forget("music:");
});

afterAll(() => setProductState("draft"));

const album = (cookie?: string) => call(`/api/music/albums/${ALBUM}`, { cookie });

describe("a pre-order's album", () => {
  it("is a 200 for a visitor, with its release date, pre-order mark and every track, only the teaser playable", async () => {
    const res = await album();
    expect(res.status).toBe(200);
    const { album: view } = await res.json<AlbumResponse>();
    expect(view).toMatchObject({ id: ALBUM, earlyAccess: true, preorder: true, releaseAt: new Date(RELEASE).toISOString(), trackCount: 2 });
    expect(view.tracks.map((t) => [t.id, t.playable, t.preview, t.earlyAccess, t.preorder])).toEqual([
      [TEASER, true, true, false, undefined],
      // Listed as on sale with its album, heard by nobody yet (nothing says VIPs are listening).
      [LOCKED, false, false, true, true],
    ]);
  });

  it("is in the catalog, the search and the sitemap", async () => {
    const { albums } = await (await call("/api/music/albums")).json<AlbumsResponse>();
    expect(albums.find((a) => a.id === ALBUM)).toMatchObject({ preorder: true, trackCount: 2 });
    const search = await (await call("/api/search?q=zephyr")).json<SearchResponse>();
    const found = (kind: string) => search.groups.find((g) => g.kind === kind)?.items.map((i) => i.id) ?? [];
    expect(found("albums")).toEqual([ALBUM]);
    expect(found("tracks").sort()).toEqual([TEASER, LOCKED]);
    const sitemap = await (await call("/sitemap.xml")).text();
    expect(sitemap).toContain(`/music/catalog/${ALBUM}</loc>`);
    expect(sitemap).toContain(`/music/track/${TEASER}</loc>`);
  });

  it("plays its teaser: a preview for a visitor, the full track for a VIP; its other tracks are heard by nobody but admins", async () => {
    expect((await call(`/api/music/tracks/${TEASER}/preview`, { method: "POST" })).status).toBe(200);
    expect((await call(`/api/music/tracks/${TEASER}/stream`, { method: "POST", cookie: users.vip.cookie })).status).toBe(200);
    const preview = await call(`/api/music/tracks/${LOCKED}/preview`, { method: "POST" });
    expect([preview.status, (await errorOf(preview)).code]).toEqual([404, "track_not_found"]);
    const stream = await call(`/api/music/tracks/${LOCKED}/stream`, { method: "POST", cookie: users.vip.cookie });
    expect([stream.status, (await errorOf(stream)).code]).toEqual([404, "track_not_found"]);
    expect((await call(`/api/music/tracks/${LOCKED}/stream`, { method: "POST", cookie: users.admin.cookie })).status).toBe(200);
  });

  it("takes a member's Notify me for its release (it is announced, not unknown), and refuses it again once hidden", async () => {
    const member = await createUser("user");
    const notify = (method: "GET" | "POST") => call(`/api/notify-me/album/${ALBUM}`, { method, cookie: member.cookie });
    const asked = await notify("POST");
    expect(asked.status, await asked.clone().text()).toBe(200);
    expect(await (await notify("GET")).json()).toEqual({ waiting: true });
    await setProductState("draft");
    try {
      const hidden = await notify("GET");
      expect([hidden.status, (await errorOf(hidden)).code]).toEqual([404, "album_not_found"]);
    } finally {
      await setProductState("live");
    }
  });

  it("shows or hides at once when the back office puts a product selling it live or back to draft", async () => {
    const other = "zz-preorder-admin";
    await D1.prepare("INSERT INTO albums (id, title, year, type, position, release_at) VALUES (?1, 'Zephyr Admin', 2030, 'Album', 981, ?2)")
      .bind(other, RELEASE)
      .run();
    const page = () => call(`/api/music/albums/${other}`);
    expect((await page()).status).toBe(404);
    const input = {
      kind: "digital",
      slug: "zz-preorder-admin-digital",
      state: "live",
      title: "Zephyr Admin",
      pricing: "fixed",
      priceUsdCents: 900,
      priceBrlCents: 4500,
      albumId: other,
    };
    const created = await call("/api/admin/store/products", { method: "POST", json: input, cookie: users.admin.cookie });
    expect(created.status, await created.clone().text()).toBe(201);
    const { product } = await created.json<{ product: { id: string } }>();
    // No memo forgotten by the test: every write of the back office forgets this isolate's memos and
    // renews the edge cache's version (middleware/edge-cache.ts); other isolates follow within a minute.
    expect((await page()).status).toBe(200);
    const drafted = await call(`/api/admin/store/products/${product.id}`, { method: "PUT", json: { ...input, state: "draft" }, cookie: users.admin.cookie });
    expect(drafted.status, await drafted.clone().text()).toBe(200);
    expect((await page()).status).toBe(404);
  });

  it("without a live product it is hidden again, its teaser too", async () => {
    await setProductState("draft");
    try {
      expect((await album()).status).toBe(404);
      expect((await album(users.admin.cookie)).status).toBe(404);
      const { albums } = await (await call("/api/music/albums")).json<AlbumsResponse>();
      expect(albums.some((a) => a.id === ALBUM)).toBe(false);
      expect((await call(`/api/music/tracks/${TEASER}/stream`, { method: "POST", cookie: users.vip.cookie })).status).toBe(404);
    } finally {
      await setProductState("live");
    }
  });

  it("after its release day it is an ordinary album, every track playable", async () => {
    await D1.prepare("UPDATE albums SET release_at = ?2 WHERE id = ?1")
      .bind(ALBUM, Date.now() - DAY)
      .run();
    forget("music:");
    try {
      const { album: view } = await (await album()).json<AlbumResponse>();
      expect(view).toMatchObject({ earlyAccess: false, preorder: false, releaseAt: null });
      expect(view.tracks.map((t) => t.playable)).toEqual([true, true]);
      expect((await call(`/api/music/tracks/${LOCKED}/stream`, { method: "POST", cookie: users.vip.cookie })).status).toBe(200);
    } finally {
      await D1.prepare("UPDATE albums SET release_at = ?2 WHERE id = ?1").bind(ALBUM, RELEASE).run();
      forget("music:");
    }
  });
});
