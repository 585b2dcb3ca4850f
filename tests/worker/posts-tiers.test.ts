// Posts for tiers (decision 099): "tier at least X" and "chosen tiers", for every kind of reader
// (visitor, free member, VIP, Inner Circle, lapsed, admin, banned) through every way out of the
// Worker: the feed, the post, its comments and likes, a profile's posts, search, mentions, the
// visitor's teaser and page, and the live socket, which follows a member's tier change. Bad input
// on the composer's new field is a 400 with its code and stores nothing.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, db, errorOf, ORIGIN, type TestUser } from "./helpers";
import { page } from "./pages-fixtures";
import { acceptSocket, type AcceptedSocket } from "./sockets";
import { posts } from "../../worker/db/schema/feed";
import { users } from "../../worker/db/schema/accounts";
import { forgetTiers } from "../../worker/db/tiers/tiers";
import { accessChanged } from "../../worker/services/access-changed";
import type { FeedResponse, FeedServerFrame, PostResponse, PostTeaserResponse, PostView } from "../../worker/contracts/feed";
import type { ProfilePostsResponse } from "../../worker/contracts/profiles";
import type { SearchResponse } from "../../worker/contracts/search";
import type { TierGateView } from "../../worker/contracts/tiers/gate";
import { comment, createPost, expectError, like, snapshot } from "./posts-fixtures";

const D1 = (env as unknown as { DB: D1Database }).DB;
const IC = { id: "inner-circle", name: { en: "Inner Circle", ptBR: "Círculo Íntimo" } };
const VIP = { id: "vip", name: { en: "VIP", ptBR: "VIP" } };
// Each post's secret: a word no other file writes, so search sees only these rows.
const IC_SECRET = "Quasarfeather lossless stems for the circle";
const VIP_ONLY_SECRET = "Quasarfeather chosen for VIP tier only";
const TIER_REQUIRED = { code: "tier_required", message: "A higher membership tier is required" };

type Reader = "free" | "vip" | "ic" | "lapsed" | "admin";
const who = {} as Record<Reader | "banned" | "author", TestUser>;
let icPost: string;
let vipOnlyPost: string;

async function postAs(author: TestUser, body: Record<string, unknown>) {
  const res = await createPost(author, body);
  expect(res.status).toBe(201);
  return (await res.json<PostResponse>()).post;
}

beforeAll(async () => {
  await D1.prepare(
    "INSERT OR IGNORE INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, monthly_usd_cents) VALUES (?, 2, ?, ?, '#7c3aed', 2499)",
  )
    .bind(IC.id, IC.name.en, IC.name.ptBR)
    .run();
  forgetTiers();
  who.free = await createUser("user");
  who.vip = await createUser("vip");
  who.ic = await createUser("vip", { tierId: IC.id });
  who.lapsed = await createUser("user");
  // Lapsed: paid once, the subscription over, so the account is back on the free tier.
  await D1.prepare(
    "INSERT INTO subscriptions (id, user_id, customer_id, status, last_event_at, updated_at, tier_id) VALUES (?, ?, 'cus_t', 'canceled', 1, 1, 'inner-circle')",
  )
    .bind(`sub_${crypto.randomUUID()}`, who.lapsed.id)
    .run();
  who.admin = await createUser("admin");
  who.banned = await createUser("banned");
  who.author = await createUser("admin");
  icPost = (await postAs(who.author, { content: IC_SECRET, visibility: "vip", tiers: { minTier: IC.id } })).id;
  vipOnlyPost = (await postAs(who.author, { content: VIP_ONLY_SECRET, visibility: "vip", tiers: { tierIds: ["vip"] } })).id;
});

/** Who reads each post whole: the rest get its locked teaser. */
const READS: Record<Reader, { ic: boolean; vipOnly: boolean }> = {
  free: { ic: false, vipOnly: false },
  vip: { ic: false, vipOnly: true },
  ic: { ic: true, vipOnly: false },
  lapsed: { ic: false, vipOnly: false },
  admin: { ic: true, vipOnly: true },
};
const READERS = Object.keys(READS) as Reader[];

describe("a post for tiers, reader by reader", () => {
  it("stores the gate as the admin chose it", async () => {
    expect(await db().select({ v: posts.visibility, min: posts.minTierId, ids: posts.tierIds }).from(posts).where(eq(posts.id, icPost)).get()).toEqual({
      v: "vip",
      min: IC.id,
      ids: null,
    });
    expect(await db().select({ min: posts.minTierId, ids: posts.tierIds }).from(posts).where(eq(posts.id, vipOnlyPost)).get()).toEqual({
      min: null,
      ids: '["vip"]',
    });
  });

  it("the feed and the post: whole for the tiers the gate admits, a locked teaser naming the tiers for the rest", async () => {
    for (const reader of READERS) {
      const res = await call("/api/posts", { cookie: who[reader].cookie });
      expect(res.status).toBe(200);
      const raw = await res.text();
      const listed = (JSON.parse(raw) as FeedResponse).posts;
      const cases: [string, string, boolean, TierGateView][] = [
        [icPost, IC_SECRET, READS[reader].ic, { minTier: IC }],
        [vipOnlyPost, VIP_ONLY_SECRET, READS[reader].vipOnly, { tierIds: [VIP] }],
      ];
      for (const [id, secret, reads, tiers] of cases) {
        const post = listed.find((p) => p.id === id);
        expect(post, `${reader} ${secret}`).toMatchObject<Partial<PostView>>({ locked: !reads, tiers, content: reads ? secret : "" });
        const single = await call(`/api/posts/${id}`, { cookie: who[reader].cookie });
        expect(single.status).toBe(200);
        const singleRaw = await single.text();
        if (!reads) {
          expect(raw, reader).not.toContain(secret);
          expect(singleRaw, reader).not.toContain(secret);
        } else expect((JSON.parse(singleRaw) as PostResponse).post.content).toBe(secret);
      }
    }
    for (const banned of [who.banned.cookie, undefined]) expect((await call(`/api/posts/${icPost}`, { cookie: banned })).status).toBe(401);
  });

  it("comments and likes: 403 tier_required below the gate (nothing stored), as any post above it", async () => {
    const before = await snapshot(icPost);
    for (const reader of ["free", "vip", "lapsed"] as const) {
      await expectError(await call(`/api/posts/${icPost}/comments`, { cookie: who[reader].cookie }), 403, TIER_REQUIRED);
      await expectError(await comment(who[reader], icPost, "let me in"), 403, TIER_REQUIRED);
      await expectError(await like(who[reader], icPost, "PUT"), 403, TIER_REQUIRED);
    }
    // A VIP post for chosen tiers refuses Inner Circle: the ladder does not reach into a chosen list.
    await expectError(await like(who.ic, vipOnlyPost, "PUT"), 403, TIER_REQUIRED);
    expect(await snapshot(icPost)).toEqual(before);
    expect((await like(who.ic, icPost, "PUT")).status).toBe(200);
    expect((await comment(who.admin, icPost, "welcome, circle")).status).toBe(201);
    expect((await like(who.vip, vipOnlyPost, "PUT")).status).toBe(200);
  });

  it("search finds a post's text only for the readers its gate admits", async () => {
    for (const reader of [...READERS, "banned"] as const) {
      const res = await call("/api/search?q=quasarfeather", { cookie: who[reader].cookie });
      expect(res.status).toBe(200);
      const body = await res.json<SearchResponse>();
      const ids = body.groups.find((g) => g.kind === "posts")?.items.map((i) => i.id) ?? [];
      const expected = reader === "banned" ? [] : [READS[reader].ic && icPost, READS[reader].vipOnly && vipOnlyPost].filter(Boolean);
      expect(ids.sort(), reader).toEqual(expected.sort());
    }
    const visitor = await call("/api/search?q=quasarfeather");
    expect(JSON.stringify(await visitor.json())).not.toContain("Quasarfeather");
  });

  it("a profile's posts list a gated post only to those it admits", async () => {
    const author = await createUser("admin");
    const gated = (await postAs(author, { content: "profile circle news", visibility: "vip", tiers: { minTier: IC.id } })).id;
    for (const reader of READERS) {
      const res = await call(`/api/profiles/${author.id}/posts`, { cookie: who[reader].cookie });
      expect(res.status).toBe(200);
      const ids = (await res.json<ProfilePostsResponse>()).posts.map((p) => p.id);
      expect(ids, reader).toEqual(READS[reader].ic ? [gated] : []);
    }
  });

  it("a visitor's teaser and page name the tier and carry none of the text", async () => {
    const teaser = await call(`/api/posts/${icPost}/teaser`);
    expect(teaser.status).toBe(200);
    const raw = await teaser.text();
    expect(raw).not.toContain(IC_SECRET);
    expect((JSON.parse(raw) as PostTeaserResponse).teaser).toMatchObject({ content: null, image: null, tiers: { minTier: IC } });
    const html = await (await page(`/social/post/${icPost}`)).text();
    expect(html).not.toContain("lossless stems");
  });

  it("mentions reach only the mentioned members the gate admits", async () => {
    const content = `Circle call @${who.free.username} @${who.vip.username} @${who.ic.username} @${who.lapsed.username} @${who.admin.username}`;
    const { id } = await postAs(await createUser("admin"), { content, visibility: "vip", tiers: { minTier: IC.id } });
    const recipients = async () =>
      (await D1.prepare("SELECT user_id FROM notifications WHERE event_id = ?1").bind(`mention:post:${id}`).all<{ user_id: string }>()).results.map(
        (r) => r.user_id,
      );
    await expect.poll(recipients).toHaveLength(2);
    expect((await recipients()).sort()).toEqual([who.ic.id, who.admin.id].sort());
  });
});

describe("the composer's tier field", () => {
  it("refuses bad input with a 400 and its code, and members' tier posts with 403; nothing is stored", async () => {
    const before = await snapshot();
    const bad: [TestUser, unknown, number, string][] = [
      [who.admin, { content: "x", visibility: "vip", tiers: { minTier: "no-such-tier" } }, 400, "tier_gate_unknown"],
      [who.admin, { content: "x", visibility: "vip", tiers: { tierIds: ["vip", "ghost"] } }, 400, "tier_gate_unknown"],
      [who.admin, { content: "x", visibility: "members", tiers: { minTier: "vip" } }, 400, "invalid_input"],
      [who.admin, { content: "x", visibility: "vip", tiers: { tierIds: [] } }, 400, "invalid_input"],
      [who.admin, { content: "x", visibility: "vip", tiers: { tierIds: ["vip", "vip"] } }, 400, "invalid_input"],
      [who.admin, { content: "x", visibility: "vip", tiers: { minTier: "VIP'; --" } }, 400, "invalid_input"],
      [who.admin, { content: "x", visibility: "vip", tiers: { minTier: "vip", tierIds: ["vip"] } }, 400, "invalid_input"],
      [who.admin, { content: "x", visibility: "vip", tiers: "vip" }, 400, "invalid_input"],
      [who.ic, { content: "x", visibility: "vip", tiers: { minTier: IC.id } }, 403, "admin_required"],
    ];
    for (const [author, body, status, code] of bad) {
      const res = await createPost(author, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect((await errorOf(res)).code, JSON.stringify(body)).toBe(code);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("a vip post without tiers is for VIP and above, as before", async () => {
    const post = await postAs(await createUser("admin"), { content: "classic vip", visibility: "vip" });
    expect(post.tiers).toEqual({ minTier: VIP });
    expect(await db().select({ min: posts.minTierId }).from(posts).where(eq(posts.id, post.id)).get()).toEqual({ min: "vip" });
  });
});

describe("the live socket follows the member's tier", () => {
  it("a gated post's counts reach the sockets its gate admits, and a member's socket follows their tier change", async () => {
    const member = await createUser("vip");
    const open = async (user: TestUser) => {
      const res = await call("/api/feed/live", { cookie: user.cookie, headers: { upgrade: "websocket", origin: ORIGIN } });
      expect(res.status).toBe(101);
      return acceptSocket(res.webSocket!);
    };
    const memberSocket = await open(member);
    const icSocket = await open(who.ic);
    const countsAbout = (socket: AcceptedSocket, postId: string) =>
      socket.messages
        .filter((m) => m.startsWith("{"))
        .flatMap((m) => {
          const frame = JSON.parse(m) as FeedServerFrame;
          return frame.type === "events" ? frame.events.filter((e) => e.postId === postId && e.type === "like.changed") : [];
        });
    const author = await createUser("admin");
    const { id } = await postAs(author, { content: "circle counts", visibility: "vip", tiers: { minTier: IC.id } });
    const marker = async () => (await postAs(author, { content: "marker" })).id;

    expect((await like(who.admin, id, "PUT")).status).toBe(200);
    await icSocket.until(() => countsAbout(icSocket, id).length === 1);
    expect(countsAbout(icSocket, id)).toEqual([{ type: "like.changed", postId: id, likeCount: 1, audience: { minRank: 2 } }]);
    const first = await marker();
    await memberSocket.until((m) => m.some((x) => x.includes(first)));
    expect(countsAbout(memberSocket, id)).toEqual([]);

    // The member moves up to Inner Circle: their open socket is told and reads the counts from now on.
    await db().update(users).set({ tierId: IC.id }).where(eq(users.id, member.id));
    await accessChanged(env as never, db(), { kind: "roles", userId: member.id });
    await memberSocket.until((m) => m.some((x) => x.includes("role_changed")));
    expect((await like(who.ic, id, "PUT")).status).toBe(200);
    await memberSocket.until(() => countsAbout(memberSocket, id).length === 1);
    expect(countsAbout(memberSocket, id)).toEqual([{ type: "like.changed", postId: id, likeCount: 2, audience: { minRank: 2 } }]);
    // Each shard coalesces a post's counts within its flush window: the like must reach the IC
    // member's shard before the unlike below, or the two arrive there as one frame.
    await icSocket.until(() => countsAbout(icSocket, id).length === 2);

    // And back down to VIP: the next counts pass them by.
    await db().update(users).set({ tierId: "vip" }).where(eq(users.id, member.id));
    await accessChanged(env as never, db(), { kind: "roles", userId: member.id });
    await memberSocket.until((m) => m.filter((x) => x.includes("role_changed")).length === 2);
    expect((await like(who.ic, id, "DELETE")).status).toBe(200);
    await icSocket.until(() => countsAbout(icSocket, id).length === 3);
    const last = await marker();
    await memberSocket.until((m) => m.some((x) => x.includes(last)));
    expect(countsAbout(memberSocket, id)).toHaveLength(1);
    for (const socket of [memberSocket, icSocket]) expect(socket.messages.join("\n")).not.toContain("circle counts");
    for (const socket of [memberSocket, icSocket]) socket.ws.close(1000, "done");
  });
});
