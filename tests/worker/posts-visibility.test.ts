// VIP-only, public and official posts (migrations/0020_post_visibility.sql, decision 024): who may
// post what, what each reader gets of a VIP-only post through every way out of the Worker (the
// feed, the post, a profile's posts, the live socket, the shared page and its tags), public posts
// for visitors, and pinning official posts. Checked by status, error code and what D1 holds.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { call, createUser, db, errorOf, ORIGIN, type Role, type TestUser } from "./helpers";
import { metaContents, page, rootOf, textOf } from "./pages-fixtures";
import { acceptSocket, type AcceptedSocket } from "./sockets";
import { posts } from "../../worker/db/schema/feed";
import {
  FEED_MESSAGES,
  FEED_PAGE_SIZE,
  PINNED_MAX,
  type FeedResponse,
  type FeedServerFrame,
  type PostResponse,
  type PostTeaserResponse,
  type PostView,
} from "../../worker/contracts/feed";
import type { ProfilePostsResponse } from "../../worker/contracts/profiles";
import { FEED_SOCKET_READER_HEADER } from "../../worker/services/realtime/feed-hub";
import { comment, createPost, expectError, feedOk, like, POST_NOT_FOUND, postRow, report, seedPost, snapshot, UNAUTHORIZED } from "./posts-fixtures";

const ARTIST = "Lola Official";
// A VIP-only post's text, both lines, and its picture's random name: none may reach a non-VIP.
const FIRST_LINE = "Soundcheck secrets from tonight";
const SECOND_LINE = "Backstage pass code NEON-7731";
const SECRET = `${FIRST_LINE}\n${SECOND_LINE}`;
const SECRET_FILE = "feedbeefcafe0000feedbeefcafe0000";
const SECRET_IMAGE = `/uploads/posts/${SECRET_FILE}.png`;

const ADMIN_REQUIRED = { code: "admin_required", message: "Admin Access Required" };
const VIP_REQUIRED = { code: "vip_required", message: FEED_MESSAGES.vipPost };

/** Saves the artist's name through the back office (which also clears the settings' memo). */
async function setArtistName(admin: TestUser, artistName = ARTIST) {
  expect((await call("/api/admin/settings", { method: "PUT", json: { artistName }, cookie: admin.cookie })).status).toBe(200);
}

/** Neither line of the VIP-only text, nor its picture, is anywhere in `text`. */
function expectNoLeak(text: string) {
  for (const secret of [FIRST_LINE, SECOND_LINE, SECRET_FILE]) expect(text).not.toContain(secret);
}

/** A VIP-only post with a picture, seeded as an admin wrote it (as the artist when official). */
async function seedVipPost({ official = false } = {}) {
  const admin = await createUser("admin");
  await setArtistName(admin);
  const id = await seedPost(admin.id, SECRET);
  await db().update(posts).set({ visibility: "vip", isOfficial: official, imageUrl: SECRET_IMAGE, imageWidth: 40, imageHeight: 30 }).where(eq(posts.id, id));
  return { admin, id };
}

const readers = async () => ({ member: await createUser("user"), vip: await createUser("vip"), admin: await createUser("admin") });

async function getPost(user: TestUser, id: string) {
  const res = await call(`/api/posts/${id}`, { cookie: user.cookie });
  expect(res.status).toBe(200);
  const raw = await res.text();
  return { raw, post: (JSON.parse(raw) as PostResponse).post };
}

const pin = (user: TestUser | null, id: string, body: unknown) => call(`/api/posts/${id}`, { method: "PATCH", json: body, cookie: user?.cookie });

/** A user of each role but the visitor, for the refusals every route gives the same way. */
const userOf = (role: Exclude<Role, "visitor">) => createUser(role);

/** Every post of the feed, page after page, as `reader` walks it. */
async function walkFeed(reader: TestUser) {
  const seen: PostView[] = [];
  let cursor: string | undefined;
  do {
    const page = await feedOk(reader, cursor);
    seen.push(...page.posts);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return seen;
}

// The file's tests share one database: each starts with nothing pinned, so the limit is theirs.
beforeEach(async () => {
  await db().update(posts).set({ pinnedAt: null });
});

// --- creating -----------------------------------------------------------------------------------

describe("POST /api/posts: who chooses what a post is", () => {
  it("keeps a member's post for members unless they choose public, and stores their choice", async () => {
    const member = await createUser("user");
    const plain = await createPost(member, { content: "for the members" });
    expect(plain.status).toBe(201);
    const made = (await plain.json<PostResponse>()).post;
    expect(made).toMatchObject({ visibility: "members", official: false, pinned: false, locked: false });
    expect(await postRow(made.id)).toMatchObject({ visibility: "members", isOfficial: false, pinnedAt: null });

    for (const role of ["user", "vip", "admin"] as const) {
      const author = await createUser(role);
      const res = await createPost(author, { content: `public from a ${role}`, visibility: "public" });
      expect(res.status).toBe(201);
      const { post } = await res.json<PostResponse>();
      expect(post).toMatchObject({ visibility: "public", official: false, author: { id: author.id } });
      expect(await postRow(post.id)).toMatchObject({ visibility: "public", isOfficial: false, pinnedAt: null, userId: author.id });
    }
  });

  it.each([
    ["user", { visibility: "vip" }],
    ["user", { official: true }],
    ["user", { official: true, pinned: true }],
    ["vip", { visibility: "vip" }],
    ["vip", { official: true }],
  ] as const)("refuses a %s's %j with 403 admin_required and stores nothing", async (role, choice) => {
    const author = await createUser(role);
    const before = await snapshot();
    await expectError(await createPost(author, { content: "not theirs to choose", ...choice }), 403, ADMIN_REQUIRED);
    expect(await snapshot()).toEqual(before);
  });

  it.each(["visitor", "banned"] as const)("refuses a %s (401) whatever they choose", async (role) => {
    const author = role === "visitor" ? null : await createUser(role);
    const before = await snapshot();
    await expectError(await createPost(author, { content: "hello", visibility: "public" }), 401, UNAUTHORIZED);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ["an unknown visibility", { visibility: "friends" }, { code: "invalid_input", field: "visibility" }],
    ["a null visibility", { visibility: null }, { code: "invalid_input", field: "visibility" }],
    ["official as text", { official: "yes" }, { code: "invalid_input", field: "official" }],
    ["pinned as a number", { official: true, pinned: 1 }, { code: "invalid_input", field: "pinned" }],
    ["pinned without official", { pinned: true }, { code: "pin_requires_official", field: "pinned", message: FEED_MESSAGES.pinRequiresOfficial }],
    ["pinned but not official", { official: false, pinned: true }, { code: "pin_requires_official", field: "pinned" }],
  ] as const)("answers %s with 400 and stores nothing, even for an admin", async (_what, body, error) => {
    const admin = await createUser("admin");
    const before = await snapshot();
    await expectError(await createPost(admin, { content: "checked first", ...body }), 400, error);
    expect(await snapshot()).toEqual(before);
  });

  it("lets an admin post VIP-only as the artist, pinned: the byline is the artist's name, never the admin", async () => {
    const admin = await createUser("admin");
    await setArtistName(admin);
    const res = await createPost(admin, { content: SECRET, visibility: "vip", official: true, pinned: true });
    expect(res.status).toBe(201);
    const raw = await res.text();
    const { post } = JSON.parse(raw) as PostResponse;
    expect(post).toMatchObject({
      author: { id: null, username: ARTIST, avatarUrl: null, isVIP: false, tier: null },
      visibility: "vip",
      official: true,
      pinned: true,
      locked: false,
      content: SECRET,
      canDelete: true,
    });
    expect(raw).not.toContain(admin.id);
    expect(raw).not.toContain(admin.username);
    expect(await postRow(post.id)).toMatchObject({ userId: admin.id, visibility: "vip", isOfficial: true, pinnedAt: expect.any(Date) as unknown as Date });
  });

  it(`refuses a pinned official post once ${PINNED_MAX} are pinned (409 pin_limit) and stores nothing`, async () => {
    const admin = await createUser("admin");
    for (let i = 0; i < PINNED_MAX; i++) {
      expect((await createPost(admin, { content: `pinned ${i}`, official: true, pinned: true })).status).toBe(201);
    }
    const before = await snapshot();
    const res = await createPost(admin, { content: "one too many", official: true, pinned: true });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({ code: "pin_limit", message: FEED_MESSAGES.pinLimit, params: { max: PINNED_MAX } });
    expect(await snapshot()).toEqual(before);
  });
});

// --- VIP-only posts: every way out ---------------------------------------------------------------

describe("VIP-only posts never leak text or image to non-VIPs", () => {
  it("the feed: a member gets the locked teaser (author, time, nothing else); VIP members and admins get it whole", async () => {
    const { admin: author, id } = await seedVipPost();
    const row = await postRow(id);
    const { member, vip, admin } = await readers();

    const res = await call("/api/posts", { cookie: member.cookie });
    expect(res.status).toBe(200);
    const raw = await res.text();
    expectNoLeak(raw);
    const locked = (JSON.parse(raw) as FeedResponse).posts.find((p) => p.id === id);
    expect(locked).toEqual<PostView>({
      id,
      author: { id: author.id, username: author.username, avatarUrl: null, isVIP: false, tier: null },
      visibility: "vip",
      tiers: { minTier: { id: "vip", name: { en: "VIP", ptBR: "VIP" } } },
      official: false,
      pinned: false,
      locked: true,
      content: "",
      image: null,
      createdAt: row!.createdAt.toISOString(),
      likeCount: 0,
      commentCount: 0,
      likedByMe: false,
      canDelete: false,
    });

    for (const reader of [vip, admin]) {
      const whole = (await feedOk(reader)).posts.find((p) => p.id === id);
      expect(whole).toMatchObject({ locked: false, content: SECRET, image: { url: SECRET_IMAGE, width: 40, height: 30 } });
    }
  });

  it("the post (GET /api/posts/:id): a member gets the teaser; its comments, likes and reports are VIP-only (403 vip_required, nothing stored)", async () => {
    const { id } = await seedVipPost({ official: true });
    const { member, vip, admin } = await readers();

    const { raw, post } = await getPost(member, id);
    expectNoLeak(raw);
    expect(post).toMatchObject({ locked: true, content: "", image: null, official: true, author: { id: null, username: ARTIST } });

    const before = await snapshot(id);
    await expectError(await call(`/api/posts/${id}/comments`, { cookie: member.cookie }), 403, VIP_REQUIRED);
    await expectError(await comment(member, id, "let me in"), 403, VIP_REQUIRED);
    await expectError(await like(member, id, "PUT"), 403, VIP_REQUIRED);
    await expectError(await like(member, id, "DELETE"), 403, VIP_REQUIRED);
    await expectError(await report(member, id, { reason: "spam" }), 403, VIP_REQUIRED);
    expect(await snapshot(id)).toEqual(before);

    for (const role of ["visitor", "banned"] as const) {
      const who = role === "visitor" ? undefined : (await userOf(role)).cookie;
      await expectError(await call(`/api/posts/${id}`, { cookie: who }), 401, UNAUTHORIZED);
      await expectError(await call(`/api/posts/${id}/like`, { method: "PUT", cookie: who }), 401, UNAUTHORIZED);
    }
    expect(await snapshot(id)).toEqual(before);

    // Those who may read it act on it as on any post.
    expect((await getPost(vip, id)).post).toMatchObject({ locked: false, content: SECRET });
    expect((await comment(vip, id, "see you there")).status).toBe(201);
    expect((await like(vip, id, "PUT")).status).toBe(200);
    expect((await like(admin, id, "PUT")).status).toBe(200);
    expect(await postRow(id)).toMatchObject({ likeCount: 2, commentCount: 1 });
    const comments = await call(`/api/posts/${id}/comments`, { cookie: vip.cookie });
    expect(comments.status).toBe(200);
  });

  it("a profile's posts: VIP-only posts are listed to VIP members and admins only, official posts to nobody", async () => {
    const { admin: author, id: vipOnly } = await seedVipPost();
    const official = await seedPost(author.id, "an official word");
    await db().update(posts).set({ isOfficial: true }).where(eq(posts.id, official));
    const open = await seedPost(author.id, "for every member");
    const { member, vip, admin } = await readers();

    const profilePosts = async (reader: TestUser) => {
      const res = await call(`/api/profiles/${author.id}/posts`, { cookie: reader.cookie });
      expect(res.status).toBe(200);
      const raw = await res.text();
      return { raw, ids: (JSON.parse(raw) as ProfilePostsResponse).posts.map((p) => p.id) };
    };
    const seen = await profilePosts(member);
    expectNoLeak(seen.raw);
    expect(seen.ids).toEqual([open]);
    for (const reader of [vip, admin, author]) expect((await profilePosts(reader)).ids).toEqual([open, vipOnly]);
  });

  it("the live socket: a member's gets a VIP-only post's id only, never its text, image, author or counts, whatever header they send; a VIP's gets the counts", async () => {
    const admin = await createUser("admin");
    await setArtistName(admin);
    const { member, vip } = await readers();
    const open = async (user: TestUser, headers: Record<string, string> = {}) => {
      const res = await call("/api/feed/live", { cookie: user.cookie, headers: { upgrade: "websocket", origin: ORIGIN, ...headers } });
      expect(res.status).toBe(101);
      return acceptSocket(res.webSocket!);
    };
    const memberSocket = await open(member);
    const forgedSocket = await open(member, { [FEED_SOCKET_READER_HEADER]: JSON.stringify({ tier: { id: "vip", rank: 1 }, isAdmin: true }) });
    const vipSocket = await open(vip);
    const eventsAbout = (socket: AcceptedSocket, postId: string) =>
      socket.messages
        .filter((m) => m.startsWith("{"))
        .flatMap((m) => {
          const frame = JSON.parse(m) as FeedServerFrame;
          return frame.type === "events" ? frame.events.filter((e) => e.postId === postId) : [];
        });

    const created = await createPost(admin, { content: SECRET, visibility: "vip", official: true });
    expect(created.status).toBe(201);
    const { id } = (await created.json<PostResponse>()).post;
    expect((await like(vip, id, "PUT")).status).toBe(200);
    expect((await comment(vip, id, "counting down")).status).toBe(201);
    await vipSocket.until(() => eventsAbout(vipSocket, id).length === 3);
    // (Each route publishes after its answer, so the three may arrive in any order.)
    expect(eventsAbout(vipSocket, id)).toHaveLength(3);
    expect(eventsAbout(vipSocket, id)).toEqual(
      expect.arrayContaining([
        { type: "post.created", postId: id, authorId: null },
        { type: "like.changed", postId: id, likeCount: 1, audience: { minRank: 1 } },
        { type: "comment.added", postId: id, commentCount: 1, audience: { minRank: 1 } },
      ]),
    );

    // A members' post afterwards: once it reached the member, every earlier flush had too.
    const marker = (await (await createPost(member, { content: "marker" })).json<PostResponse>()).post;
    for (const socket of [memberSocket, forgedSocket]) {
      await socket.until(() => eventsAbout(socket, marker.id).length === 1);
      expect(eventsAbout(socket, id)).toEqual([{ type: "post.created", postId: id, authorId: null }]);
    }
    for (const socket of [memberSocket, forgedSocket, vipSocket]) {
      const everything = socket.messages.join("\n");
      expectNoLeak(everything);
      expect(everything).not.toContain(admin.id);
    }
    for (const socket of [memberSocket, forgedSocket, vipSocket]) socket.ws.close(1000, "done");
  });

  it("the shared page and its tags: a visitor's /social/post/:id of a VIP-only post has no text or picture, nor has its teaser or a member's page", async () => {
    const { id } = await seedVipPost({ official: true });

    const teaser = await call(`/api/posts/${id}/teaser`);
    expect(teaser.status).toBe(200);
    const teaserRaw = await teaser.text();
    expectNoLeak(teaserRaw);
    expect((JSON.parse(teaserRaw) as PostTeaserResponse).teaser).toMatchObject({
      visibility: "vip",
      official: true,
      author: { username: ARTIST, avatarUrl: null },
      content: null,
      image: null,
    });

    const res = await page(`/social/post/${id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expectNoLeak(html);
    expect(metaContents(html, "og:title")).toEqual(["A post in the Freestyle Lovers community"]);
    expect(metaContents(html, "og:description")).toEqual([`Shared by ${ARTIST}. Sign in to read it.`]);
    expect(metaContents(html, "og:image")).toEqual([`${ORIGIN}/media/site/hero-1-1280.jpg`]);
    const shown = textOf(rootOf(html));
    expect(shown).toContain("This post is for VIP members. Sign in with a VIP membership to read it.");
    expect(rootOf(html)).toContain('href="/vip-signup"');

    const member = await createUser("user");
    const memberPage = await page(`/social/post/${id}`, { headers: { cookie: member.cookie } });
    expect(memberPage.status).toBe(200);
    expectNoLeak(await memberPage.text());
  });
});

describe("members-only posts: a visitor gets the teaser only", () => {
  it("the teaser API and the shared page give a visitor no text and no picture of a members-only post", async () => {
    const author = await createUser("user");
    const id = await seedPost(author.id, SECRET);
    await db().update(posts).set({ visibility: "members", imageUrl: SECRET_IMAGE, imageWidth: 40, imageHeight: 30 }).where(eq(posts.id, id));

    const teaser = await call(`/api/posts/${id}/teaser`);
    expect(teaser.status).toBe(200);
    const raw = await teaser.text();
    expectNoLeak(raw);
    expect((JSON.parse(raw) as PostTeaserResponse).teaser).toMatchObject({ visibility: "members", content: null, image: null });

    const res = await page(`/social/post/${id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expectNoLeak(html);
    expect(metaContents(html, "og:image")).toEqual([`${ORIGIN}/media/site/hero-1-1280.jpg`]);
    for (const description of metaContents(html, "og:description")) expect(description).not.toContain(FIRST_LINE);
  });
});

// --- public posts -------------------------------------------------------------------------------

describe("public posts: anyone with the link reads them", () => {
  const PICTURE = "/uploads/posts/0123456789abcdef0123456789abcdef.jpg";

  async function publicPost(content: string, username = "Open_Author") {
    const author = await createUser("user", { username });
    const id = await seedPost(author.id, content);
    await db().update(posts).set({ visibility: "public", imageUrl: PICTURE, imageWidth: 1200, imageHeight: 630 }).where(eq(posts.id, id));
    return { author, id };
  }

  it("gives a visitor the whole post: the teaser API, the rendered page and its share tags", async () => {
    const content = "Dance floor was on fire\nThank you São Paulo!";
    const { id } = await publicPost(content);

    const teaser = await call(`/api/posts/${id}/teaser`);
    expect(teaser.status).toBe(200);
    expect((await teaser.json<PostTeaserResponse>()).teaser).toMatchObject({
      visibility: "public",
      official: false,
      author: { username: "Open_Author" },
      content,
      image: { url: PICTURE, width: 1200, height: 630 },
    });

    const res = await page(`/social/post/${id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(metaContents(html, "og:title")).toEqual(["Post by Open_Author · Freestyle Lovers"]);
    expect(metaContents(html, "og:description")).toEqual(["Open_Author in the Freestyle Lovers community: Dance floor was on fire Thank you São Paulo!"]);
    expect(metaContents(html, "og:image")).toEqual([`${ORIGIN}${PICTURE}`]);
    expect(metaContents(html, "og:image:width")).toEqual(["1200"]);
    const root = rootOf(html);
    expect(textOf(root)).toContain("Dance floor was on fire");
    expect(textOf(root)).toContain("Thank you São Paulo!");
    expect(root).toContain(`src="${PICTURE}"`);
    expect(textOf(root)).toContain("Sign in to like and comment");
  });

  it("cuts a long text to at most 160 characters in the share tags", async () => {
    const { id } = await publicPost(`${"Long night ".repeat(30)}end`, "Long_Author");
    const html = await (await page(`/social/post/${id}`)).text();
    const [description] = metaContents(html, "og:description");
    const excerpt = description!.slice("Long_Author in the Freestyle Lovers community: ".length);
    expect(excerpt.length).toBeGreaterThan(150);
    expect(excerpt.length).toBeLessThanOrEqual(160);
    expect(excerpt.startsWith("Long night Long night")).toBe(true);
    expect(excerpt.endsWith("…")).toBe(true);
  });
});

// --- pinning ------------------------------------------------------------------------------------

describe("PATCH /api/posts/:id: pinning official posts", () => {
  async function officialPost(admin: TestUser, content = "official news") {
    const res = await createPost(admin, { content, official: true });
    expect(res.status).toBe(201);
    return (await res.json<PostResponse>()).post.id;
  }

  it.each([
    ["visitor", 401, UNAUTHORIZED],
    ["banned", 401, UNAUTHORIZED],
    ["user", 403, ADMIN_REQUIRED],
    ["vip", 403, ADMIN_REQUIRED],
  ] as const)("refuses a %s (%i) and changes nothing", async (role, status, error) => {
    const id = await officialPost(await createUser("admin"));
    const who = role === "visitor" ? null : await createUser(role);
    const before = await snapshot(id);
    await expectError(await pin(who, id, { pinned: true }), status, error);
    expect(await snapshot(id)).toEqual(before);
  });

  it("lets an admin pin an official post to the top of the first page, never repeated after it, and unpin it back to its place", async () => {
    const admin = await createUser("admin");
    await setArtistName(admin);
    const id = await officialPost(admin);
    // Newer than the official post, and more than a page of them.
    const author = await createUser("user");
    const newer: string[] = [];
    for (let i = 0; i < FEED_PAGE_SIZE + 2; i++) newer.push(await seedPost(author.id, `newer ${i}`, new Date(Date.now() + (i + 1) * 1000)));

    const res = await pin(admin, id, { pinned: true });
    expect(res.status).toBe(200);
    expect((await res.json<PostResponse>()).post).toMatchObject({ id, pinned: true, official: true, author: { id: null, username: ARTIST } });
    expect((await postRow(id))!.pinnedAt).toBeInstanceOf(Date);

    const member = await createUser("user");
    const first = await feedOk(member);
    expect(first.posts[0]).toMatchObject({ id, pinned: true });
    expect(first.posts.slice(1).map((p) => p.id)).toEqual(newer.toReversed().slice(0, FEED_PAGE_SIZE));
    const second = await feedOk(member, first.nextCursor!);
    expect(second.posts.slice(0, 2).map((p) => p.id)).toEqual(newer.slice(0, 2).toReversed());
    expect((await walkFeed(member)).filter((p) => p.id === id)).toHaveLength(1);

    // Pinning again keeps its place; unpinning puts it back by time (after the newer posts).
    expect((await pin(admin, id, { pinned: true })).status).toBe(200);
    const unpinned = await pin(admin, id, { pinned: false });
    expect(unpinned.status).toBe(200);
    expect((await unpinned.json<PostResponse>()).post.pinned).toBe(false);
    expect((await postRow(id))!.pinnedAt).toBeNull();
    const after = await feedOk(member);
    expect(after.posts.some((p) => p.id === id)).toBe(false);
    expect((await feedOk(member, after.nextCursor!)).posts.slice(0, 3).map((p) => p.id)).toEqual([...newer.slice(0, 2).toReversed(), id]);
    expect((await walkFeed(member)).filter((p) => p.id === id)).toEqual([expect.objectContaining({ pinned: false })]);
  });

  it("refuses what cannot be pinned: not official (409), missing (404), a malformed id or body (400); nothing changes", async () => {
    const admin = await createUser("admin");
    const plain = (await (await createPost(admin, { content: "not official" })).json<PostResponse>()).post.id;
    const before = await snapshot(plain);
    await expectError(await pin(admin, plain, { pinned: true }), 409, { code: "pin_not_official", message: FEED_MESSAGES.pinRequiresOfficial });
    await expectError(await pin(admin, plain, { pinned: false }), 409, { code: "pin_not_official" });
    await expectError(await pin(admin, crypto.randomUUID(), { pinned: true }), 404, POST_NOT_FOUND);
    const malformed = await pin(admin, "not-a-post", { pinned: true });
    expect(malformed.status).toBe(400);
    expect(await errorOf(malformed)).toMatchObject({ code: "invalid_input", field: "id" });
    for (const body of [{}, { pinned: "yes" }, { pinned: true, visibility: "vip" }, null]) {
      await expectError(await pin(admin, plain, body), 400, { code: "invalid_input" });
    }
    expect(await snapshot(plain)).toEqual(before);
  });

  it(`refuses a pin past ${PINNED_MAX} (409 pin_limit with the limit) and pins once one is unpinned`, async () => {
    const admin = await createUser("admin");
    const ids: string[] = [];
    for (let i = 0; i < PINNED_MAX + 1; i++) ids.push(await officialPost(admin, `official ${i}`));
    for (const id of ids.slice(0, PINNED_MAX)) expect((await pin(admin, id, { pinned: true })).status).toBe(200);
    const last = ids.at(-1)!;
    const res = await pin(admin, last, { pinned: true });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({ code: "pin_limit", message: FEED_MESSAGES.pinLimit, params: { max: PINNED_MAX } });
    expect((await postRow(last))!.pinnedAt).toBeNull();

    expect((await pin(admin, ids[0]!, { pinned: false })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5)); // a later pinned_at than the others
    expect((await pin(admin, last, { pinned: true })).status).toBe(200);
    const pinned = (await feedOk(admin)).posts.filter((p) => p.pinned).map((p) => p.id);
    expect(pinned.toSorted()).toEqual([...ids.slice(1)].toSorted());
    expect(pinned[0]).toBe(last); // the most recently pinned first
  });
});
