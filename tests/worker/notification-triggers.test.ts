// The feed's and the back office's notifications, produced by their routes (services/notifications/
// triggers.ts) and delivered through the queue: likes grouped per post, comments, replies under a
// post, @mentions (only to those who may read the post), a moderator hiding a post, an admin's
// answer to a contact message. Nobody hears of their own action; deleted content takes its
// notifications with it; a banned actor's like shows nowhere.
//
// Where a test shows that something was NOT delivered, it first waits for a later notification to
// the same member (the queue delivers in order), so the absence is not just "not yet".
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { call, createUser, type TestUser } from "./helpers";
import type { NotificationKind, NotificationsPage, NotificationView } from "../../worker/contracts/notifications";
import type { CommentResponse, PostResponse } from "../../worker/contracts/feed";
import type { ModerationActionResponse } from "../../worker/contracts/moderation";

const D1 = (env as unknown as { DB: D1Database }).DB;

async function inbox(user: TestUser): Promise<NotificationsPage> {
  const res = await call("/api/notifications", { cookie: user.cookie });
  expect(res.status).toBe(200);
  return res.json();
}

/** Waits until `user`'s centre passes `check`, and answers it. */
const waitForInbox = (user: TestUser, check: (items: NotificationView[]) => void) =>
  vi.waitFor(
    async () => {
      const page = await inbox(user);
      check(page.items);
      return page;
    },
    { timeout: 5000, interval: 50 },
  );

const kinds = (items: NotificationView[]) => items.map((n) => n.kind).sort();
const ofKind = (items: NotificationView[], kind: NotificationKind) => items.filter((n) => n.kind === kind);

async function newPost(author: TestUser, content: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await call("/api/posts", { cookie: author.cookie, json: { content, ...extra } });
  expect(res.status).toBe(201);
  return (await res.json<PostResponse>()).post.id;
}

async function newComment(user: TestUser, postId: string, content: string): Promise<string> {
  const res = await call(`/api/posts/${postId}/comments`, { cookie: user.cookie, json: { content } });
  expect(res.status).toBe(201);
  return (await res.json<CommentResponse>()).comment.id;
}

async function like(user: TestUser, postId: string, liked = true) {
  const res = await call(`/api/posts/${postId}/like`, { method: liked ? "PUT" : "DELETE", cookie: user.cookie });
  expect(res.status).toBe(200);
}

const eventCount = async (prefix: string) =>
  (await D1.prepare("SELECT count(*) AS n FROM notification_events WHERE substr(id, 1, length(?1)) = ?1").bind(prefix).first<{ n: number }>())!.n;

describe("like", () => {
  it("tells the author once per liker, grouped per post, with the post's first words", async () => {
    const author = await createUser("user");
    const [a, b, c] = [await createUser("user"), await createUser("vip"), await createUser("user")];
    const text = `${"Freestyle forever! ".repeat(6)}the end`;
    const postId = await newPost(author, text);
    await like(a, postId);
    await like(b, postId);
    await like(c, postId);
    const page = await waitForInbox(author, (items) => {
      expect(items).toHaveLength(1);
      expect(items[0]!.actorCount).toBe(3);
    });
    const [row] = page.items;
    expect(row).toMatchObject({ kind: "like", link: `/social/post/${postId}`, read: false });
    expect(row!.params.excerpt).toBe(`${text.slice(0, 79).trimEnd()}…`);
    expect(Array.from(row!.params.excerpt!)).toHaveLength(80);
    expect(await eventCount(`like:${postId}:`)).toBe(3);
    const stored = await D1.prepare("SELECT post_id FROM notification_events WHERE id = ?1").bind(`like:${postId}:${a.id}`).first<{ post_id: string }>();
    expect(stored?.post_id).toBe(postId);
  });

  it("does not tell the author again when a member unlikes and likes again", async () => {
    const author = await createUser("user");
    const fan = await createUser("user");
    const later = await createUser("user");
    const postId = await newPost(author, "Like me once");
    await like(fan, postId);
    const [first] = (await waitForInbox(author, (items) => expect(items).toHaveLength(1))).items;
    expect((await call(`/api/notifications/${first!.id}/read`, { method: "POST", cookie: author.cookie })).status).toBe(204);
    await like(fan, postId, false);
    await like(fan, postId);
    expect(await eventCount(`like:${postId}:${fan.id}`)).toBe(1);
    // A comment afterwards: once it is in, the like's row is as it was (read, one liker).
    await newComment(later, postId, "after the likes");
    const page = await waitForInbox(author, (items) => expect(kinds(items)).toEqual(["comment", "like"]));
    expect(ofKind(page.items, "like")[0]).toMatchObject({ actorCount: 1, read: true, actor: { username: fan.username } });
    expect(page.unread).toBe(1);
  });

  it("gives nothing for liking one's own post", async () => {
    const author = await createUser("user");
    const other = await createUser("user");
    const postId = await newPost(author, "My own");
    await like(author, postId);
    await like(other, postId);
    const page = await waitForInbox(author, (items) => expect(items).toHaveLength(1));
    expect(page.items[0]).toMatchObject({ kind: "like", actorCount: 1, actor: { username: other.username } });
    expect(await eventCount(`like:${postId}:${author.id}`)).toBe(0);
  });

  it("shows nothing of a banned member's like", async () => {
    const author = await createUser("user");
    const liker = await createUser("user");
    const postId = await newPost(author, "Banned likes");
    await like(liker, postId);
    await waitForInbox(author, (items) => expect(items).toHaveLength(1));
    await D1.prepare("UPDATE users SET status = 'banned', banned_at = ?2 WHERE id = ?1").bind(liker.id, Date.now()).run();
    const page = await inbox(author);
    expect(page.items).toEqual([]);
    expect(page.unread).toBe(0);
    // And a banned member's session cannot like at all.
    const banned = await createUser("banned");
    expect((await call(`/api/posts/${postId}/like`, { method: "PUT", cookie: banned.cookie })).status).toBe(401);
    expect(await eventCount(`like:${postId}:${banned.id}`)).toBe(0);
  });
});

describe("comment and reply", () => {
  it("tells the post's author of a comment, with its first words", async () => {
    const author = await createUser("user");
    const commenter = await createUser("user");
    const postId = await newPost(author, "Comment on this");
    const commentId = await newComment(commenter, postId, "Great   track,\nreally");
    const page = await waitForInbox(author, (items) => expect(items).toHaveLength(1));
    expect(page.items[0]).toMatchObject({
      kind: "comment",
      actorCount: 1,
      actor: { username: commenter.username },
      params: { excerpt: "Great track, really" },
      link: `/social/post/${postId}`,
    });
    const stored = await D1.prepare("SELECT comment_id, post_id FROM notification_events WHERE id = ?1").bind(`comment:${commentId}`).first();
    expect(stored).toEqual({ comment_id: commentId, post_id: postId });
  });

  it("tells earlier commenters of a new comment under the post, never the author twice nor the commenter", async () => {
    const author = await createUser("user");
    const [x, y, z] = [await createUser("user"), await createUser("user"), await createUser("vip")];
    const postId = await newPost(author, "A thread");
    await newComment(x, postId, "first");
    await newComment(y, postId, "second");
    await newComment(author, postId, "the author joins in");
    await newComment(z, postId, "third");
    // x: replies from y, the author and z; y: from the author and z; z: none (commented last).
    const xPage = await waitForInbox(x, (items) => expect(items).toHaveLength(3));
    expect(kinds(xPage.items)).toEqual(["reply", "reply", "reply"]);
    expect(xPage.items.map((n) => n.params.excerpt).sort()).toEqual(["second", "the author joins in", "third"]);
    await waitForInbox(y, (items) => expect(kinds(items)).toEqual(["reply", "reply"]));
    // The author: a comment for each of the others' comments, no reply (and nothing for their own).
    const authorPage = await waitForInbox(author, (items) => expect(items).toHaveLength(3));
    expect(kinds(authorPage.items)).toEqual(["comment", "comment", "comment"]);
    expect((await inbox(z)).items).toEqual([]);
  });

  it("tells at most the 50 most recent earlier commenters", async () => {
    const author = await createUser("user");
    const last = await createUser("user");
    const postId = await newPost(author, "A crowd");
    const base = Date.now() - 3_600_000;
    const ids: string[] = [];
    const statements: D1PreparedStatement[] = [];
    for (let i = 0; i < 51; i++) {
      const id = crypto.randomUUID();
      ids.push(id);
      statements.push(
        D1.prepare("INSERT INTO users (id, email, username, password_hash) VALUES (?1, ?2, ?3, 'x')").bind(
          id,
          `crowd${i}_${id.slice(0, 6)}@example.com`,
          `crowd${i}_${id.slice(0, 6)}`,
        ),
        D1.prepare("INSERT INTO post_comments (id, post_id, user_id, content, created_at) VALUES (?1, ?2, ?3, 'hi', ?4)").bind(
          crypto.randomUUID(),
          postId,
          id,
          base + i * 1000,
        ),
      );
    }
    await D1.batch(statements);
    const commentId = await newComment(last, postId, "to everyone");
    const written = () => D1.prepare("SELECT user_id FROM notifications WHERE event_id = ?1").bind(`reply:${commentId}`).all<{ user_id: string }>();
    const rows = await vi.waitFor(
      async () => {
        const { results } = await written();
        expect(results.length).toBeGreaterThan(0);
        return results;
      },
      { timeout: 5000, interval: 50 },
    );
    // One statement writes them all: the oldest commenter is the one left out.
    expect(rows.map((r) => r.user_id).sort()).toEqual(ids.slice(1).sort());
  });
});

describe("mention", () => {
  it("tells the members a post mentions, whatever the case, not the author", async () => {
    const author = await createUser("user");
    const ana = await createUser("user");
    const bia = await createUser("vip");
    const content = `Hey @${ana.username.toUpperCase()}, @${bia.username}! and @${author.username} and @nobody_here_at_all mail me at x@${ana.username}`;
    const postId = await newPost(author, content);
    for (const member of [ana, bia]) {
      const page = await waitForInbox(member, (items) => expect(items).toHaveLength(1));
      expect(page.items[0]).toMatchObject({ kind: "mention", actor: { username: author.username }, link: `/social/post/${postId}` });
    }
    const recipients = await D1.prepare("SELECT user_id FROM notifications WHERE event_id = ?1").bind(`mention:post:${postId}`).all<{ user_id: string }>();
    expect(recipients.results.map((r) => r.user_id).sort()).toEqual([ana.id, bia.id].sort());
    expect((await inbox(author)).items).toEqual([]);
  });

  it("tells only VIP members and admins of a mention in a VIP-only post", async () => {
    const admin = await createUser("admin");
    const member = await createUser("user");
    const vip = await createUser("vip");
    const otherAdmin = await createUser("admin");
    const postId = await newPost(admin, `VIP news for @${member.username} @${vip.username} @${otherAdmin.username}`, { visibility: "vip" });
    await waitForInbox(vip, (items) => expect(kinds(items)).toEqual(["mention"]));
    await waitForInbox(otherAdmin, (items) => expect(kinds(items)).toEqual(["mention"]));
    // The event's recipients are written by one statement: the member is not among them.
    const recipients = await D1.prepare("SELECT user_id FROM notifications WHERE event_id = ?1").bind(`mention:post:${postId}`).all<{ user_id: string }>();
    expect(recipients.results.map((r) => r.user_id).sort()).toEqual([vip.id, otherAdmin.id].sort());
    expect((await inbox(member)).items).toEqual([]);
  });

  it("gives the post's author mentioned in a comment only the comment, and the commenter nothing for their own name", async () => {
    const author = await createUser("user");
    const commenter = await createUser("user");
    const friend = await createUser("user");
    const postId = await newPost(author, "Mention party");
    const commentId = await newComment(commenter, postId, `@${author.username} @${commenter.username} @${friend.username} look`);
    await waitForInbox(friend, (items) => expect(kinds(items)).toEqual(["mention"]));
    const authorPage = await waitForInbox(author, (items) => expect(items).toHaveLength(1));
    expect(authorPage.items[0]).toMatchObject({ kind: "comment" });
    const recipients = await D1.prepare("SELECT user_id FROM notifications WHERE event_id = ?1")
      .bind(`mention:comment:${commentId}`)
      .all<{ user_id: string }>();
    expect(recipients.results.map((r) => r.user_id)).toEqual([friend.id]);
    expect((await inbox(commenter)).items).toEqual([]);
  });
});

describe("deleted content", () => {
  it("deleting a post removes its notifications", async () => {
    const author = await createUser("user");
    const fan = await createUser("user");
    const postId = await newPost(author, "Soon gone");
    await like(fan, postId);
    await newComment(fan, postId, "nice");
    await waitForInbox(author, (items) => expect(kinds(items)).toEqual(["comment", "like"]));
    expect((await call(`/api/posts/${postId}`, { method: "DELETE", cookie: author.cookie })).status).toBe(204);
    expect((await inbox(author)).items).toEqual([]);
    expect(await eventCount(`like:${postId}:`)).toBe(0);
    expect((await D1.prepare("SELECT count(*) AS n FROM notification_events WHERE post_id = ?1").bind(postId).first<{ n: number }>())!.n).toBe(0);
  });

  it("a comment deleted before the queue runs produces nothing", async () => {
    const author = await createUser("user");
    const fan = await createUser("user");
    const admin = await createUser("admin");
    const postId = await newPost(author, "Quick delete");
    const commentId = await newComment(fan, postId, "oops");
    expect((await call(`/api/admin/moderation/comments/${commentId}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(200);
    // Later news for the same author: once it is in, the deleted comment's would have been too.
    await like(fan, postId);
    const page = await waitForInbox(author, (items) => expect(kinds(items)).toContain("like"));
    expect(kinds(page.items)).toEqual(["like"]);
    expect(await eventCount(`comment:${commentId}`)).toBe(0);
  });
});

describe("post_hidden", () => {
  it("tells the author why a moderator hid the post, and the notice stays in the centre", async () => {
    const author = await createUser("user");
    const fan = await createUser("user");
    const admin = await createUser("admin");
    const postId = await newPost(author, "Hide me");
    await like(fan, postId);
    await waitForInbox(author, (items) => expect(kinds(items)).toEqual(["like"]));
    const res = await call(`/api/admin/moderation/posts/${postId}/hide`, { cookie: admin.cookie, json: { reason: "Off-topic, please keep it about music" } });
    expect(res.status).toBe(200);
    expect((await res.json<ModerationActionResponse>()).item?.hiddenAt).not.toBeNull();
    // The like of the hidden post leaves the centre; the moderator's notice is there, unnamed.
    const page = await waitForInbox(author, (items) => expect(kinds(items)).toEqual(["post_hidden"]));
    expect(page.items[0]).toMatchObject({ actor: null, params: { reason: "Off-topic, please keep it about music" }, link: "/social" });
    // Hiding it again (already hidden) is the same event.
    expect((await call(`/api/admin/moderation/posts/${postId}/hide`, { method: "POST", cookie: admin.cookie })).status).toBe(200);
    expect(await eventCount(`post_hidden:${postId}:`)).toBe(1);
  });

  it("names the reporters' reason when the moderator gives none (no body, as the back office sends)", async () => {
    const author = await createUser("user");
    const admin = await createUser("admin");
    const reporter = await createUser("user");
    const postId = await newPost(author, "Buy my stuff");
    expect((await call(`/api/posts/${postId}/reports`, { cookie: reporter.cookie, json: { reason: "spam" } })).status).toBe(201);
    expect((await call(`/api/admin/moderation/posts/${postId}/hide`, { method: "POST", cookie: admin.cookie })).status).toBe(200);
    const page = await waitForInbox(author, (items) => expect(items).toHaveLength(1));
    expect(page.items[0]).toMatchObject({ kind: "post_hidden", params: { reasonCode: "spam" } });
  });

  it("refuses a bad reason with a 400 and hides nothing", async () => {
    const author = await createUser("user");
    const admin = await createUser("admin");
    const postId = await newPost(author, "Still here");
    const tooLong = await call(`/api/admin/moderation/posts/${postId}/hide`, { cookie: admin.cookie, json: { reason: "x".repeat(201) } });
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json<{ error: { code: string; field: string } }>()).error).toMatchObject({ code: "invalid_input", field: "reason" });
    const malformed = await call(`/api/admin/moderation/posts/${postId}/hide`, {
      cookie: admin.cookie,
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(await D1.prepare("SELECT hidden_at FROM posts WHERE id = ?1").bind(postId).first()).toEqual({ hidden_at: null });
  });
});

describe("contact_reply", () => {
  async function seedMessage(email: string) {
    const id = crypto.randomUUID();
    await D1.prepare(
      "INSERT INTO contact_messages (id, name, email, subject, message, created_at, updated_at) VALUES (?1, 'Fan', ?2, 'Hello', 'A question', ?3, ?3)",
    )
      .bind(id, email, Date.now())
      .run();
    return id;
  }

  it("tells the member whose account has the message's address (any case), linking home", async () => {
    const member = await createUser("user");
    const admin = await createUser("admin");
    const messageId = await seedMessage(member.email.toUpperCase());
    const res = await call(`/api/admin/messages/${messageId}/replies`, { cookie: admin.cookie, json: { content: "Thanks for writing!" } });
    expect(res.status).toBe(201);
    const page = await waitForInbox(member, (items) => expect(items).toHaveLength(1));
    expect(page.items[0]).toMatchObject({ kind: "contact_reply", actor: null, link: "/", read: false });
  });

  it("tells nobody when the address is no member's", async () => {
    const admin = await createUser("admin");
    const member = await createUser("user");
    const strangers = await seedMessage(`stranger_${crypto.randomUUID().slice(0, 8)}@example.com`);
    const members = await seedMessage(member.email);
    expect((await call(`/api/admin/messages/${strangers}/replies`, { cookie: admin.cookie, json: { content: "Hi" } })).status).toBe(201);
    expect((await call(`/api/admin/messages/${members}/replies`, { cookie: admin.cookie, json: { content: "Hi" } })).status).toBe(201);
    // Once the later answer reached its member, the earlier one's trigger has long looked its address up.
    await waitForInbox(member, (items) => expect(kinds(items)).toEqual(["contact_reply"]));
    const { results } = await D1.prepare(
      "SELECT e.id FROM notification_events e JOIN contact_replies r ON e.id = 'contact_reply:' || r.id WHERE r.message_id IN (?1, ?2)",
    )
      .bind(strangers, members)
      .all<{ id: string }>();
    expect(results).toHaveLength(1);
    expect(await D1.prepare("SELECT count(*) AS n FROM contact_replies WHERE message_id = ?1").bind(strangers).first()).toEqual({ n: 1 });
  });
});
