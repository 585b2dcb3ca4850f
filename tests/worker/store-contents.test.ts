// GET /api/store/products/:slug/contents: a digital product's page lists what the download holds
// before purchase (its tracks, its formats and the zip's size of each), for every role alike; a
// product that is not public is a 404 as its page is; merch and gifts hold no files.
import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, errorOf } from "./helpers";
import { createDoorStaff } from "./check-in-fixtures";
import { D1, putReleaseMedia, type ReleaseMedia } from "./download-fixtures";
import { seedProduct } from "./store-fixtures";
import type { ReleaseContentsResponse } from "../../worker/contracts/store/store";

const ALBUM = "moonlight-boulevard";
let media: ReleaseMedia;
let tracks: { number: number; title: string; duration_seconds: number }[];

beforeAll(async () => {
  media = (await putReleaseMedia(ALBUM)).mp3;
  tracks = (
    await D1.prepare("SELECT number, title, duration_seconds FROM tracks WHERE album_id = ?1 AND audio_key IS NOT NULL ORDER BY number")
      .bind(ALBUM)
      .all<{ number: number; title: string; duration_seconds: number }>()
  ).results;
});

const contents = (slug: string, cookie?: string) => call(`/api/store/products/${slug}/contents`, { cookie });

describe("a digital album's contents before purchase", () => {
  it("lists its tracks and each format with the zip's size, to visitors, members, VIPs, admins and door staff", async () => {
    const { slug } = await seedProduct({ albumId: ALBUM });
    const files = media.tracks.reduce((sum, t) => sum + t.bytes.length, 0) + (media.cover?.length ?? 0);
    const cookies = [undefined, ...(await Promise.all([createUser("user"), createUser("vip"), createUser("admin"), createDoorStaff()])).map((u) => u.cookie)];
    expect(tracks.length).toBeGreaterThan(1);
    for (const cookie of cookies) {
      const res = await contents(slug, cookie);
      expect(res.status).toBe(200);
      const body = await res.json<ReleaseContentsResponse>();
      expect(body.tracks).toEqual(tracks.map((t) => ({ number: t.number, title: t.title, durationSeconds: t.duration_seconds })));
      expect(body.formats.map((f) => f.format)).toEqual(["mp3"]);
      // The stored zip: every file, its cover and credits.txt, plus headers.
      expect(body.formats[0]!.bytes).toBeGreaterThan(files);
      expect(body.formats[0]!.bytes).toBeLessThan(files + 10_000);
    }
  });

  it("a single track's product lists that track alone", async () => {
    const [first] = tracks;
    const id = (await D1.prepare("SELECT id FROM tracks WHERE album_id = ?1 AND number = ?2").bind(ALBUM, first!.number).first<{ id: string }>())!.id;
    const { slug } = await seedProduct({ albumId: null, trackId: id, priceUsdCents: 100 });
    const body = await (await contents(slug)).json<ReleaseContentsResponse>();
    expect(body.tracks).toEqual([{ number: first!.number, title: first!.title, durationSeconds: first!.duration_seconds }]);
    expect(body.formats).toHaveLength(1);
  });

  it("merch and gifts hold no files; a draft, archived or unknown product is a 404", async () => {
    const shirt = await seedProduct({ kind: "merch", bundledAlbumId: ALBUM });
    expect(await (await contents(shirt.slug)).json()).toEqual({ tracks: [], formats: [] });
    for (const state of ["draft", "archived"] as const) {
      const { slug } = await seedProduct({ albumId: ALBUM, state });
      const res = await contents(slug);
      expect(res.status, state).toBe(404);
      expect((await errorOf(res)).code).toBe("product_not_found");
    }
    expect((await contents("no-such-product")).status).toBe(404);
    expect((await contents("Bad_Slug")).status).toBe(400);
  });
});
