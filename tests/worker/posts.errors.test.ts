// /api/posts and a shared post's page refusing what they must: invalid text and bodies, malformed
// cursors and ids, missing posts, repeated reports and the per-account rate limits, each by its
// exact status and error code, with nothing stored. Happy paths are in posts.happy.test.ts, roles,
// CSRF and hostile text in posts.security.test.ts.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, createUser, errorOf, EDGE_LIMIT_TEST_TIMEOUT_MS, inOneEdgeLimitWindow, ruleError } from "./helpers";
import { metaContents, page } from "./pages-fixtures";
import { postComments, postLikes, postReports, posts } from "../../worker/db/schema/feed";
import { COMMENT_MAX, FEED_MESSAGES, POST_MAX, REPORT_DETAILS_MAX } from "../../worker/contracts/feed";
import { EDGE_RATE_LIMITS, RATE_LIMIT_MESSAGE } from "../../worker/contracts/limits";
import { TEXT_MESSAGES } from "../../worker/contracts/text";
import {
  POST_NOT_FOUND,
  seedPost,
  postRow,
  countWhere,
  commentRowsOf,
  reportRowsOf,
  createPost,
  createPostOk,
  feed,
  comment,
  like,
  report,
  deleteAs,
  expectError,
} from "./posts-fixtures";

// --- create ---------------------------------------------------------------------------------

describe("POST /api/posts", () => {
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
});

// --- feed -----------------------------------------------------------------------------------

describe("GET /api/posts (the feed)", () => {
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

// --- delete ---------------------------------------------------------------------------------

describe("DELETE /api/posts/:id", () => {
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
});

// --- comments -------------------------------------------------------------------------------

describe("comments", () => {
  it("accepts 1,000 characters and refuses 1,001, empty and whitespace-only with 400", async () => {
    const member = await createUser("user");
    const postId = await seedPost(member.id);
    expect((await comment(member, postId, "c".repeat(COMMENT_MAX))).status).toBe(201);
    expect((await comment(member, postId, "c")).status).toBe(201);
    await expectError(await comment(member, postId, "c".repeat(COMMENT_MAX + 1)), 400, { code: "comment_too_long", message: FEED_MESSAGES.commentTooLong });
    await expectError(await comment(member, postId, ""), 400, { code: "comment_required", message: FEED_MESSAGES.commentRequired });
    await expectError(await comment(member, postId, " \n\t "), 400, { code: "comment_required", message: FEED_MESSAGES.commentRequired });
    await expectError(await comment(member, postId, "evil\u202Etxt"), 400, { code: "invalid_characters", message: TEXT_MESSAGES.invalidCharacters });
    await expectError(await call(`/api/posts/${postId}/comments`, { json: { content: "x", postId: "other" }, cookie: member.cookie }), 400, {
      code: "invalid_input",
    });
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

// --- likes ----------------------------------------------------------------------------------

describe("likes", () => {
  it("answers a like of a missing post with 404 and stores nothing", async () => {
    const fan = await createUser("user");
    const before = await countWhere(postLikes);
    await expectError(await like(fan, crypto.randomUUID(), "PUT"), 404, POST_NOT_FOUND);
    await expectError(await like(fan, crypto.randomUUID(), "DELETE"), 404, POST_NOT_FOUND);
    expect(await countWhere(postLikes)).toBe(before);
  });
});

// --- reports --------------------------------------------------------------------------------

describe("POST /api/posts/:id/reports", () => {
  it("answers a second report by the same member with 409 already_reported and keeps one row", async () => {
    const author = await createUser("user");
    const reporter = await createUser("user");
    const postId = await seedPost(author.id);
    expect((await report(reporter, postId, { reason: "spam" })).status).toBe(201);
    await expectError(await report(reporter, postId, { reason: "harassment", details: "again" }), 409, {
      code: "already_reported",
      message: FEED_MESSAGES.alreadyReported,
    });
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

  it("answers a report of a missing post with 404", async () => {
    const reporter = await createUser("user");
    const before = await countWhere(postReports);
    await expectError(await report(reporter, crypto.randomUUID(), { reason: "spam" }), 404, POST_NOT_FOUND);
    expect(await countWhere(postReports)).toBe(before);
  });
});

// --- rate limits ----------------------------------------------------------------------------

describe("rate limits", () => {
  it(
    "refuses the post after EDGE_RATE_LIMITS.postsPerUser with 429 rate_limited and the message",
    async () => {
      const { max } = EDGE_RATE_LIMITS.postsPerUser;
      const member = await createUser("user");
      await inOneEdgeLimitWindow();
      for (let i = 0; i < max; i++) expect((await createPost(member, { content: `post ${i}` })).status).toBe(201);
      await expectError(await createPost(member, { content: "one too many" }), 429, { code: "rate_limited", message: RATE_LIMIT_MESSAGE });
      expect(await countWhere(posts, eq(posts.userId, member.id))).toBe(max);
      // Per account: another member still posts.
      const other = await createUser("user");
      expect((await createPost(other, { content: "mine" })).status).toBe(201);
    },
    EDGE_LIMIT_TEST_TIMEOUT_MS,
  );

  it(
    "refuses the comment after EDGE_RATE_LIMITS.commentsPerUser with 429 rate_limited and the message",
    async () => {
      const { max } = EDGE_RATE_LIMITS.commentsPerUser;
      const member = await createUser("user");
      const postId = await seedPost(member.id);
      await inOneEdgeLimitWindow();
      for (let i = 0; i < max; i++) expect((await comment(member, postId, `comment ${i}`)).status).toBe(201);
      await expectError(await comment(member, postId, "one too many"), 429, { code: "rate_limited", message: RATE_LIMIT_MESSAGE });
      expect((await commentRowsOf(postId)).length).toBe(max);
      expect((await postRow(postId))!.commentCount).toBe(max);
    },
    EDGE_LIMIT_TEST_TIMEOUT_MS,
  );
});

// --- a shared post's page and teaser -----------------------------------------------------------

describe("GET /social/post/:id and /api/posts/:id/teaser for what is not a post", () => {
  it.each([
    ["an unknown id", () => crypto.randomUUID()],
    ["a malformed id", () => "not-a-post"],
    ["an upper-case id", () => crypto.randomUUID().toUpperCase()],
    ["a traversal", () => "..%2F..%2Fapi%2Fposts"],
  ])("answers %s with the app's 404 page, nothing to unfurl", async (_label, id) => {
    const res = await page(`/social/post/${id()}`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await res.text();
    expect(metaContents(html, "og:title")).toEqual([]);
    expect(html).not.toContain("A post in the");
  });

  it("answers the teaser of an unknown post with 404 post_not_found, and a malformed id with 400", async () => {
    const unknown = await call(`/api/posts/${crypto.randomUUID()}/teaser`);
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toEqual(POST_NOT_FOUND);
    const malformed = await call("/api/posts/not-a-post/teaser");
    expect(malformed.status).toBe(400);
    expect(await errorOf(malformed)).toMatchObject({ message: FEED_MESSAGES.postNotFound, field: "id" });
  });
});
