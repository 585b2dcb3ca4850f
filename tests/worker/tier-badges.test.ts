// Tier badges beside names (decision 100): every author in the feed, its comments and profiles
// carries the badge of their tier now (its name in both languages and its colour); the free tier
// carries none; the badge follows a tier change at once; its text colour always reads on it.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createUser } from "./helpers";
import { forgetTiers } from "../../worker/db/tiers/tiers";
import { comment, createPostOk, feedOk } from "./posts-fixtures";
import { badgeTextColor } from "#contracts/tiers/badges.ts";
import type { CommentView, PostResponse } from "#contracts/feed.ts";
import type { ProfileResponse } from "#contracts/profiles.ts";

async function addInnerCircle() {
  await env.DB.prepare(
    "INSERT OR IGNORE INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, monthly_usd_cents) VALUES ('inner-circle', 2, 'Inner Circle', 'Círculo Íntimo', '#7c3aed', 2499)",
  ).run();
  forgetTiers();
}

const INNER_CIRCLE = { id: "inner-circle", rank: 2, name: { en: "Inner Circle", ptBR: "Círculo Íntimo" }, color: "#7c3aed" };
const VIP = { id: "vip", rank: 1, name: { en: "VIP", ptBR: "VIP" }, color: "#d4a017" };

describe("tier badges", () => {
  it("puts each author's tier badge on posts and comments, none for the free tier", async () => {
    await addInnerCircle();
    const inner = await createUser("vip", { tierId: "inner-circle" });
    const vip = await createUser("vip");
    const free = await createUser("user");
    const post = await createPostOk(inner, "from the inner circle");
    expect((await comment(vip, post.id, "a VIP comment")).status).toBe(201);
    expect((await comment(free, post.id, "a free comment")).status).toBe(201);

    const listed = (await feedOk(free)).posts.find((p) => p.id === post.id)!;
    expect(listed.author).toEqual({ id: inner.id, username: inner.username, avatarUrl: null, isVIP: true, tier: INNER_CIRCLE });
    const one = await call(`/api/posts/${post.id}`, { cookie: free.cookie });
    expect((await one.json<PostResponse>()).post.author.tier).toEqual(INNER_CIRCLE);

    const res = await call(`/api/posts/${post.id}/comments`, { cookie: free.cookie });
    expect(res.status).toBe(200);
    const { comments } = await res.json<{ comments: CommentView[] }>();
    expect(comments.map((c) => [c.author.id, c.author.tier])).toEqual([
      [vip.id, VIP],
      [free.id, null],
    ]);
  });

  it("shows the profile's tier badge to others and follows a tier change", async () => {
    await addInnerCircle();
    const member = await createUser("vip");
    const viewer = await createUser("user");
    const profile = async () => (await (await call(`/api/profiles/${member.id}`, { cookie: viewer.cookie })).json<ProfileResponse>()).profile.tier;
    expect(await profile()).toEqual(VIP);
    await env.DB.prepare("UPDATE users SET tier_id = 'inner-circle' WHERE id = ?").bind(member.id).run();
    expect(await profile()).toEqual(INNER_CIRCLE);
    await env.DB.prepare("UPDATE users SET tier_id = NULL, is_vip = 0 WHERE id = ?").bind(member.id).run();
    expect(await profile()).toBeNull();
  });

  it("writes a badge's text in black or white, whichever reaches at least 4.5:1 on its colour", () => {
    const lum = (hex: string) => {
      const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
    };
    const ratio = (a: string, b: string) => {
      const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p) as [number, number];
      return (x + 0.05) / (y + 0.05);
    };
    for (const colour of ["#d4a017", "#7c3aed", "#64748b", "#777777", "#ffffff", "#000000", "#ff0000", "#1d4ed8", "#10b981"]) {
      expect(ratio(colour, badgeTextColor(colour)), colour).toBeGreaterThanOrEqual(4.5);
    }
    expect(badgeTextColor("#d4a017")).toBe("#000000");
    expect(badgeTextColor("#7c3aed")).toBe("#ffffff");
    expect(badgeTextColor("#fff")).toBe("#000000");
  });
});
