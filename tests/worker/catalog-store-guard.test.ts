// A release the store sells cannot be deleted from the catalog: the product's reference refuses it
// and the back office answers 409 release_in_store (never a 500), with nothing deleted and no audit
// row; once no product names it, the delete goes through.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, errorOf, type TestUser } from "./helpers";
import { userOf } from "./admin-gate-matrix";
import { seedProduct } from "./store-fixtures";

const D1 = (env as unknown as { DB: D1Database }).DB;
const API = "/api/admin/catalog";
let admin: TestUser;
let serial = 0;

beforeAll(async () => {
  admin = await userOf("admin");
});

async function seedRelease(): Promise<{ albumId: string; trackId: string }> {
  serial++;
  const albumId = `guard-album-${serial}-${crypto.randomUUID().slice(0, 8)}`;
  const trackId = `${albumId}-1`;
  await D1.prepare("INSERT INTO albums (id, title, year, type, position) VALUES (?1, ?2, 2001, 'Album', 2000 + ?3)")
    .bind(albumId, `Guard ${serial}`, serial)
    .run();
  await D1.prepare("INSERT INTO tracks (id, album_id, title, number) VALUES (?1, ?2, 'One', 1)").bind(trackId, albumId).run();
  return { albumId, trackId };
}

const exists = async (table: "albums" | "tracks", id: string) => (await D1.prepare(`SELECT 1 AS one FROM ${table} WHERE id = ?1`).bind(id).first()) !== null;
const audits = async (id: string) =>
  (await D1.prepare("SELECT COUNT(*) AS n FROM audit_log WHERE target_id = ?1 AND action LIKE '%.delete'").bind(id).first<{ n: number }>())!.n;

describe("deleting a release the store sells", () => {
  it.each([
    ["sold as a digital album", (r: { albumId: string }) => ({ albumId: r.albumId })],
    ["bundled with merch", (r: { albumId: string }) => ({ kind: "merch" as const, bundledAlbumId: r.albumId })],
    ["one of its tracks sold on its own", (r: { trackId: string }) => ({ trackId: r.trackId })],
  ])("an album %s answers 409 release_in_store and deletes nothing", async (_name, productOf) => {
    const release = await seedRelease();
    await seedProduct(productOf(release as never));
    const res = await call(`${API}/albums/${release.albumId}`, { method: "DELETE", cookie: admin.cookie });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("release_in_store");
    expect(await exists("albums", release.albumId)).toBe(true);
    expect(await exists("tracks", release.trackId)).toBe(true);
    expect(await audits(release.albumId)).toBe(0);
  });

  it("a track sold on its own answers 409 release_in_store; an album nobody sells is deleted", async () => {
    const sold = await seedRelease();
    await seedProduct({ trackId: sold.trackId });
    const refused = await call(`${API}/tracks/${sold.trackId}`, { method: "DELETE", cookie: admin.cookie });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).code).toBe("release_in_store");
    expect(await exists("tracks", sold.trackId)).toBe(true);

    const free = await seedRelease();
    const deleted = await call(`${API}/albums/${free.albumId}`, { method: "DELETE", cookie: admin.cookie });
    expect(deleted.status).toBe(200);
    expect(await exists("albums", free.albumId)).toBe(false);
  });
});
