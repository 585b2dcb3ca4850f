// The search index follows every write (decision 056): triggers on the source tables, so a track, a
// post, an event, a product or a member's name is found after it is created or edited, and not
// after it is deleted, whichever way it was written (the back office's and members' routes here,
// plain statements for the rest), with one index row per source row and none left behind.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, type TestUser } from "./helpers";
import type { AdminTrackResponse } from "../../worker/contracts/music/admin-catalog";
import type { PostResponse } from "../../worker/contracts/feed";
import type { SearchKind, SearchResponse } from "../../worker/contracts/search";

const D1 = (env as unknown as { DB: D1Database }).DB;
let admin: TestUser;
let member: TestUser;

async function found(kind: SearchKind, text: string, who: TestUser | null = admin): Promise<string[]> {
  const res = await call(`/api/search?q=${encodeURIComponent(text)}&kind=${kind}`, { cookie: who?.cookie });
  expect(res.status).toBe(200);
  const group = (await res.json<SearchResponse>()).groups[0]!;
  // Only what matches the words as typed: a relaxed match would hide a stale row.
  return group.relaxed ? [] : group.items.map((item) => item.id);
}

/** The index rows of one source row: its search_docs row and its words, one each or none. */
async function indexRows(kind: string, ref: string) {
  const docs = await D1.prepare("SELECT id FROM search_docs WHERE kind = ?1 AND ref = ?2").bind(kind, ref).all<{ id: number }>();
  const words = await D1.prepare("SELECT count(*) AS n FROM search_fts WHERE rowid IN (SELECT id FROM search_docs WHERE kind = ?1 AND ref = ?2)")
    .bind(kind, ref)
    .first<{ n: number }>();
  return { docs: docs.results.length, words: words!.n };
}

/** Every index row has its source row and its words, and the other way round. */
async function indexIsWhole() {
  const orphans = await D1.prepare(
    `SELECT count(*) AS n FROM search_docs d WHERE NOT EXISTS (SELECT 1 FROM search_fts f WHERE f.rowid = d.id)
       OR (d.kind = 'post' AND d.ref NOT IN (SELECT id FROM posts)) OR (d.kind = 'member' AND d.ref NOT IN (SELECT id FROM users))
       OR (d.kind = 'track' AND d.ref NOT IN (SELECT id FROM tracks)) OR (d.kind = 'event' AND d.ref NOT IN (SELECT id FROM events))
       OR (d.kind = 'product' AND d.ref NOT IN (SELECT id FROM products)) OR (d.kind = 'album' AND d.ref NOT IN (SELECT id FROM albums))`,
  ).first<{ n: number }>();
  const words = await D1.prepare("SELECT (SELECT count(*) FROM search_fts) AS f, (SELECT count(*) FROM search_docs) AS d").first<{ f: number; d: number }>();
  const sources = await D1.prepare(
    "SELECT (SELECT count(*) FROM posts) + (SELECT count(*) FROM users) + (SELECT count(*) FROM tracks) + (SELECT count(*) FROM events) + (SELECT count(*) FROM products) + (SELECT count(*) FROM albums) AS n",
  ).first<{ n: number }>();
  expect(orphans!.n).toBe(0);
  expect(words!.f).toBe(words!.d);
  expect(words!.d).toBe(sources!.n);
}

beforeAll(async () => {
  admin = await createUser("admin");
  member = await createUser("user");
});

describe("the index follows writes", () => {
  it("indexes the rows the migrations seeded: every track, album and member", async () => {
    await indexIsWhole();
    expect(await found("tracks", "Corazón Electric")).toContain("rhythm-of-the-promise-7");
  });

  it("a track created, renamed and deleted in the back office; its album renamed", async () => {
    const album = "rhythm-of-the-promise";
    const created = await call(`/api/admin/catalog/albums/${album}/tracks`, { json: { title: "Wobbegong Anthem" }, cookie: admin.cookie });
    expect(created.status).toBe(201);
    const id = (await created.json<AdminTrackResponse>()).track.id;
    expect(await found("tracks", "wobbegong", null)).toEqual([id]);
    expect((await call(`/api/admin/catalog/tracks/${id}`, { method: "PATCH", json: { title: "Narwhal Anthem" }, cookie: admin.cookie })).status).toBe(200);
    expect(await found("tracks", "wobbegong", null)).toEqual([]);
    expect(await found("tracks", "narwhal", null)).toEqual([id]);
    expect(await indexRows("track", id)).toEqual({ docs: 1, words: 1 });
    // The album's title is among its tracks' texts: a new title reaches them.
    await D1.prepare("UPDATE albums SET title = 'Rhythm of the Pangolin' WHERE id = ?1").bind(album).run();
    expect(await found("tracks", "pangolin narwhal", null)).toEqual([id]);
    expect(await found("albums", "pangolin", null)).toEqual([album]);
    expect((await call(`/api/admin/catalog/tracks/${id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(200);
    expect(await found("tracks", "narwhal", null)).toEqual([]);
    expect(await indexRows("track", id)).toEqual({ docs: 0, words: 0 });
    await D1.prepare("UPDATE albums SET title = 'Rhythm of the Promise' WHERE id = ?1").bind(album).run();
    await indexIsWhole();
  });

  it("a post written and deleted by its author", async () => {
    const created = await call("/api/posts", { json: { content: "Axolotl dance tonight" }, cookie: member.cookie });
    expect(created.status).toBe(201);
    const id = (await created.json<PostResponse>()).post.id;
    expect(await found("posts", "axolotl", member)).toEqual([id]);
    // Edited (the feed has no edit route; any statement that changes the text is followed).
    await D1.prepare("UPDATE posts SET content = 'Capybara dance tonight' WHERE id = ?1").bind(id).run();
    expect(await found("posts", "axolotl", member)).toEqual([]);
    expect(await found("posts", "capybara", member)).toEqual([id]);
    expect((await call(`/api/posts/${id}`, { method: "DELETE", cookie: member.cookie })).status).toBe(204);
    expect(await found("posts", "capybara", member)).toEqual([]);
    expect(await indexRows("post", id)).toEqual({ docs: 0, words: 0 });
  });

  it("an event created, edited and deleted", async () => {
    const id = crypto.randomUUID();
    const soon = Date.now() + 86_400_000;
    await D1.prepare("INSERT INTO events (id, title, event_date, status, venue_city) VALUES (?1, 'Okapi Night', ?2, 'published', 'Belo Horizonte')")
      .bind(id, soon)
      .run();
    expect(await found("events", "okapi", null)).toEqual([id]);
    expect(await found("events", "belo horiz", null)).toEqual([id]);
    await D1.prepare("UPDATE events SET title = 'Quokka Night', venue_city = 'Florianópolis' WHERE id = ?1").bind(id).run();
    expect(await found("events", "okapi", null)).toEqual([]);
    expect(await found("events", "florianopolis quokka", null)).toEqual([id]);
    await D1.prepare("DELETE FROM events WHERE id = ?1").bind(id).run();
    expect(await found("events", "quokka", null)).toEqual([]);
    expect(await indexRows("event", id)).toEqual({ docs: 0, words: 0 });
  });

  it("a product created, edited and deleted", async () => {
    const id = crypto.randomUUID();
    await D1.prepare("INSERT INTO products (id, slug, kind, state, title, price_usd_cents) VALUES (?1, 'zz-index-tee', 'merch', 'live', 'Tarsier tee', 2000)")
      .bind(id)
      .run();
    expect(await found("products", "tarsier", null)).toEqual([id]);
    await D1.prepare("UPDATE products SET title_pt_br = 'Camiseta Tarsier', description = 'Algodão orgânico' WHERE id = ?1").bind(id).run();
    expect(await found("products", "algodao organico", null)).toEqual([id]);
    await D1.prepare("DELETE FROM products WHERE id = ?1").bind(id).run();
    expect(await found("products", "tarsier", null)).toEqual([]);
    expect(await indexRows("product", id)).toEqual({ docs: 0, words: 0 });
  });

  it("a member's name changed on their profile, their bio, and the member deleted with their posts", async () => {
    const fan = await createUser("user", { username: `ibex_${crypto.randomUUID().slice(0, 6)}` });
    expect(await found("members", "ibex", member)).toEqual([fan.id]);
    const renamed = `serval_${crypto.randomUUID().slice(0, 6)}`;
    expect((await call("/api/profiles/me", { method: "PATCH", json: { username: renamed, bio: "Dançarina de Niterói" }, cookie: fan.cookie })).status).toBe(
      200,
    );
    expect(await found("members", "ibex", member)).toEqual([]);
    expect(await found("members", renamed, member)).toEqual([fan.id]);
    expect(await found("members", "niteroi dancarina", member)).toEqual([fan.id]);
    const post = await call("/api/posts", { json: { content: "Margay says hello" }, cookie: fan.cookie });
    const postId = (await post.json<PostResponse>()).post.id;
    // Deleting the account removes the profile and posts by cascade: their index rows go with them.
    await D1.prepare("DELETE FROM users WHERE id = ?1").bind(fan.id).run();
    expect(await found("members", renamed, member)).toEqual([]);
    expect(await found("posts", "margay", member)).toEqual([]);
    expect(await indexRows("member", fan.id)).toEqual({ docs: 0, words: 0 });
    expect(await indexRows("post", postId)).toEqual({ docs: 0, words: 0 });
    await indexIsWhole();
  });
});
