// Tier badges in the feed (decision 100): a post's author and a comment's author show their tier's
// badge in the reader's language, on the tier's colour with readable text; the free tier none.
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route as SocialRoute } from "../../app/routes/social/index";
import type { Locale } from "../../app/i18n/locale";
import type { CommentView, PostView } from "../../worker/contracts/feed";
import type { TierBadge } from "../../worker/contracts/tiers/badges";
import { createTestRoot, json, mockApi, mountFileRoute, renderApp, sessionUser, stubRoute } from "./accounts-harness";
import { configRoute } from "./fixtures/config";

const INNER: TierBadge = { id: "inner-circle", rank: 2, name: { en: "Inner Circle", ptBR: "Círculo Íntimo" }, color: "#7c3aed" };
const VIP: TierBadge = { id: "vip", rank: 1, name: { en: "VIP", ptBR: "VIP" }, color: "#d4a017" };
const POST_ID = "00000000-0000-4000-8000-000000000001";

const post = (n: number, author: PostView["author"]): PostView => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  author,
  visibility: "members",
  tiers: null,
  official: false,
  pinned: false,
  locked: false,
  content: `Post number ${n}`,
  image: null,
  createdAt: new Date().toISOString(),
  likeCount: 0,
  commentCount: n === 1 ? 2 : 0,
  likedByMe: false,
  canDelete: false,
});

const comments: CommentView[] = [
  {
    id: "c1",
    postId: POST_ID,
    author: { id: "33333333-3333-4333-8333-333333333333", username: "vip_fan", avatarUrl: null, isVIP: true, tier: VIP },
    content: "From VIP",
    createdAt: new Date().toISOString(),
  },
  {
    id: "c2",
    postId: POST_ID,
    author: { id: "44444444-4444-4444-8444-444444444444", username: "free_fan", avatarUrl: null, isVIP: false, tier: null },
    content: "From free",
    createdAt: new Date().toISOString(),
  },
];

function setup(locale: Locale) {
  mockApi({
    "GET /api/auth/me": json(200, { user: sessionUser() }),
    ...configRoute(),
    "GET /api/posts": json(200, {
      posts: [
        post(1, { id: "22222222-2222-4222-8222-222222222222", username: "ic_fan", avatarUrl: null, isVIP: true, tier: INNER }),
        post(2, { id: "55555555-5555-4555-8555-555555555555", username: "free_poster", avatarUrl: null, isVIP: false, tier: null }),
      ],
      nextCursor: null,
    }),
    [`GET /api/posts/${POST_ID}/comments`]: json(200, { comments }),
  });
  const root = createTestRoot();
  renderApp(root.addChildren([mountFileRoute(SocialRoute, "/social/", root), stubRoute(root, "/social/profile/$userId")]), "/social", { locale });
}

const article = (text: string) => screen.getByText(text, { selector: ".post-content" }).closest("article") as HTMLElement;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("tier badges in the feed", () => {
  it.each([
    ["en", "Inner Circle", "2 comments"],
    ["pt-BR", "Círculo Íntimo", "2 comentários"],
  ] as const)("%s: the author's and commenters' badges, none for the free tier", async (locale, name, commentsLabel) => {
    setup(locale);
    await screen.findByText("Post number 1", {}, { timeout: 5000 });
    const first = article("Post number 1");
    const badge = first.querySelector<HTMLElement>(".badge-tier")!;
    expect(badge.textContent).toBe(name);
    expect([badge.style.background, badge.style.color]).toEqual(["#7c3aed", "#ffffff"]);
    expect(article("Post number 2").querySelector(".badge-tier, .badge-vip")).toBeNull();

    fireEvent.click(within(first).getByRole("button", { name: commentsLabel }));
    const vipComment = (await within(first).findByText("From VIP")).closest("li")!;
    expect(vipComment.querySelector(".badge-tier")!.textContent).toBe("VIP");
    expect((vipComment.querySelector(".badge-tier") as HTMLElement).style.color).toBe("#000000");
    expect(within(first).getByText("From free").closest("li")!.querySelector(".badge-tier")).toBeNull();
  });
});
