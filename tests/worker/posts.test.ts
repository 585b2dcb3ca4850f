// /api/posts (the social feed), and the /social/post/:id share page. Every request is checked by
// its exact status and error code, and by what D1 holds afterwards: rows and the counters kept
// beside them. Image attachments and the post-image upload route are in post-images.test.ts.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { asc, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { call, createUser, db, errorOf, ORIGIN, ruleError, type Role, type TestUser } from "./helpers";
import { postComments, postLikes, postReports, posts, users } from "../../worker/db/schema";
import {
  COMMENT_MAX,
  FEED_MESSAGES,
  FEED_PAGE_SIZE,
  POST_MAX,
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  type CommentResponse,
  type CommentsResponse,
  type FeedResponse,
  type LikeResponse,
  type PostResponse,
  type PostView,
} from "../../worker/contracts/feed";
import { RATE_LIMITS, RATE_LIMIT_MESSAGE } from "../../worker/contracts/limits";
import { TEXT_MESSAGES } from "../../worker/contracts/text";
import { countingD1 } from "./d1-count";

const HOUR = 60 * 60 * 1000;
const UNAUTHORIZED = { code: "unauthorized", message: "Sign in required" };
const POST_NOT_FOUND = { code: "post_not_found", message: FEED_MESSAGES.postNotFound };
const CSRF = { code: "csrf", message: "Cross-site request refused" };

// --- helpers ----------------------------------------------------------------------------------

/** Posts seeded straight into D1 get distinct, increasing times well in the past. */
let seedClock = Date.now() - 30 * 24 * HOUR;
async function seedPost(userId: string, content = "a seeded post", createdAt = new Date((seedClock += 1000))) {
  const id = crypto.randomUUID();
  await db().insert(posts).values({ id, userId, content, createdAt });
  return id;
}

const postRow = (id: string) => db().select().from(posts).where(eq(posts.id, id)).get();
const countWhere = async (table: typeof posts | typeof postComments | typeof postLikes | typeof postReports, where?: ReturnType<typeof eq>) =>
  (await db().select({ n: count() }).from(table).where(where).get())!.n;
const commentRowsOf = (postId: string) => db().select().from(postComments).where(eq(postComments.postId, postId)).orderBy(asc(postComments.createdAt));
const likeRowsOf = (postId: string) => db().select().from(postLikes).where(eq(postLikes.postId, postId));
const reportRowsOf = (postId: string) => db().select().from(postReports).where(eq(postReports.postId, postId));

/** Everything the feed stores, to prove a refused request changed nothing. */
async function snapshot(postId?: string) {
  return {
    posts: await countWhere(posts),
    comments: await countWhere(postComments),
    likes: await countWhere(postLikes),
    reports: await countWhere(postReports),
    post: postId ? ((await postRow(postId)) ?? null) : null,
  };
}

const createPost = (user: TestUser | null, body: unknown) => call("/api/posts", { json: body, cookie: user?.cookie });
async function createPostOk(user: TestUser, content: string) {
  const res = await createPost(user, { content });
  expect(res.status).toBe(201);
  return (await res.json<PostResponse>()).post;
}
const feed = (user: TestUser, cursor?: string) => call(`/api/posts${cursor === undefined ? "" : `?cursor=${encodeURIComponent(cursor)}`}`, { cookie: user.cookie });
async function feedOk(user: TestUser, cursor?: string) {
  const res = await feed(user, cursor);
  expect(res.status).toBe(200);
  return res.json<FeedResponse>();
}
const comment = (user: TestUser, postId: string, content: string) => call(`/api/posts/${postId}/comments`, { json: { content }, cookie: user.cookie });
const like = (user: TestUser, postId: string, method: "PUT" | "DELETE") => call(`/api/posts/${postId}/like`, { method, cookie: user.cookie });
const report = (user: TestUser, postId: string, body: unknown) => call(`/api/posts/${postId}/reports`, { json: body, cookie: user.cookie });
const deleteAs = (user: TestUser, postId: string) => call(`/api/posts/${postId}`, { method: "DELETE", cookie: user.cookie });

async function expectError(res: Response, status: number, error: { code: string; message?: string }) {
  expect(res.status).toBe(status);
  expect(await errorOf(res)).toMatchObject(error);
}

const ban = (userId: string) => db().update(users).set({ status: "banned" }).where(eq(users.id, userId));

/** Fixed-window limits: start a burst far enough from a window's end that it lands in one window. */
async function awayFromWindowEdge([, windowSeconds]: readonly [number, number], needMs = 10_000) {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

// --- roles and CSRF ---------------------------------------------------------------------------

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
  { name: "DELETE /api/posts/:id", ok: 204, unsafe: true, own: true, send: (id, init) => call(`/api/posts/${id}`, { ...init, method: "DELETE" }), delta: { posts: -1 } },
  { name: "GET /api/posts/:id/comments", ok: 200, unsafe: false, send: (id, init) => call(`/api/posts/${id}/comments`, init), delta: {} },
  {
    name: "POST /api/posts/:id/comments",
    ok: 201,
    unsafe: true,
    send: (id, init) => call(`/api/posts/${id}/comments`, { ...init, json: { content: "nice" } }),
    delta: { comments: 1 },
  },
  { name: "PUT /api/posts/:id/like", ok: 200, unsafe: true, send: (id, init) => call(`/api/posts/${id}/like`, { ...init, method: "PUT" }), delta: { likes: 1 } },
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

// --- create -----------------------------------------------------------------------------------

describe("POST /api/posts", () => {
  it("creates the post and answers with its full view", async () => {
    const member = await createUser("vip");
    const before = Date.now();
    const res = await createPost(member, { content: "Hello, fans!" });
    expect(res.status).toBe(201);
    const { post } = await res.json<PostResponse>();
    expect(post).toEqual<PostView>({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/) as unknown as string,
      author: { id: member.id, username: member.username, avatarUrl: null, isVIP: true },
      content: "Hello, fans!",
      image: null,
      createdAt: expect.any(String) as unknown as string,
      likeCount: 0,
      commentCount: 0,
      likedByMe: false,
      canDelete: true,
    });
    expect(Date.parse(post.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    const row = await postRow(post.id);
    expect(row).toMatchObject({ userId: member.id, content: "Hello, fans!", imageUrl: null, imageWidth: null, imageHeight: null, likeCount: 0, commentCount: 0 });
    expect(row!.createdAt.toISOString()).toBe(post.createdAt);
    // It can be read back.
    const again = await call(`/api/posts/${post.id}`, { cookie: member.cookie });
    expect(again.status).toBe(200);
    expect((await again.json<PostResponse>()).post).toEqual(post);
  });

  it("stores the text trimmed, NFC-normalised, with CRLF as LF", async () => {
    const member = await createUser("user");
    const post = await createPostOk(member, "  \n Cafe\u0301 com\r\namigos\tjuntos \r\n\t ");
    expect(post.content).toBe("Caf\u00e9 com\namigos\tjuntos");
    expect((await postRow(post.id))!.content).toBe("Caf\u00e9 com\namigos\tjuntos");
  });

  it("accepts exactly 2,000 characters (counted after trimming) and 1 character", async () => {
    const member = await createUser("user");
    const long = await createPostOk(member, `   ${"a".repeat(POST_MAX)}   `);
    expect((await postRow(long.id))!.content).toBe("a".repeat(POST_MAX));
    const short = await createPostOk(member, "x");
    expect((await postRow(short.id))!.content).toBe("x");
  });

  it.each([
    ["2,001 characters", "a".repeat(POST_MAX + 1), FEED_MESSAGES.postTooLong],
    ["an empty string", "", FEED_MESSAGES.postRequired],
    ["whitespace only", " \n\t \r\n ", FEED_MESSAGES.postRequired],
    ["a NUL", "hi\u0000there", TEXT_MESSAGES.invalidCharacters],
    ["a BEL", "ding\u0007", TEXT_MESSAGES.invalidCharacters],
    ["an ANSI escape", "\u001b[31mred", TEXT_MESSAGES.invalidCharacters],
    ["a DEL", "a\u007fb", TEXT_MESSAGES.invalidCharacters],
    ["a C1 control (NEL)", "a\u0085b", TEXT_MESSAGES.invalidCharacters],
    ["a vertical tab", "a\u000bb", TEXT_MESSAGES.invalidCharacters],
    ["a right-to-left override", "invoice\u202Egpj.exe", TEXT_MESSAGES.invalidCharacters],
    ["a left-to-right embedding", "a\u202Ab", TEXT_MESSAGES.invalidCharacters],
    ["a first-strong isolate", "a\u2068b\u2069", TEXT_MESSAGES.invalidCharacters],
    ["a lone surrogate", "broken \uD83D text", TEXT_MESSAGES.invalidCharacters],
  ])("refuses %s with 400 and stores nothing", async (_label, content, message) => {
    const member = await createUser("user");
    const res = await createPost(member, { content });
    await expectError(res, 400, ruleError(message, "content"));
    expect(await countWhere(posts, eq(posts.userId, member.id))).toBe(0);
  });

  it.each([
    ["no content", {}],
    ["content of the wrong type", { content: 42 }],
    ["an unknown field", { content: "hi", userId: "someone-else" }],
    ["an image name that is not an upload name", { content: "hi", image: "../../secret.png" }, "image_not_found"],
    ["an array", ["hi"]],
  ])("refuses a body with %s with 400 invalid_input (or the rule's code)", async (_label, body, code = "invalid_input") => {
    const member = await createUser("user");
    await expectError(await createPost(member, body), 400, { code });
    expect(await countWhere(posts, eq(posts.userId, member.id))).toBe(0);
  });

  it("refuses malformed JSON with a 400, not a 500", async () => {
    const member = await createUser("user");
    const res = await call("/api/posts", { body: "{not json", cookie: member.cookie, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    await res.arrayBuffer();
    expect(await countWhere(posts, eq(posts.userId, member.id))).toBe(0);
  });

  it("answers a post one character too long with post_too_long, the field and the limit", async () => {
    const member = await createUser("user");
    const res = await createPost(member, { content: "p".repeat(POST_MAX + 1) });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: "post_too_long", message: "Posts can be at most 2,000 characters", field: "content", params: { max: 2000 } } });
  });

  it("counts characters, not UTF-16 units: 2,000 emoji are accepted, 2,001 refused", async () => {
    const member = await createUser("user");
    const ok = await createPost(member, { content: "\u{1F3B5}".repeat(POST_MAX) });
    expect(ok.status).toBe(201);
    expect([...(await ok.json<PostResponse>()).post.content]).toHaveLength(POST_MAX);
    await expectError(await createPost(member, { content: "\u{1F3B5}".repeat(POST_MAX + 1) }), 400, { code: "post_too_long", message: FEED_MESSAGES.postTooLong });
    expect(await countWhere(posts, eq(posts.userId, member.id))).toBe(1);
  });
});

// --- feed -------------------------------------------------------------------------------------

describe("GET /api/posts (the feed)", () => {
  // The feed is global: each test here starts with no posts at all.
  beforeEach(async () => {
    await db().delete(posts);
  });

  /** Newest first, ties on created_at broken by id, both descending: the feed's order. */
  const feedOrder = (rows: { id: string; createdAt: number }[]) =>
    rows.toSorted((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)).map((r) => r.id);

  it("answers an empty feed with no posts and no cursor", async () => {
    const member = await createUser("user");
    expect(await feedOk(member)).toEqual({ posts: [], nextCursor: null });
  });

  it("lists newest first, 20 a page, with a cursor to the next page and none after the last", async () => {
    const authors = [await createUser("user"), await createUser("vip")];
    const viewer = await createUser("user");
    const seeded: { id: string; createdAt: number }[] = [];
    const base = Date.now() - 10 * HOUR;
    for (let i = 0; i < 25; i++) {
      const createdAt = base + i * 1000;
      seeded.push({ id: await seedPost(authors[i % 2]!.id, `post ${i}`, new Date(createdAt)), createdAt });
    }
    const expected = feedOrder(seeded);

    const first = await feedOk(viewer);
    expect(first.posts).toHaveLength(FEED_PAGE_SIZE);
    expect(first.posts.map((p) => p.id)).toEqual(expected.slice(0, 20));
    expect(first.posts[0]!.content).toBe("post 24");
    expect(first.nextCursor).toEqual(expect.any(String));

    const second = await feedOk(viewer, first.nextCursor!);
    expect(second.posts.map((p) => p.id)).toEqual(expected.slice(20));
    expect(second.nextCursor).toBeNull();
    // Authors are shown with their display fields.
    expect(second.posts.at(-1)!.author).toEqual({ id: authors[0]!.id, username: authors[0]!.username, avatarUrl: null, isVIP: false });
    expect(second.posts.at(-2)!.author).toEqual({ id: authors[1]!.id, username: authors[1]!.username, avatarUrl: null, isVIP: true });
  });

  it("gives no cursor when the last page is exactly full (40 posts: two pages, no empty third)", async () => {
    const author = await createUser("user");
    const base = Date.now() - 10 * HOUR;
    for (let i = 0; i < 2 * FEED_PAGE_SIZE; i++) await seedPost(author.id, `p${i}`, new Date(base + i));
    const first = await feedOk(author);
    expect(first.posts).toHaveLength(FEED_PAGE_SIZE);
    const second = await feedOk(author, first.nextCursor!);
    expect(second.posts).toHaveLength(FEED_PAGE_SIZE);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.posts, ...second.posts].map((p) => p.id)).size).toBe(2 * FEED_PAGE_SIZE);
  });

  it("walks 45 posts exactly once each while 5 new posts arrive between page requests (stable cursor)", async () => {
    const authors = [await createUser("user"), await createUser("user"), await createUser("vip")];
    const newcomers = [await createUser("user"), await createUser("user")];
    const viewer = await createUser("user");
    const base = Date.now() - 10 * HOUR;
    const seeded: { id: string; createdAt: number }[] = [];
    // Three posts share each millisecond, so the id breaks ties inside a page and across pages.
    for (let i = 0; i < 45; i++) {
      const createdAt = base + Math.floor(i / 3) * 1000;
      seeded.push({ id: await seedPost(authors[i % 3]!.id, `old ${i}`, new Date(createdAt)), createdAt });
    }
    const expected = feedOrder(seeded);

    const seen: string[] = [];
    const arrived: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    for (;;) {
      const page = await feedOk(viewer, cursor);
      pages++;
      seen.push(...page.posts.map((p) => p.id));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
      // 5 new posts between this page and the next.
      for (let j = 0; j < 5; j++) arrived.push((await createPostOk(newcomers[pages % 2]!, `new ${pages}.${j}`)).id);
      expect(pages).toBeLessThan(10);
    }
    expect(pages).toBe(3);
    expect(arrived).toHaveLength(10);
    // Each of the 45 exactly once, in feed order; none of the newcomers shifted a page.
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(45);
    // The next walk from the top starts with the newest arrivals.
    const top = await feedOk(viewer);
    expect(top.posts.slice(0, 10).map((p) => p.id)).toEqual(arrived.toReversed());
  });

  it("shows likedByMe and canDelete per viewer: author and admin may delete, others not", async () => {
    const alice = await createUser("user");
    const bob = await createUser("vip");
    const admin = await createUser("admin");
    const alices = await createPostOk(alice, "by alice");
    const bobs = await createPostOk(bob, "by bob");
    expect((await like(alice, bobs.id, "PUT")).status).toBe(200);

    const view = async (user: TestUser) => Object.fromEntries((await feedOk(user)).posts.map((p) => [p.id, { likedByMe: p.likedByMe, canDelete: p.canDelete, likeCount: p.likeCount }]));
    expect(await view(alice)).toEqual({
      [alices.id]: { likedByMe: false, canDelete: true, likeCount: 0 },
      [bobs.id]: { likedByMe: true, canDelete: false, likeCount: 1 },
    });
    expect(await view(bob)).toEqual({
      [alices.id]: { likedByMe: false, canDelete: false, likeCount: 0 },
      [bobs.id]: { likedByMe: false, canDelete: true, likeCount: 1 },
    });
    expect(await view(admin)).toEqual({
      [alices.id]: { likedByMe: false, canDelete: true, likeCount: 0 },
      [bobs.id]: { likedByMe: false, canDelete: true, likeCount: 1 },
    });
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

  it.each([
    ["not a cursor", "nope"],
    ["only a time", "1712345678901"],
    ["a time and a non-id", `1712345678901_${"g".repeat(36)}`],
    ["17 digits", `${"1".repeat(17)}_00000000-0000-4000-8000-000000000000`],
    ["a negative time", "-5_00000000-0000-4000-8000-000000000000"],
    ["an upper-case id", "1712345678901_ABCDEF00-0000-4000-8000-000000000000"],
    ["extra parts", "1712345678901_00000000-0000-4000-8000-000000000000_1"],
    ["an empty value", ""],
    ["a time no date can hold", "9999999999999999_00000000-0000-4000-8000-000000000000"],
  ])("refuses a malformed cursor (%s) with 400 invalid_input", async (_label, cursor) => {
    const member = await createUser("user");
    await seedPost(member.id);
    const res = await feed(member, cursor);
    await expectError(res, 400, { code: "invalid_input" });
  });
});

// --- XSS: text stays text ---------------------------------------------------------------------

const XSS_PAYLOADS = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "javascript:alert(document.cookie)",
  `"><svg onload=alert(1)> & 'quotes' &amp; &lt;already&gt;`,
];

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

// --- delete -----------------------------------------------------------------------------------

describe("DELETE /api/posts/:id", () => {
  /** A post with two comments, two likes and a report, all through the API. */
  async function busyPost() {
    const author = await createUser("user");
    const fan = await createUser("vip");
    const post = await createPostOk(author, "busy");
    expect((await comment(fan, post.id, "first")).status).toBe(201);
    expect((await comment(author, post.id, "second")).status).toBe(201);
    expect((await like(fan, post.id, "PUT")).status).toBe(200);
    expect((await like(author, post.id, "PUT")).status).toBe(200);
    expect((await report(fan, post.id, { reason: "other", details: "test" })).status).toBe(201);
    expect(await postRow(post.id)).toMatchObject({ likeCount: 2, commentCount: 2 });
    return { author, fan, post };
  }

  const related = async (postId: string) => ({
    comments: (await commentRowsOf(postId)).length,
    likes: (await likeRowsOf(postId)).length,
    reports: (await reportRowsOf(postId)).length,
  });

  it("lets the author delete: 204, and the comments, likes and reports go with the post", async () => {
    const { author, post } = await busyPost();
    expect(await related(post.id)).toEqual({ comments: 2, likes: 2, reports: 1 });
    const res = await deleteAs(author, post.id);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    expect(await postRow(post.id)).toBeUndefined();
    expect(await related(post.id)).toEqual({ comments: 0, likes: 0, reports: 0 });
    await expectError(await call(`/api/posts/${post.id}`, { cookie: author.cookie }), 404, POST_NOT_FOUND);
  });

  it("lets an admin delete another member's post: 204", async () => {
    const { post } = await busyPost();
    const admin = await createUser("admin");
    expect((await deleteAs(admin, post.id)).status).toBe(204);
    expect(await postRow(post.id)).toBeUndefined();
    expect(await related(post.id)).toEqual({ comments: 0, likes: 0, reports: 0 });
  });

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

  it("answers a second delete with 404", async () => {
    const author = await createUser("user");
    const post = await createPostOk(author, "once");
    expect((await deleteAs(author, post.id)).status).toBe(204);
    await expectError(await deleteAs(author, post.id), 404, POST_NOT_FOUND);
  });

  it("answers a missing post with 404 and a malformed id with 400", async () => {
    const member = await createUser("user");
    await expectError(await deleteAs(member, crypto.randomUUID()), 404, POST_NOT_FOUND);
    await expectError(await deleteAs(member, "not-a-post-id"), 400, { code: "invalid_input" });
  });

  it("does not touch the member's other posts", async () => {
    const author = await createUser("user");
    const a = await createPostOk(author, "a");
    const b = await createPostOk(author, "b");
    expect((await deleteAs(author, a.id)).status).toBe(204);
    expect(await postRow(b.id)).toMatchObject({ content: "b" });
  });
});

// --- comments ---------------------------------------------------------------------------------

describe("comments", () => {
  it("adds a comment: 201 with the comment and the new count, row stored, counter bumped", async () => {
    const author = await createUser("user");
    const fan = await createUser("vip");
    const postId = await seedPost(author.id);
    const res = await comment(fan, postId, "  Great  post\r\n ");
    expect(res.status).toBe(201);
    const body = await res.json<CommentResponse>();
    expect(body).toEqual({
      comment: {
        id: expect.any(String) as unknown as string,
        postId,
        author: { id: fan.id, username: fan.username, avatarUrl: null, isVIP: true },
        content: "Great  post",
        createdAt: expect.any(String) as unknown as string,
      },
      commentCount: 1,
    });
    const rows = await commentRowsOf(postId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: body.comment.id, userId: fan.id, content: "Great  post" });
    expect(rows[0]!.createdAt.toISOString()).toBe(body.comment.createdAt);
    expect((await postRow(postId))!.commentCount).toBe(1);
  });

  it("lists comments oldest first", async () => {
    const author = await createUser("user");
    const fan = await createUser("user");
    const postId = await seedPost(author.id);
    const base = Date.now() - HOUR;
    // Stored out of order on purpose.
    for (const [text, offset] of [
      ["second", 2000],
      ["first", 1000],
      ["third", 3000],
    ] as const) {
      await db().insert(postComments).values({ id: crypto.randomUUID(), postId, userId: fan.id, content: text, createdAt: new Date(base + offset) });
    }
    expect((await comment(author, postId, "fourth")).status).toBe(201);
    const res = await call(`/api/posts/${postId}/comments`, { cookie: fan.cookie });
    expect(res.status).toBe(200);
    const { comments } = await res.json<CommentsResponse>();
    expect(comments.map((c) => c.content)).toEqual(["first", "second", "third", "fourth"]);
    expect(comments.map((c) => c.author.id)).toEqual([fan.id, fan.id, fan.id, author.id]);
  });

  it("keeps comment_count equal to the number of rows", async () => {
    const author = await createUser("user");
    const fans = [await createUser("user"), await createUser("vip"), await createUser("admin")];
    const postId = await seedPost(author.id);
    const counts: number[] = [];
    for (const fan of fans) {
      for (let i = 0; i < 2; i++) {
        const res = await comment(fan, postId, `from ${fan.username} #${i}`);
        expect(res.status).toBe(201);
        counts.push((await res.json<CommentResponse>()).commentCount);
      }
    }
    expect(counts).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await commentRowsOf(postId)).length).toBe(6);
    expect((await postRow(postId))!.commentCount).toBe(6);
    const post = await call(`/api/posts/${postId}`, { cookie: author.cookie }).then((r) => r.json<PostResponse>());
    expect(post.post.commentCount).toBe(6);
  });

  it("counts 10 concurrent comments exactly", async () => {
    const author = await createUser("user");
    const fans = await Promise.all(Array.from({ length: 10 }, (_, i) => createUser(i % 2 ? "vip" : "user")));
    const postId = await seedPost(author.id);
    const responses = await Promise.all(fans.map((fan, i) => comment(fan, postId, `concurrent ${i}`)));
    expect(responses.map((r) => r.status)).toEqual(Array<number>(10).fill(201));
    const returned = await Promise.all(responses.map((r) => r.json<CommentResponse>().then((b) => b.commentCount)));
    expect(returned.toSorted((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect((await commentRowsOf(postId)).length).toBe(10);
    expect((await postRow(postId))!.commentCount).toBe(10);
  });

  it("accepts 1,000 characters and refuses 1,001, empty and whitespace-only with 400", async () => {
    const member = await createUser("user");
    const postId = await seedPost(member.id);
    expect((await comment(member, postId, "c".repeat(COMMENT_MAX))).status).toBe(201);
    expect((await comment(member, postId, "c")).status).toBe(201);
    await expectError(await comment(member, postId, "c".repeat(COMMENT_MAX + 1)), 400, { code: "comment_too_long", message: FEED_MESSAGES.commentTooLong });
    await expectError(await comment(member, postId, ""), 400, { code: "comment_required", message: FEED_MESSAGES.commentRequired });
    await expectError(await comment(member, postId, " \n\t "), 400, { code: "comment_required", message: FEED_MESSAGES.commentRequired });
    await expectError(await comment(member, postId, "evil\u202Etxt"), 400, { code: "invalid_characters", message: TEXT_MESSAGES.invalidCharacters });
    await expectError(await call(`/api/posts/${postId}/comments`, { json: { content: "x", postId: "other" }, cookie: member.cookie }), 400, { code: "invalid_input" });
    expect((await commentRowsOf(postId)).map((c) => c.content.length)).toEqual([COMMENT_MAX, 1]);
    expect((await postRow(postId))!.commentCount).toBe(2);
  });

  it("answers a comment on a missing post with 404 and stores nothing", async () => {
    const member = await createUser("user");
    const missing = crypto.randomUUID();
    const before = await countWhere(postComments);
    await expectError(await comment(member, missing, "hello?"), 404, POST_NOT_FOUND);
    await expectError(await call(`/api/posts/${missing}/comments`, { cookie: member.cookie }), 404, POST_NOT_FOUND);
    expect(await countWhere(postComments)).toBe(before);
  });
});

// --- likes ------------------------------------------------------------------------------------

describe("likes", () => {
  it("liking twice leaves one row and a count of 1", async () => {
    const author = await createUser("user");
    const fan = await createUser("user");
    const postId = await seedPost(author.id);
    for (let i = 0; i < 2; i++) {
      const res = await like(fan, postId, "PUT");
      expect(res.status).toBe(200);
      expect(await res.json<LikeResponse>()).toEqual({ liked: true, likeCount: 1 });
    }
    expect(await likeRowsOf(postId)).toEqual([expect.objectContaining({ postId, userId: fan.id })]);
    expect((await postRow(postId))!.likeCount).toBe(1);
    const post = await call(`/api/posts/${postId}`, { cookie: fan.cookie }).then((r) => r.json<PostResponse>());
    expect(post.post).toMatchObject({ likeCount: 1, likedByMe: true });
  });

  it("unliking twice leaves no row and a count of 0, never negative", async () => {
    const author = await createUser("user");
    const fan = await createUser("vip");
    const postId = await seedPost(author.id);
    expect((await like(fan, postId, "PUT")).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const res = await like(fan, postId, "DELETE");
      expect(res.status).toBe(200);
      expect(await res.json<LikeResponse>()).toEqual({ liked: false, likeCount: 0 });
    }
    expect(await likeRowsOf(postId)).toEqual([]);
    expect((await postRow(postId))!.likeCount).toBe(0);
  });

  it("an unlike by someone who never liked leaves the count as it is", async () => {
    const author = await createUser("user");
    const fan = await createUser("user");
    const stranger = await createUser("user");
    const postId = await seedPost(author.id);
    expect((await like(fan, postId, "PUT")).status).toBe(200);
    const res = await like(stranger, postId, "DELETE");
    expect(res.status).toBe(200);
    expect(await res.json<LikeResponse>()).toEqual({ liked: false, likeCount: 1 });
    expect((await postRow(postId))!.likeCount).toBe(1);
    expect((await likeRowsOf(postId)).map((l) => l.userId)).toEqual([fan.id]);
  });

  it("counts 20 members liking at once exactly", async () => {
    const author = await createUser("user");
    const fans = await Promise.all(Array.from({ length: 20 }, (_, i) => createUser(i % 3 === 0 ? "vip" : "user")));
    const postId = await seedPost(author.id);
    const responses = await Promise.all(fans.map((fan) => like(fan, postId, "PUT")));
    expect(responses.map((r) => r.status)).toEqual(Array<number>(20).fill(200));
    const returned = await Promise.all(responses.map((r) => r.json<LikeResponse>().then((b) => b.likeCount)));
    expect(Math.max(...returned)).toBe(20);
    expect((await likeRowsOf(postId)).length).toBe(20);
    expect((await postRow(postId))!.likeCount).toBe(20);
    // And all of them unliking at once brings it back to exactly 0.
    const unlikes = await Promise.all(fans.map((fan) => like(fan, postId, "DELETE")));
    expect(unlikes.map((r) => r.status)).toEqual(Array<number>(20).fill(200));
    expect((await likeRowsOf(postId)).length).toBe(0);
    expect((await postRow(postId))!.likeCount).toBe(0);
  });

  it("the same member liking 5 times at once still counts once", async () => {
    const author = await createUser("user");
    const fan = await createUser("user");
    const postId = await seedPost(author.id);
    const responses = await Promise.all(Array.from({ length: 5 }, () => like(fan, postId, "PUT")));
    expect(responses.map((r) => r.status)).toEqual(Array<number>(5).fill(200));
    expect((await likeRowsOf(postId)).length).toBe(1);
    expect((await postRow(postId))!.likeCount).toBe(1);
  });

  it("answers a like of a missing post with 404 and stores nothing", async () => {
    const fan = await createUser("user");
    const before = await countWhere(postLikes);
    await expectError(await like(fan, crypto.randomUUID(), "PUT"), 404, POST_NOT_FOUND);
    await expectError(await like(fan, crypto.randomUUID(), "DELETE"), 404, POST_NOT_FOUND);
    expect(await countWhere(postLikes)).toBe(before);
  });
});

// --- reports ----------------------------------------------------------------------------------

describe("POST /api/posts/:id/reports", () => {
  it.each(REPORT_REASONS)("stores a report with reason %s: 201, resolved_at null", async (reason) => {
    const author = await createUser("user");
    const reporter = await createUser("vip");
    const postId = await seedPost(author.id);
    const res = await report(reporter, postId, { reason, details: "  see the second line \r\n please " });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true });
    const rows = await reportRowsOf(postId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ postId, reporterId: reporter.id, reason, details: "see the second line \n please", resolvedAt: null });
  });

  it("stores no details as null (absent or blank)", async () => {
    const author = await createUser("user");
    const a = await createUser("user");
    const b = await createUser("user");
    const postId = await seedPost(author.id);
    expect((await report(a, postId, { reason: "spam" })).status).toBe(201);
    expect((await report(b, postId, { reason: "hate", details: "   " })).status).toBe(201);
    const rows = await reportRowsOf(postId);
    expect(rows.map((r) => [r.reporterId, r.details]).sort()).toEqual([[a.id, null], [b.id, null]].sort());
  });

  it("answers a second report by the same member with 409 already_reported and keeps one row", async () => {
    const author = await createUser("user");
    const reporter = await createUser("user");
    const postId = await seedPost(author.id);
    expect((await report(reporter, postId, { reason: "spam" })).status).toBe(201);
    await expectError(await report(reporter, postId, { reason: "harassment", details: "again" }), 409, { code: "already_reported", message: FEED_MESSAGES.alreadyReported });
    const rows = await reportRowsOf(postId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: "spam", details: null });
  });

  it.each([
    ["an unknown reason", { reason: "boring" }],
    ["no reason", { details: "bad" }],
    ["a reason in another case", { reason: "SPAM" }],
    ["details over 500 characters", { reason: "other", details: "d".repeat(REPORT_DETAILS_MAX + 1) }, "report_details_too_long"],
    ["details with a bidi override", { reason: "other", details: "a\u202Eb" }, "invalid_characters"],
    ["an unknown field", { reason: "spam", resolvedAt: 1 }],
  ])("refuses %s with 400 invalid_input (or the rule's code) and stores nothing", async (_label, body, code = "invalid_input") => {
    const author = await createUser("user");
    const reporter = await createUser("user");
    const postId = await seedPost(author.id);
    await expectError(await report(reporter, postId, body), 400, { code });
    expect(await reportRowsOf(postId)).toEqual([]);
  });

  it("accepts details of exactly 500 characters", async () => {
    const author = await createUser("user");
    const reporter = await createUser("user");
    const postId = await seedPost(author.id);
    expect((await report(reporter, postId, { reason: "other", details: "d".repeat(REPORT_DETAILS_MAX) })).status).toBe(201);
    expect((await reportRowsOf(postId))[0]!.details).toHaveLength(REPORT_DETAILS_MAX);
  });

  it("answers a report of a missing post with 404", async () => {
    const reporter = await createUser("user");
    const before = await countWhere(postReports);
    await expectError(await report(reporter, crypto.randomUUID(), { reason: "spam" }), 404, POST_NOT_FOUND);
    expect(await countWhere(postReports)).toBe(before);
  });
});

// --- rate limits ------------------------------------------------------------------------------

describe("rate limits", () => {
  it("refuses the post after RATE_LIMITS.postsPerUser with 429 rate_limited and the message", async () => {
    const [max] = RATE_LIMITS.postsPerUser;
    const member = await createUser("user");
    await awayFromWindowEdge(RATE_LIMITS.postsPerUser);
    for (let i = 0; i < max; i++) expect((await createPost(member, { content: `post ${i}` })).status).toBe(201);
    await expectError(await createPost(member, { content: "one too many" }), 429, { code: "rate_limited", message: RATE_LIMIT_MESSAGE });
    expect(await countWhere(posts, eq(posts.userId, member.id))).toBe(max);
    // Per account: another member still posts.
    const other = await createUser("user");
    expect((await createPost(other, { content: "mine" })).status).toBe(201);
  });

  it("refuses the comment after RATE_LIMITS.commentsPerUser with 429 rate_limited and the message", async () => {
    const [max] = RATE_LIMITS.commentsPerUser;
    const member = await createUser("user");
    const postId = await seedPost(member.id);
    await awayFromWindowEdge(RATE_LIMITS.commentsPerUser);
    for (let i = 0; i < max; i++) expect((await comment(member, postId, `comment ${i}`)).status).toBe(201);
    await expectError(await comment(member, postId, "one too many"), 429, { code: "rate_limited", message: RATE_LIMIT_MESSAGE });
    expect((await commentRowsOf(postId)).length).toBe(max);
    expect((await postRow(postId))!.commentCount).toBe(max);
  });
});

// --- the share page ---------------------------------------------------------------------------

const SHELL =
  '<!doctype html><html><head><meta name="description" content="x" /><title>Freestyle Lovers</title></head><body><div id="root"></div></body></html>';
const fakeAssets = { fetch: async () => new Response(SHELL, { headers: { "content-type": "text/html; charset=utf-8" } }) };

async function sharePage(path: string) {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(ORIGIN + path), { ...env, ASSETS: fakeAssets as unknown as Fetcher }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

function metaContents(html: string, key: string): string[] {
  const re = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)"`, "g");
  return [...html.matchAll(re)].map((m) => m[1]!);
}
const decodeEntities = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#39);/g, (_m, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[e]!);

/** The elements and attributes an HTML parser sees in `html`, and the decoded og:description. */
async function parsed(html: string) {
  const elements: string[] = [];
  const attributes: string[] = [];
  let description: string | null = null;
  await new HTMLRewriter()
    .on("*", {
      element(el) {
        elements.push(el.tagName);
        for (const [name] of el.attributes) attributes.push(name!);
        // getAttribute gives the value as written: decode the entities the route wrote.
        if (el.getAttribute("property") === "og:description") description = decodeEntities(el.getAttribute("content") ?? "");
      },
    })
    .transform(new Response(html))
    .text();
  return { elements, attributes, description: description as string | null };
}

describe("GET /social/post/:id (share page)", () => {
  it("puts the post's text excerpt in the tags, and no author or image", async () => {
    const author = await createUser("vip", { username: "Author_Name_Secret" });
    const content = "Saw them live last night!\n\nBest   show ever.";
    const postId = await seedPost(author.id, content);
    await db().update(posts).set({ imageUrl: "/uploads/posts/0123456789abcdef0123456789abcdef.png", imageWidth: 10, imageHeight: 10 }).where(eq(posts.id, postId));
    const res = await sharePage(`/social/post/${postId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await res.text();
    const excerpt = "Saw them live last night! Best show ever.";
    expect(metaContents(html, "og:description")).toEqual([excerpt]);
    expect(metaContents(html, "twitter:description")).toEqual([excerpt]);
    expect(metaContents(html, "description")).toEqual([excerpt]);
    expect(metaContents(html, "og:title")).toEqual(["A post on Freestyle Lovers"]);
    expect(metaContents(html, "og:url")).toEqual([`${ORIGIN}/social/post/${postId}`]);
    expect(metaContents(html, "og:image")).toEqual([]);
    expect(metaContents(html, "twitter:image")).toEqual([]);
    expect(html).not.toContain("Author_Name_Secret");
    expect(html.toLowerCase()).not.toContain(author.username.toLowerCase());
    expect(html).not.toContain(author.id);
    expect(html).not.toContain("/uploads/posts/");
    expect(html).not.toContain("og:image");
  });

  it("cuts a long post to at most 160 characters", async () => {
    const author = await createUser("user");
    const content = `${"word ".repeat(100)}end`;
    const postId = await seedPost(author.id, content);
    const html = await (await sharePage(`/social/post/${postId}`)).text();
    const [description] = metaContents(html, "og:description");
    expect(description!.length).toBeLessThanOrEqual(160);
    expect(description).toBe(`${content.slice(0, 159)}…`);
    // Exactly 160 is not cut.
    const exact = await seedPost(author.id, "y".repeat(160));
    expect(metaContents(await (await sharePage(`/social/post/${exact}`)).text(), "og:description")).toEqual(["y".repeat(160)]);
  });

  it("never splits a character in two at the cut (an emoji across the 159th unit)", async () => {
    const author = await createUser("user");
    const content = `${"a".repeat(158)}\u{1F3B5}${"b".repeat(50)}`;
    const postId = await seedPost(author.id, content);
    const res = await sharePage(`/social/post/${postId}`);
    expect(res.status).toBe(200);
    // The whole page must be readable: a broken body is a broken link preview.
    const html = await res.text().catch((err: unknown) => `<<the body could not be read: ${String(err)}>>`);
    expect(html).not.toContain("<<the body could not be read");
    const { description } = await parsed(html);
    expect(description).not.toBeNull();
    expect(description!).not.toContain("\uFFFD");
    expect([...description!].length).toBeLessThanOrEqual(160);
    expect(description!.startsWith("a".repeat(158))).toBe(true);
  });

  it.each(XSS_PAYLOADS)("escapes %s in the served HTML", async (payload) => {
    const author = await createUser("user");
    const postId = await seedPost(author.id, payload);
    const res = await sharePage(`/social/post/${postId}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<svg/i);
    // Outside the quoted content="…" values nothing of the payload is left at all.
    const outsideValues = html.replace(/content="[^"]*"/g, 'content=""');
    expect(outsideValues).not.toContain("onerror=");
    expect(outsideValues).not.toContain("onload=");
    expect(outsideValues).not.toContain("javascript:");
    // What a parser sees: the shell's elements and our meta tags only, no event handler attributes,
    // and the description decodes back to the exact text.
    const { elements, attributes, description } = await parsed(html);
    expect(new Set(elements)).toEqual(new Set(["html", "head", "meta", "title", "body", "div"]));
    expect(attributes.filter((a) => a.startsWith("on"))).toEqual([]);
    expect(description).toBe(payload);
    expect(decodeEntities(metaContents(html, "og:description")[0]!)).toBe(payload);
  });

  it.each([
    ["an unknown id", () => crypto.randomUUID()],
    ["a malformed id", () => "not-a-post"],
    ["an upper-case id", () => crypto.randomUUID().toUpperCase()],
    ["a traversal", () => "..%2F..%2Fapi%2Fposts"],
  ])("answers %s with 404 and the untouched shell", async (_label, id) => {
    const res = await sharePage(`/social/post/${id()}`);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe(SHELL);
  });

  it("gives no preview of a banned member's post", async () => {
    const author = await createUser("user");
    const postId = await seedPost(author.id, "hidden after the ban");
    await ban(author.id);
    const res = await sharePage(`/social/post/${postId}`);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe(SHELL);
  });

  it("answers /social/post/ and extra segments with the HTML shell", async () => {
    const author = await createUser("user");
    const postId = await seedPost(author.id);
    for (const path of ["/social/post/", `/social/post/${postId}/extra`]) {
      const res = await sharePage(path);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(await res.text()).toBe(SHELL);
    }
  });
});

// --- D1 budget --------------------------------------------------------------------------------


describe("D1 statements for one feed page", () => {
  let figure: number | null = null;

  it("a signed-in member's feed page runs at most 3 statements beyond the session's 2", async () => {
    const authors = [await createUser("user"), await createUser("vip")];
    const viewer = await createUser("user");
    const ids: string[] = [];
    for (let i = 0; i < FEED_PAGE_SIZE + 5; i++) ids.push(await seedPost(authors[i % 2]!.id, `budget ${i}`, new Date(Date.now() + HOUR + i)));
    for (const id of ids.slice(-5)) await db().insert(postLikes).values({ postId: id, userId: viewer.id });

    const { db: counted, count: statements } = countingD1(env.DB);
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request(`${ORIGIN}/api/posts`, { headers: { cookie: viewer.cookie } }), { ...env, DB: counted }, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    const page = await res.json<FeedResponse>();
    expect(page.posts).toHaveLength(FEED_PAGE_SIZE);
    expect(page.posts.filter((p) => p.likedByMe).map((p) => p.id)).toEqual(ids.slice(-5).toReversed());
    figure = statements();
    expect(figure).toBeLessThanOrEqual(2 + 3);
    await db().delete(posts).where(inArray(posts.id, ids));
  });

  afterAll(() => {
    console.log(`D1 statements per request:\n  GET /api/posts (signed-in member, full page): ${figure}`);
  });
});
