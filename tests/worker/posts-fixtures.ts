// Shared by the /api/posts tests (posts.happy, posts.errors and posts.security .test.ts): requests
// as each kind of member and rows read straight from D1 (the shared post's page is served through
// pages-fixtures.ts). Nothing here registers hooks: each test file is evaluated on its own, this module
// once for all of them.
import { asc, count, eq } from "drizzle-orm";
import { expect } from "vitest";
import { call, createUser, db, errorOf, type TestUser } from "./helpers";
import { postComments, postLikes, postReports, posts } from "../../worker/db/schema/feed";
import { users } from "../../worker/db/schema/accounts";
import { FEED_MESSAGES, type FeedResponse, type PostResponse } from "../../worker/contracts/feed";

export const HOUR = 60 * 60 * 1000;
export const UNAUTHORIZED = { code: "unauthorized", message: "Sign in required" };
export const POST_NOT_FOUND = { code: "post_not_found", message: FEED_MESSAGES.postNotFound };
export const CSRF = { code: "csrf", message: "Cross-site request refused" };

/** Posts seeded straight into D1 get distinct, increasing times well in the past. */
let seedClock = Date.now() - 30 * 24 * HOUR;
export async function seedPost(userId: string, content = "a seeded post", createdAt = new Date((seedClock += 1000))) {
  const id = crypto.randomUUID();
  await db().insert(posts).values({ id, userId, content, createdAt });
  return id;
}

export const postRow = (id: string) => db().select().from(posts).where(eq(posts.id, id)).get();
export const countWhere = async (table: typeof posts | typeof postComments | typeof postLikes | typeof postReports, where?: ReturnType<typeof eq>) =>
  (await db().select({ n: count() }).from(table).where(where).get())!.n;
export const commentRowsOf = (postId: string) => db().select().from(postComments).where(eq(postComments.postId, postId)).orderBy(asc(postComments.createdAt));
export const likeRowsOf = (postId: string) => db().select().from(postLikes).where(eq(postLikes.postId, postId));
export const reportRowsOf = (postId: string) => db().select().from(postReports).where(eq(postReports.postId, postId));

/** Everything the feed stores, to prove a refused request changed nothing. */
export async function snapshot(postId?: string) {
  return {
    posts: await countWhere(posts),
    comments: await countWhere(postComments),
    likes: await countWhere(postLikes),
    reports: await countWhere(postReports),
    post: postId ? ((await postRow(postId)) ?? null) : null,
  };
}

export const createPost = (user: TestUser | null, body: unknown) => call("/api/posts", { json: body, cookie: user?.cookie });
export async function createPostOk(user: TestUser, content: string) {
  const res = await createPost(user, { content });
  expect(res.status).toBe(201);
  return (await res.json<PostResponse>()).post;
}
export const feed = (user: TestUser, cursor?: string) =>
  call(`/api/posts${cursor === undefined ? "" : `?cursor=${encodeURIComponent(cursor)}`}`, { cookie: user.cookie });
export async function feedOk(user: TestUser, cursor?: string) {
  const res = await feed(user, cursor);
  expect(res.status).toBe(200);
  return res.json<FeedResponse>();
}
export const comment = (user: TestUser, postId: string, content: string) => call(`/api/posts/${postId}/comments`, { json: { content }, cookie: user.cookie });
export const like = (user: TestUser, postId: string, method: "PUT" | "DELETE") => call(`/api/posts/${postId}/like`, { method, cookie: user.cookie });
export const report = (user: TestUser, postId: string, body: unknown) => call(`/api/posts/${postId}/reports`, { json: body, cookie: user.cookie });
export const deleteAs = (user: TestUser, postId: string) => call(`/api/posts/${postId}`, { method: "DELETE", cookie: user.cookie });

/** A post with two comments, two likes and a report, all through the API. */
export async function busyPost() {
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

export async function expectError(res: Response, status: number, error: { code: string; message?: string }) {
  expect(res.status).toBe(status);
  expect(await errorOf(res)).toMatchObject(error);
}

export const ban = (userId: string) => db().update(users).set({ status: "banned" }).where(eq(users.id, userId));

// --- text that looks like markup ---------------------------------------------------------------

export const XSS_PAYLOADS = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "javascript:alert(document.cookie)",
  `"><svg onload=alert(1)> & 'quotes' &amp; &lt;already&gt;`,
];
