// /api/posts and a shared post's page against those who must not get through: every route for every
// role, cross-site requests, banned members, another member's post, and text written to look like
// markup, which stays text in JSON and is escaped in the served HTML. Happy paths are in
// posts.happy.test.ts, other refusals in posts.errors.test.ts.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { call, createUser, db, errorOf, type Role } from "./helpers";
import { page, rootOf, textOf } from "./pages-fixtures";
import { escapeHtml } from "../../worker/lib/page-head";
import { postLikes, posts } from "../../worker/db/schema/feed";
import { type CommentResponse, type CommentsResponse, type PostResponse } from "../../worker/contracts/feed";
import {
  UNAUTHORIZED,
  POST_NOT_FOUND,
  CSRF,
  seedPost,
  postRow,
  countWhere,
  commentRowsOf,
  likeRowsOf,
  reportRowsOf,
  snapshot,
  createPost,
  createPostOk,
  feedOk,
  comment,
  like,
  deleteAs,
  expectError,
  ban,
  XSS_PAYLOADS,
  busyPost,
} from "./posts-fixtures";

// --- roles and CSRF -------------------------------------------------------------------------

type Delta = Partial<Record<"posts" | "comments" | "likes" | "reports", number>>;
type Route = {
  name: string;
  ok: number;
  unsafe: boolean;
  /** The post the request acts on belongs to the actor (delete). */
  own?: boolean;
  /** State the route needs first (unlike: an existing like by the actor). */
  prepare?: (actorId: string, postId: string) => Promise<void>;
  send: (postId: string, init: { cookie?: string; headers?: Record<string, string> }) => Promise<Response>;
  delta: Delta;
};

async function seedLike(userId: string, postId: string) {
  await db().insert(postLikes).values({ postId, userId });
  await db().update(posts).set({ likeCount: 1 }).where(eq(posts.id, postId));
}

const ROUTES: Route[] = [
  { name: "GET /api/posts", ok: 200, unsafe: false, send: (_id, init) => call("/api/posts", init), delta: {} },
  { name: "POST /api/posts", ok: 201, unsafe: true, send: (_id, init) => call("/api/posts", { ...init, json: { content: "hello" } }), delta: { posts: 1 } },
  { name: "GET /api/posts/:id", ok: 200, unsafe: false, send: (id, init) => call(`/api/posts/${id}`, init), delta: {} },
  {
    name: "DELETE /api/posts/:id",
    ok: 204,
    unsafe: true,
    own: true,
    send: (id, init) => call(`/api/posts/${id}`, { ...init, method: "DELETE" }),
    delta: { posts: -1 },
  },
  { name: "GET /api/posts/:id/comments", ok: 200, unsafe: false, send: (id, init) => call(`/api/posts/${id}/comments`, init), delta: {} },
  {
    name: "POST /api/posts/:id/comments",
    ok: 201,
    unsafe: true,
    send: (id, init) => call(`/api/posts/${id}/comments`, { ...init, json: { content: "nice" } }),
    delta: { comments: 1 },
  },
  {
    name: "PUT /api/posts/:id/like",
    ok: 200,
    unsafe: true,
    send: (id, init) => call(`/api/posts/${id}/like`, { ...init, method: "PUT" }),
    delta: { likes: 1 },
  },
  {
    name: "DELETE /api/posts/:id/like",
    ok: 200,
    unsafe: true,
    prepare: seedLike,
    send: (id, init) => call(`/api/posts/${id}/like`, { ...init, method: "DELETE" }),
    delta: { likes: -1 },
  },
  {
    name: "POST /api/posts/:id/reports",
    ok: 201,
    unsafe: true,
    send: (id, init) => call(`/api/posts/${id}/reports`, { ...init, json: { reason: "spam" } }),
    delta: { reports: 1 },
  },
];

const applied = (before: Awaited<ReturnType<typeof snapshot>>, delta: Delta) => ({
  posts: before.posts + (delta.posts ?? 0),
  comments: before.comments + (delta.comments ?? 0),
  likes: before.likes + (delta.likes ?? 0),
  reports: before.reports + (delta.reports ?? 0),
});
const counts = ({ posts: p, comments: c, likes: l, reports: r }: Awaited<ReturnType<typeof snapshot>>) => ({ posts: p, comments: c, likes: l, reports: r });

describe("/api/posts: who may use each route", () => {
  const matrix = ROUTES.flatMap((route) => (["visitor", "user", "vip", "admin", "banned"] as const).map((role) => [route.name, role, route] as const));

  it.each(matrix)("%s as %s", async (_name, role: Role, route) => {
    const author = await createUser("user");
    const actor = role === "visitor" ? null : await createUser(role);
    const postId = await seedPost(route.own && actor ? actor.id : author.id);
    await route.prepare?.(actor?.id ?? author.id, postId);
    const before = await snapshot(postId);

    const res = await route.send(postId, { cookie: actor?.cookie });

    if (role === "visitor" || role === "banned") {
      await expectError(res, 401, UNAUTHORIZED);
      expect(await snapshot(postId)).toEqual(before);
    } else {
      expect(res.status).toBe(route.ok);
      await res.arrayBuffer();
      expect(counts(await snapshot())).toEqual(applied(before, route.delta));
    }
  });

  it.each(ROUTES.filter((r) => r.unsafe).map((r) => [r.name, r] as const))("%s from another site: 403 csrf, nothing changes", async (_name, route) => {
    const member = await createUser("user");
    const postId = await seedPost(member.id);
    await route.prepare?.(member.id, postId);
    const before = await snapshot(postId);
    const crossSite: Record<string, string>[] = [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }, { origin: "null" }];
    for (const headers of crossSite) {
      await expectError(await route.send(postId, { cookie: member.cookie, headers }), 403, CSRF);
    }
    expect(await snapshot(postId)).toEqual(before);
  });

  it("refuses an unsafe request with neither Origin nor Sec-Fetch-Site", async () => {
    const member = await createUser("user");
    const before = await snapshot();
    const res = await call("/api/posts", { json: { content: "no origin" }, cookie: member.cookie, noOrigin: true });
    await expectError(res, 403, CSRF);
    expect(await snapshot()).toEqual(before);
  });

  it("a banned member's session is gone after the first refused request", async () => {
    const banned = await createUser("banned");
    await expectError(await call("/api/posts", { cookie: banned.cookie }), 401, UNAUTHORIZED);
    await expectError(await createPost(banned, { content: "still here?" }), 401, UNAUTHORIZED);
    expect(await countWhere(posts, eq(posts.userId, banned.id))).toBe(0);
  });
});

// --- banned members in the feed -------------------------------------------------------------

describe("GET /api/posts (the feed)", () => {
  // The feed is global: each test here starts with no posts at all.
  beforeEach(async () => {
    await db().delete(posts);
  });

  it("hides a banned member's posts (feed, post, comments) from members but shows them to admins", async () => {
    const troll = await createUser("user");
    const member = await createUser("vip");
    const admin = await createUser("admin");
    const kept = await createPostOk(member, "still visible");
    const hidden = await createPostOk(troll, "soon hidden");
    expect((await comment(member, hidden.id, "a reply")).status).toBe(201);
    await ban(troll.id);

    expect((await feedOk(member)).posts.map((p) => p.id)).toEqual([kept.id]);
    await expectError(await call(`/api/posts/${hidden.id}`, { cookie: member.cookie }), 404, POST_NOT_FOUND);
    await expectError(await call(`/api/posts/${hidden.id}/comments`, { cookie: member.cookie }), 404, POST_NOT_FOUND);
    await expectError(await comment(member, hidden.id, "another"), 404, POST_NOT_FOUND);
    await expectError(await like(member, hidden.id, "PUT"), 404, POST_NOT_FOUND);
    expect((await postRow(hidden.id))!).toMatchObject({ likeCount: 0, commentCount: 1 });

    expect((await feedOk(admin)).posts.map((p) => p.id)).toEqual([hidden.id, kept.id]);
    const res = await call(`/api/posts/${hidden.id}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect((await res.json<PostResponse>()).post).toMatchObject({ id: hidden.id, content: "soon hidden", canDelete: true });
  });
});

// --- XSS: text stays text -------------------------------------------------------------------

describe("member text is returned as text, never as HTML", () => {
  it.each(XSS_PAYLOADS)("post %s comes back byte-for-byte in JSON", async (payload) => {
    const member = await createUser("user");
    const res = await createPost(member, { content: payload });
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const raw = await res.text();
    // JSON.stringify leaves < > & as they are: nothing in the API turns text into markup or entities.
    expect(raw).toContain(JSON.stringify(payload).slice(1, -1));
    const { post } = JSON.parse(raw) as PostResponse;
    expect(post.content).toBe(payload);
    expect((await postRow(post.id))!.content).toBe(payload);
    const read = await call(`/api/posts/${post.id}`, { cookie: member.cookie });
    expect((await read.json<PostResponse>()).post.content).toBe(payload);
    const inFeed = (await feedOk(member)).posts.find((p) => p.id === post.id);
    expect(inFeed?.content).toBe(payload);
  });

  it.each(XSS_PAYLOADS)("comment %s comes back byte-for-byte in JSON", async (payload) => {
    const member = await createUser("user");
    const postId = await seedPost(member.id);
    const res = await comment(member, postId, payload);
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect((await res.json<CommentResponse>()).comment.content).toBe(payload);
    expect((await commentRowsOf(postId)).map((c) => c.content)).toEqual([payload]);
    const list = await call(`/api/posts/${postId}/comments`, { cookie: member.cookie });
    expect((await list.json<CommentsResponse>()).comments.map((c) => c.content)).toEqual([payload]);
  });
});

// --- another member's post ------------------------------------------------------------------

describe("DELETE /api/posts/:id", () => {
  it.each(["user", "vip"] as const)("answers another %s with 404 post_not_found and leaves post, comments, likes and reports alone", async (role) => {
    const { post } = await busyPost();
    const other = await createUser(role);
    const rowBefore = await postRow(post.id);
    const commentsBefore = await commentRowsOf(post.id);
    const likesBefore = await likeRowsOf(post.id);
    await expectError(await deleteAs(other, post.id), 404, POST_NOT_FOUND);
    expect(await postRow(post.id)).toEqual(rowBefore);
    expect(await commentRowsOf(post.id)).toEqual(commentsBefore);
    expect(await likeRowsOf(post.id)).toEqual(likesBefore);
    expect((await reportRowsOf(post.id)).length).toBe(1);
  });
});

// --- a shared post's page ------------------------------------------------------------------

describe("a shared post's page against hostile text and hidden authors", () => {
  it.each(XSS_PAYLOADS)("never sends a visitor the post's text (%s)", async (payload) => {
    const author = await createUser("user");
    const postId = await seedPost(author.id, payload);
    const html = await (await page(`/social/post/${postId}`)).text();
    expect(html).not.toContain(payload);
    expect(html).not.toContain(escapeHtml(payload));
    expect(textOf(rootOf(html))).toContain("A post in the Freestyle Lovers community");
  });

  it.each(["banned", "hidden"] as const)("gives no teaser of a post whose author is banned or that a moderator hid (%s)", async (why) => {
    const author = await createUser("user");
    const postId = await seedPost(author.id, "not for anyone now");
    if (why === "banned") await ban(author.id);
    else await db().update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, postId));
    const res = await page(`/social/post/${postId}`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain("A post in the");
    const teaser = await call(`/api/posts/${postId}/teaser`);
    expect(teaser.status).toBe(404);
    expect(await errorOf(teaser)).toEqual(POST_NOT_FOUND);
  });
});
