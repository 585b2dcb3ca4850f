// /api/admin/moderation: the queue of reported posts and comments and the moderator's actions.
// Every route answers visitor and banned 401, member and VIP 403 (writing nothing), admin 2xx with
// an audit row per write. Hiding takes a post out of the feed (and a comment out of its thread and
// count) while keeping it stored; deleting removes it, telling open feeds; dismissing resolves the
// reports only; banning the author uses the member-admin service (sessions ended, posts gone from
// the feed). Members report comments as they report posts.
//
// Expectations come from raw SQL against D1 and from the public feed API.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { call, createUser, errorOf, ORIGIN, type TestUser } from "./helpers";
import { auditCount, expectAdminOnly, userOf } from "./admin-gate-matrix";
import { acceptSocket, type AcceptedSocket } from "./sockets";
import type { CommentsResponse, FeedEvent, FeedResponse } from "../../worker/contracts/feed";
import type { BanAuthorResponse, ModerationActionResponse, ModerationQueueResponse, ReportedComment, ReportedPost } from "../../worker/contracts/moderation";

const D1 = (env as unknown as { DB: D1Database }).DB;
const API = "/api/admin/moderation";

let admin: TestUser;
let reporterA: TestUser;
let reporterB: TestUser;
let viewer: TestUser;
beforeAll(async () => {
  admin = await userOf("admin");
  reporterA = await createUser("user");
  reporterB = await createUser("vip");
  viewer = await createUser("user");
});

const sockets: AcceptedSocket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.ws.close(1000, "done");
});

let clock = Date.now() - 10 * 86_400_000;
async function seedPost(authorId: string, content = `post ${crypto.randomUUID().slice(0, 6)}`) {
  const id = crypto.randomUUID();
  await D1.prepare("INSERT INTO posts (id, user_id, content, created_at) VALUES (?1, ?2, ?3, ?4)")
    .bind(id, authorId, content, (clock += 1000))
    .run();
  return id;
}
async function seedComment(postId: string, authorId: string, content = "a comment") {
  const id = crypto.randomUUID();
  await D1.batch([
    D1.prepare("INSERT INTO post_comments (id, post_id, user_id, content, created_at) VALUES (?1, ?2, ?3, ?4, ?5)").bind(
      id,
      postId,
      authorId,
      content,
      (clock += 1000),
    ),
    D1.prepare("UPDATE posts SET comment_count = comment_count + 1 WHERE id = ?1").bind(postId),
  ]);
  return id;
}
/** A report straight into D1 (the members' route is rate limited per reporter; it is tested below). */
async function seedReport(table: "post_reports" | "comment_reports", targetId: string, reporter: TestUser, reason = "spam", details: string | null = null) {
  const column = table === "post_reports" ? "post_id" : "comment_id";
  await D1.prepare(`INSERT INTO ${table} (id, ${column}, reporter_id, reason, details, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)`)
    .bind(crypto.randomUUID(), targetId, reporter.id, reason, details, (clock += 1000))
    .run();
}
const reportComment = (user: TestUser, postId: string, commentId: string, reason = "harassment") =>
  call(`/api/posts/${postId}/comments/${commentId}/reports`, { json: { reason }, cookie: user.cookie });

const asAdmin = (path: string, method = "POST") => call(path, { method, cookie: admin.cookie });
async function queue(view = "open") {
  const res = await call(`${API}/reports?view=${view}`, { cookie: admin.cookie });
  expect(res.status).toBe(200);
  return (await res.json<ModerationQueueResponse>()).items;
}
const postRow = (id: string) =>
  D1.prepare("SELECT hidden_at, comment_count FROM posts WHERE id = ?1").bind(id).first<{ hidden_at: number | null; comment_count: number }>();
const commentRow = (id: string) => D1.prepare("SELECT hidden_at FROM post_comments WHERE id = ?1").bind(id).first<{ hidden_at: number | null }>();
const openReports = async (table: "post_reports" | "comment_reports", column: "post_id" | "comment_id", id: string) =>
  (await D1.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${column} = ?1 AND resolved_at IS NULL`).bind(id).first<{ n: number }>())!.n;
const lastAudit = () =>
  D1.prepare("SELECT action, target_type, target_id, actor_email, summary FROM audit_log ORDER BY id DESC LIMIT 1").first<{
    action: string;
    target_type: string;
    target_id: string;
    actor_email: string;
    summary: string;
  }>();
const feedIds = async (user: TestUser) => (await (await call("/api/posts", { cookie: user.cookie })).json<FeedResponse>()).posts.map((p) => p.id);
const commentIds = async (user: TestUser, postId: string) =>
  (await (await call(`/api/posts/${postId}/comments`, { cookie: user.cookie })).json<CommentsResponse>()).comments.map((c) => c.id);

async function liveFeed(user: TestUser) {
  const res = await call("/api/feed/live", { cookie: user.cookie, headers: { upgrade: "websocket", origin: ORIGIN } });
  expect(res.status).toBe(101);
  const socket = acceptSocket(res.webSocket!);
  sockets.push(socket);
  return socket;
}
const eventsIn = (socket: AcceptedSocket) =>
  socket.messages.filter((m) => m.startsWith("{")).flatMap((m) => (JSON.parse(m) as { type: string; events?: FeedEvent[] }).events ?? []);

/** A post by a fresh member, reported by two members. */
async function reportedPost() {
  const author = await createUser("user");
  const postId = await seedPost(author.id);
  await seedReport("post_reports", postId, reporterA, "spam", "buy followers");
  await seedReport("post_reports", postId, reporterB, "harassment");
  return { author, postId };
}

/** A comment by a fresh member on someone else's post, reported by one member. */
async function reportedComment() {
  const author = await createUser("user");
  const postId = await seedPost((await createUser("user")).id);
  const commentId = await seedComment(postId, author.id, "rude words");
  await seedReport("comment_reports", commentId, reporterA, "harassment");
  return { author, postId, commentId };
}

describe("/api/admin/moderation: administrators only", () => {
  it("answers 401 to visitors and banned members and 403 to members and VIPs on every route, changing nothing", async () => {
    const { postId } = await reportedPost();
    const { commentId } = await reportedComment();
    const snapshot = async () => ({
      post: await postRow(postId),
      comment: await commentRow(commentId),
      reports: [await openReports("post_reports", "post_id", postId), await openReports("comment_reports", "comment_id", commentId)],
      users: (await D1.prepare("SELECT count(*) AS n FROM users WHERE status = 'banned'").first<{ n: number }>())!.n,
    });
    await expectAdminOnly({ method: "GET", path: `${API}/reports` });
    await expectAdminOnly({ method: "GET", path: `${API}/reports?view=hidden` });
    for (const action of ["hide", "unhide", "dismiss", "ban-author"]) {
      await expectAdminOnly({ method: "POST", path: `${API}/posts/${postId}/${action}` }, snapshot);
      await expectAdminOnly({ method: "POST", path: `${API}/comments/${commentId}/${action}` }, snapshot);
    }
    await expectAdminOnly({ method: "DELETE", path: `${API}/posts/${postId}` }, snapshot);
    await expectAdminOnly({ method: "DELETE", path: `${API}/comments/${commentId}` }, snapshot);
  });

  it("answers an administrator on every route", async () => {
    const { postId } = await reportedPost();
    const { commentId } = await reportedComment();
    expect((await call(`${API}/reports`, { cookie: admin.cookie })).status).toBe(200);
    for (const action of ["dismiss", "hide", "unhide"]) {
      expect((await asAdmin(`${API}/posts/${postId}/${action}`)).status, action).toBe(200);
      expect((await asAdmin(`${API}/comments/${commentId}/${action}`)).status, action).toBe(200);
    }
    expect((await asAdmin(`${API}/comments/${commentId}/ban-author`)).status).toBe(200);
    expect((await asAdmin(`${API}/posts/${postId}/ban-author`)).status).toBe(200);
    expect((await asAdmin(`${API}/comments/${commentId}`, "DELETE")).status).toBe(200);
    expect((await asAdmin(`${API}/posts/${postId}`, "DELETE")).status).toBe(200);
  });
});

describe("GET /api/admin/moderation/reports", () => {
  it("lists reported posts and comments with their content, author, open report count, reasons and reports", async () => {
    const { author, postId } = await reportedPost();
    const { author: commenter, postId: commentPost, commentId } = await reportedComment();
    const items = await queue();
    const post = items.find((i): i is ReportedPost => i.kind === "post" && i.id === postId)!;
    expect(post).toMatchObject({
      kind: "post",
      author: { id: author.id, username: author.username, email: author.email, status: "active" },
      reportCount: 2,
      hiddenAt: null,
      commentCount: 0,
    });
    expect(post.reasons.map((r) => [r.reason, r.count]).sort()).toEqual([
      ["harassment", 1],
      ["spam", 1],
    ]);
    expect(post.reports.map((r) => [r.reason, r.details, r.reporter])).toEqual([
      ["harassment", null, reporterB.username],
      ["spam", "buy followers", reporterA.username],
    ]);
    const comment = items.find((i): i is ReportedComment => i.kind === "comment" && i.id === commentId)!;
    expect(comment).toMatchObject({
      kind: "comment",
      postId: commentPost,
      content: "rude words",
      author: { id: commenter.id },
      reportCount: 1,
      reasons: [{ reason: "harassment", count: 1 }],
    });
    // Most recently reported first: the comment was reported after the post.
    expect(items.findIndex((i) => i.id === commentId)).toBeLessThan(items.findIndex((i) => i.id === postId));
  });

  it("refuses an unknown view with a 400", async () => {
    expect((await call(`${API}/reports?view=all`, { cookie: admin.cookie })).status).toBe(400);
  });
});

describe("moderating a post", () => {
  it("hide: the post leaves the feed, the profile and its permalink for members but stays stored; its reports are resolved; audited; open feeds drop it", async () => {
    const { author, postId } = await reportedPost();
    const live = await liveFeed(viewer);
    expect(await feedIds(viewer)).toContain(postId);
    const res = await asAdmin(`${API}/posts/${postId}/hide`);
    expect(res.status).toBe(200);
    const body = await res.json<ModerationActionResponse>();
    expect(body.resolvedReports).toBe(2);
    expect(body.item).toMatchObject({ id: postId, reportCount: 0 });
    expect(body.item!.hiddenAt).not.toBeNull();

    expect((await postRow(postId))!.hidden_at).not.toBeNull();
    expect(await openReports("post_reports", "post_id", postId)).toBe(0);
    expect(await feedIds(viewer)).not.toContain(postId);
    expect((await call(`/api/posts/${postId}`, { cookie: viewer.cookie })).status).toBe(404);
    const profile = await (await call(`/api/profiles/${author.id}/posts`, { cookie: viewer.cookie })).text();
    expect(profile).not.toContain(postId);
    expect((await queue()).some((i) => i.id === postId)).toBe(false);
    expect((await queue("hidden")).find((i) => i.id === postId)).toMatchObject({ kind: "post", reportCount: 2 });

    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "post.hide", target_type: "post", target_id: postId, actor_email: admin.email });
    expect(JSON.parse(audit!.summary)).toMatchObject({ before: { hidden: false, author: author.email, reports: 2 }, after: { hidden: true } });
    await live.until(() => eventsIn(live).some((e) => e.type === "post.deleted" && e.postId === postId));
  });

  it("unhide: the post is back in the feed, audited", async () => {
    const { postId } = await reportedPost();
    await asAdmin(`${API}/posts/${postId}/hide`);
    const res = await asAdmin(`${API}/posts/${postId}/unhide`);
    expect(res.status).toBe(200);
    expect((await postRow(postId))!.hidden_at).toBeNull();
    expect(await feedIds(viewer)).toContain(postId);
    expect((await lastAudit())!.action).toBe("post.unhide");
  });

  it("dismiss: the reports are resolved and the post stays in the feed, audited", async () => {
    const { postId } = await reportedPost();
    const res = await asAdmin(`${API}/posts/${postId}/dismiss`);
    expect((await res.json<ModerationActionResponse>()).resolvedReports).toBe(2);
    expect(await openReports("post_reports", "post_id", postId)).toBe(0);
    expect((await D1.prepare("SELECT count(*) AS n FROM post_reports WHERE post_id = ?1").bind(postId).first<{ n: number }>())!.n).toBe(2);
    expect(await feedIds(viewer)).toContain(postId);
    expect((await queue()).some((i) => i.id === postId)).toBe(false);
    expect((await lastAudit())!.action).toBe("post.reports_dismiss");
  });

  it("delete: the post, its comments and reports are gone, audited, and open feeds hear of it; a second delete is a 404", async () => {
    const { postId } = await reportedPost();
    await seedComment(postId, viewer.id);
    const live = await liveFeed(viewer);
    const res = await asAdmin(`${API}/posts/${postId}`, "DELETE");
    expect(res.status).toBe(200);
    expect(await res.json<ModerationActionResponse>()).toEqual({ resolvedReports: 2, item: null });
    expect(await postRow(postId)).toBeNull();
    expect((await D1.prepare("SELECT count(*) AS n FROM post_reports WHERE post_id = ?1").bind(postId).first<{ n: number }>())!.n).toBe(0);
    expect((await D1.prepare("SELECT count(*) AS n FROM post_comments WHERE post_id = ?1").bind(postId).first<{ n: number }>())!.n).toBe(0);
    expect((await lastAudit())!).toMatchObject({ action: "post.delete", target_id: postId });
    expect(JSON.parse((await lastAudit())!.summary)).toMatchObject({ detail: { kind: "moderation_deleted" }, note: "deleted from the moderation queue" });
    await live.until(() => eventsIn(live).some((e) => e.type === "post.deleted" && e.postId === postId));
    const again = await asAdmin(`${API}/posts/${postId}`, "DELETE");
    expect(again.status).toBe(404);
    expect((await errorOf(again)).code).toBe("post_not_found");
  });

  it("answers 404 for a post that does not exist and 400 for an id that cannot be one, writing nothing", async () => {
    const before = await auditCount();
    for (const action of ["hide", "unhide", "dismiss", "ban-author"]) {
      expect((await asAdmin(`${API}/posts/${crypto.randomUUID()}/${action}`)).status).toBe(404);
      expect((await asAdmin(`${API}/posts/nope/${action}`)).status).toBe(400);
    }
    expect(await auditCount()).toBe(before);
  });
});

describe("moderating a comment", () => {
  it("members report a comment once (409 the second time); a hidden or unknown comment is a 404", async () => {
    const member = await createUser("user");
    const postId = await seedPost(viewer.id);
    const commentId = await seedComment(postId, viewer.id);
    expect((await reportComment(member, postId, commentId)).status).toBe(201);
    expect(await openReports("comment_reports", "comment_id", commentId)).toBe(1);
    const again = await reportComment(member, postId, commentId);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("already_reported");
    expect((await reportComment(member, postId, crypto.randomUUID())).status).toBe(404);
    const otherPost = await seedPost(viewer.id);
    expect((await reportComment(member, otherPost, commentId)).status).toBe(404);
    expect((await call(`/api/posts/${postId}/comments/${commentId}/reports`, { json: { reason: "spam" } })).status).toBe(401);
    expect((await call(`/api/posts/${postId}/comments/${commentId}/reports`, { json: { reason: "nope" }, cookie: member.cookie })).status).toBe(400);
    await D1.prepare("UPDATE post_comments SET hidden_at = 1 WHERE id = ?1").bind(commentId).run();
    expect((await reportComment(await createUser("user"), postId, commentId)).status).toBe(404);
  });

  it("hide: the comment leaves its thread and its post's count, stays stored, reports resolved, audited; unhide restores both", async () => {
    const { postId, commentId } = await reportedComment();
    const live = await liveFeed(viewer);
    expect((await postRow(postId))!.comment_count).toBe(1);
    const res = await asAdmin(`${API}/comments/${commentId}/hide`);
    expect((await res.json<ModerationActionResponse>()).resolvedReports).toBe(1);
    expect((await commentRow(commentId))!.hidden_at).not.toBeNull();
    expect((await postRow(postId))!.comment_count).toBe(0);
    expect(await commentIds(viewer, postId)).toEqual([]);
    expect((await lastAudit())!).toMatchObject({ action: "comment.hide", target_type: "comment", target_id: commentId });
    await live.until(() => eventsIn(live).some((e) => e.type === "comment.added" && e.postId === postId && e.commentCount === 0));

    // A second hide changes no count.
    await asAdmin(`${API}/comments/${commentId}/hide`);
    expect((await postRow(postId))!.comment_count).toBe(0);

    await asAdmin(`${API}/comments/${commentId}/unhide`);
    expect((await commentRow(commentId))!.hidden_at).toBeNull();
    expect((await postRow(postId))!.comment_count).toBe(1);
    expect(await commentIds(viewer, postId)).toEqual([commentId]);
    expect((await lastAudit())!.action).toBe("comment.unhide");
  });

  it("dismiss resolves the reports only; delete removes the comment and lowers the count, audited", async () => {
    const { postId, commentId } = await reportedComment();
    expect((await (await asAdmin(`${API}/comments/${commentId}/dismiss`)).json<ModerationActionResponse>()).resolvedReports).toBe(1);
    expect(await commentIds(viewer, postId)).toEqual([commentId]);
    expect((await lastAudit())!.action).toBe("comment.reports_dismiss");

    const res = await asAdmin(`${API}/comments/${commentId}`, "DELETE");
    expect(res.status).toBe(200);
    expect(await commentRow(commentId)).toBeNull();
    expect((await postRow(postId))!.comment_count).toBe(0);
    expect((await lastAudit())!).toMatchObject({ action: "comment.delete", target_id: commentId });
    expect(JSON.parse((await lastAudit())!.summary).detail).toEqual({ kind: "moderation_deleted" });
    expect((await asAdmin(`${API}/comments/${commentId}`, "DELETE")).status).toBe(404);
  });
});

describe("banning the author", () => {
  it("bans through the member-admin service: sessions end, their posts leave the feed, their open reports are resolved, audited", async () => {
    const { author, postId } = await reportedPost();
    const { commentId } = await reportedComment();
    await seedComment(postId, author.id, "and another");
    const res = await asAdmin(`${API}/posts/${postId}/ban-author`);
    expect(res.status).toBe(200);
    expect(await res.json<BanAuthorResponse>()).toEqual({ userId: author.id, status: "banned", resolvedReports: 2 });
    expect((await D1.prepare("SELECT status FROM users WHERE id = ?1").bind(author.id).first<{ status: string }>())!.status).toBe("banned");
    expect((await D1.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?1").bind(author.id).first<{ n: number }>())!.n).toBe(0);
    expect((await call("/api/posts", { cookie: author.cookie })).status).toBe(401);
    expect(await feedIds(viewer)).not.toContain(postId);
    expect(await openReports("post_reports", "post_id", postId)).toBe(0);
    // Someone else's reported comment is not settled by this ban.
    expect(await openReports("comment_reports", "comment_id", commentId)).toBe(1);
    const actions = (await D1.prepare("SELECT action FROM audit_log WHERE target_id = ?1 ORDER BY id").bind(author.id).all<{ action: string }>()).results.map(
      (r) => r.action,
    );
    expect(actions).toEqual(["user.ban", "reports.resolve_author"]);
    expect(JSON.parse((await lastAudit())!.summary)).toEqual({
      detail: { kind: "moderation_author_banned" },
      note: "author banned from the moderation queue",
    });
  });

  it("stores the reason as a code the member reads in their own language; the 403 at sign-in carries it", async () => {
    const { author, postId } = await reportedPost();
    expect((await asAdmin(`${API}/posts/${postId}/ban-author`)).status).toBe(200);
    const stored = await D1.prepare("SELECT ban_reason, banned_until FROM users WHERE id = ?1")
      .bind(author.id)
      .first<{ ban_reason: string; banned_until: number | null }>();
    expect(stored).toEqual({ ban_reason: "reported_content", banned_until: null });
    const res = await call("/api/auth/login", { json: { email: author.email, password: author.password } });
    expect(res.status).toBe(403);
    const body = await res.json<{ error: { code: string; message: string; params: unknown } }>();
    expect(body.error).toMatchObject({
      code: "account_suspended",
      message: "Your account is suspended. Reason: Content reported to the moderators",
      params: { reason: "reported_content" },
    });
  });

  it("bans a comment's author the same way", async () => {
    const { author, commentId } = await reportedComment();
    expect((await asAdmin(`${API}/comments/${commentId}/ban-author`)).status).toBe(200);
    expect(await openReports("comment_reports", "comment_id", commentId)).toBe(0);
    expect((await D1.prepare("SELECT status FROM users WHERE id = ?1").bind(author.id).first<{ status: string }>())!.status).toBe("banned");
  });

  it("refuses to ban oneself (409), writing nothing", async () => {
    const own = await seedPost(admin.id);
    await seedReport("post_reports", own, reporterA);
    const before = await auditCount();
    const res = await asAdmin(`${API}/posts/${own}/ban-author`);
    expect(res.status).toBe(409);
    expect(await auditCount()).toBe(before);
    expect(await openReports("post_reports", "post_id", own)).toBe(1);
  });
});
