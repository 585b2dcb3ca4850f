// /api/posts (the social feed) and a shared post's page (/social/post/:id) doing what they are for:
// posting, the paged feed, deleting, comments, likes, reports and link previews, checked by their
// answers and by what D1 holds afterwards (rows and the counters kept beside them). Refusals are in
// posts.errors.test.ts, who may do what and hostile text in posts.security.test.ts, image
// attachments in post-images.test.ts.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { call, createUser, db, ORIGIN, type TestUser } from "./helpers";
import { metaContents, page, rootOf, stateOf, textOf } from "./pages-fixtures";
import { postComments, postLikes, posts } from "../../worker/db/schema/feed";
import {
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
import { countingD1 } from "./d1-count";
import {
  HOUR,
  POST_NOT_FOUND,
  seedPost,
  postRow,
  countWhere,
  commentRowsOf,
  likeRowsOf,
  reportRowsOf,
  createPost,
  createPostOk,
  feedOk,
  comment,
  like,
  report,
  deleteAs,
  expectError,
  busyPost,
} from "./posts-fixtures";

/** The VIP tier's badge, as every author of the VIP tier carries it (decision 100). */
const VIP_BADGE = { id: "vip", rank: 1, name: { en: "VIP", ptBR: "VIP" }, color: "#d4a017" };

// --- create ---------------------------------------------------------------------------------

describe("POST /api/posts", () => {
  it("creates the post and answers with its full view", async () => {
    const member = await createUser("vip");
    const before = Date.now();
    const res = await createPost(member, { content: "Hello, fans!" });
    expect(res.status).toBe(201);
    const { post } = await res.json<PostResponse>();
    expect(post).toEqual<PostView>({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/) as unknown as string,
      author: { id: member.id, username: member.username, avatarUrl: null, isVIP: true, tier: VIP_BADGE },
      visibility: "members",
      tiers: null,
      official: false,
      pinned: false,
      locked: false,
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
    expect(row).toMatchObject({
      userId: member.id,
      content: "Hello, fans!",
      imageUrl: null,
      imageWidth: null,
      imageHeight: null,
      likeCount: 0,
      commentCount: 0,
    });
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

  it("answers a post one character too long with post_too_long, the field and the limit", async () => {
    const member = await createUser("user");
    const res = await createPost(member, { content: "p".repeat(POST_MAX + 1) });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: "post_too_long", message: "Posts can be at most 2,000 characters", field: "content", params: { max: 2000 } },
    });
  });

  it("counts characters, not UTF-16 units: 2,000 emoji are accepted, 2,001 refused", async () => {
    const member = await createUser("user");
    const ok = await createPost(member, { content: "\u{1F3B5}".repeat(POST_MAX) });
    expect(ok.status).toBe(201);
    expect([...(await ok.json<PostResponse>()).post.content]).toHaveLength(POST_MAX);
    await expectError(await createPost(member, { content: "\u{1F3B5}".repeat(POST_MAX + 1) }), 400, {
      code: "post_too_long",
      message: FEED_MESSAGES.postTooLong,
    });
    expect(await countWhere(posts, eq(posts.userId, member.id))).toBe(1);
  });
});

// --- feed -----------------------------------------------------------------------------------

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
    expect(second.posts.at(-1)!.author).toEqual({ id: authors[0]!.id, username: authors[0]!.username, avatarUrl: null, isVIP: false, tier: null });
    expect(second.posts.at(-2)!.author).toEqual({ id: authors[1]!.id, username: authors[1]!.username, avatarUrl: null, isVIP: true, tier: VIP_BADGE });
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

    const view = async (user: TestUser) =>
      Object.fromEntries((await feedOk(user)).posts.map((p) => [p.id, { likedByMe: p.likedByMe, canDelete: p.canDelete, likeCount: p.likeCount }]));
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
});

// --- delete ---------------------------------------------------------------------------------

describe("DELETE /api/posts/:id", () => {
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

  it("does not touch the member's other posts", async () => {
    const author = await createUser("user");
    const a = await createPostOk(author, "a");
    const b = await createPostOk(author, "b");
    expect((await deleteAs(author, a.id)).status).toBe(204);
    expect(await postRow(b.id)).toMatchObject({ content: "b" });
  });
});

// --- comments -------------------------------------------------------------------------------

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
        author: { id: fan.id, username: fan.username, avatarUrl: null, isVIP: true, tier: VIP_BADGE },
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
      await db()
        .insert(postComments)
        .values({ id: crypto.randomUUID(), postId, userId: fan.id, content: text, createdAt: new Date(base + offset) });
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
});

// --- likes ----------------------------------------------------------------------------------

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
});

// --- reports --------------------------------------------------------------------------------

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
    expect(rows.map((r) => [r.reporterId, r.details]).sort()).toEqual(
      [
        [a.id, null],
        [b.id, null],
      ].sort(),
    );
  });

  it("accepts details of exactly 500 characters", async () => {
    const author = await createUser("user");
    const reporter = await createUser("user");
    const postId = await seedPost(author.id);
    expect((await report(reporter, postId, { reason: "other", details: "d".repeat(REPORT_DETAILS_MAX) })).status).toBe(201);
    expect((await reportRowsOf(postId))[0]!.details).toHaveLength(REPORT_DETAILS_MAX);
  });
});

// --- a shared post's page ------------------------------------------------------------------

describe("a shared post: /social/post/:id and its teaser", () => {
  const UPLOADED = "/uploads/posts/0123456789abcdef0123456789abcdef.png";

  async function sharedPost(username = "Author_Name") {
    const author = await createUser("vip", { username });
    const content = "Saw them live last night! Best show ever.";
    const postId = await seedPost(author.id, content);
    await db().update(posts).set({ imageUrl: UPLOADED, imageWidth: 10, imageHeight: 10 }).where(eq(posts.id, postId));
    return { author, content, postId };
  }

  it("tells a visitor who shared it and asks them in: never its text or its picture", async () => {
    const { author, content, postId } = await sharedPost();
    const res = await page(`/social/post/${postId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await res.text();
    expect(metaContents(html, "og:title")).toEqual(["A post in the Freestyle Lovers community"]);
    expect(metaContents(html, "og:description")).toEqual(["Shared by Author_Name. Sign in to read it."]);
    expect(metaContents(html, "description")).toEqual(["Shared by Author_Name. Sign in to read it."]);
    expect(metaContents(html, "og:type")).toEqual(["article"]);
    expect(metaContents(html, "og:url")).toEqual([`${ORIGIN}/social/post/${postId}`]);
    expect(metaContents(html, "og:image")).toEqual([`${ORIGIN}/media/site/hero-1-1280.jpg`]);
    const shown = textOf(rootOf(html));
    expect(shown).toContain("A post in the Freestyle Lovers community");
    expect(shown).toContain("Shared by Author_Name");
    expect(rootOf(html)).toContain(`href="/social/login?redirect=${encodeURIComponent(`/social/post/${postId}`)}"`);
    expect(html).not.toContain(content);
    expect(html).not.toContain("Saw them live");
    expect(html).not.toContain(UPLOADED);
    expect(html).not.toContain(author.id);
  });

  it("speaks the visitor's language", async () => {
    const { postId } = await sharedPost("Autora");
    const html = await (await page(`/social/post/${postId}`, { headers: { "accept-language": "pt-BR" } })).text();
    expect(metaContents(html, "og:title")).toEqual(["Uma publicação na comunidade Freestyle Lovers"]);
    expect(metaContents(html, "og:description")).toEqual(["Compartilhada por Autora. Entre para ler."]);
    expect(textOf(rootOf(html))).toContain("Entrar");
  });

  it("leaves a member's post to the browser: no teaser, no post data in the page", async () => {
    const { content, postId } = await sharedPost("Poster_Name");
    const reader = await createUser("user");
    const res = await page(`/social/post/${postId}`, { headers: { cookie: reader.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    const html = await res.text();
    expect(html).not.toContain("A post in the");
    expect(html).not.toContain(content);
    expect(stateOf(html).queries.queries.map((q) => q.queryKey[0])).toEqual(["config", "me"]);
  });

  it("answers GET /api/posts/:id/teaser with who shared it and when, and nothing else", async () => {
    const { postId } = await sharedPost("Teaser_Name");
    const res = await call(`/api/posts/${postId}/teaser`);
    expect(res.status).toBe(200);
    const row = await postRow(postId);
    expect(await res.json()).toEqual({
      teaser: {
        id: postId,
        author: { username: "Teaser_Name", avatarUrl: null },
        createdAt: row!.createdAt.toISOString(),
        visibility: "members",
        tiers: null,
        official: false,
        content: null,
        image: null,
      },
    });
  });
});

// --- D1 budget ------------------------------------------------------------------------------

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
