// /perks as the Worker renders it: the cards are in the first HTML, rendered as whoever asks (a
// visitor's teasers and sign-in prompt, a member's teaser for a VIP-only perk and their own perks
// to reveal, a VIP's whole list), never a code, nor a locked perk's link or whole description, in
// the page or in the data it carries for the browser; its head in the visitor's language; the
// first card's picture fetched at once (the page's largest paint), the others lazily.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createUser, type Role, type TestUser } from "./helpers";
import { decodeEntities, metaContents, page, rootOf, stateOf, textOf, titleOf } from "./pages-fixtures";

const D1 = (env as unknown as { DB: D1Database }).DB;
const HOUR = 3600_000;

const LONG_TEXT = `Signed vinyl for the first fifty VIP members. ${"The sleeve is numbered by hand. ".repeat(12)}The end of the secret.`;
const VIP_LINK = "https://shop.example.com/page-vip-vinyl";
const MEMBERS_LINK = "https://shop.example.com/page-members-demo";

let serial = 0;
async function seedPerk(seed: { title: string; description: string; audience: "vip" | "members"; link: string; code: string; imageKey: string }) {
  const id = crypto.randomUUID();
  const now = Date.now();
  serial++;
  await D1.prepare(
    "INSERT INTO perks (id, title, description, image_key, link, code_mode, shared_code, audience, starts_at, ends_at, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, 'shared', ?6, ?7, ?8, ?9, ?10, ?10)",
  )
    .bind(id, seed.title, seed.description, seed.imageKey, seed.link, seed.code, seed.audience, now - HOUR, now + 48 * HOUR, now + serial * 1000)
    .run();
  return id;
}

let accounts: Record<Exclude<Role, "visitor">, TestUser>;
let revealedId: string;
beforeAll(async () => {
  const [user, vip, admin, banned] = await Promise.all([createUser("user"), createUser("vip"), createUser("admin"), createUser("banned")]);
  accounts = { user, vip, admin, banned };
  // Older first: the list is newest first, so the VIP-only perk is the first card.
  revealedId = await seedPerk({
    title: "Page demo for members",
    description: "A studio demo for every member.",
    audience: "members",
    link: MEMBERS_LINK,
    code: "PAGE-MEMBERS-CODE",
    imageKey: "perks/page-members.png",
  });
  await seedPerk({ title: "Page VIP vinyl", description: LONG_TEXT, audience: "vip", link: VIP_LINK, code: "PAGE-VIP-CODE", imageKey: "perks/page-vip.png" });
  await D1.prepare("INSERT INTO perk_reveals (perk_id, user_id, revealed_at) VALUES (?1, ?2, ?3)").bind(revealedId, user.id, Date.now()).run();
});

async function perksPage(role: Role, locale = "en") {
  const cookie = role === "visitor" ? undefined : accounts[role].cookie;
  const res = await page("/perks", { headers: { "accept-language": locale, ...(cookie ? { cookie } : {}) } });
  expect(res.status).toBe(200);
  const html = await res.text();
  return { res, html, root: rootOf(html), text: textOf(rootOf(html)), state: JSON.stringify(stateOf(html)) };
}

/** Nothing a visitor or a member without VIP may read of the VIP-only perk, anywhere in the page. */
function expectNoVipSecrets(html: string) {
  expect(html).not.toContain("PAGE-VIP-CODE");
  expect(html).not.toContain("PAGE-MEMBERS-CODE");
  expect(html).not.toContain(VIP_LINK);
  expect(html).not.toContain("The end of the secret.");
}

describe("/perks rendered by the Worker", () => {
  it("shows a visitor the teasers and the sign-in prompt in the first HTML, with no code, link or whole text", async () => {
    const { html, text, root, res } = await perksPage("visitor");
    expect(text).toContain("Special Perks");
    expect(text).toContain("Sign in to reveal the perks that are yours.");
    expect(text).toContain("Page VIP vinyl");
    expect(text).toContain("Page demo for members");
    // Both perks are locked for a visitor: each card offers a sign-in, none a reveal.
    expect(root.match(/Sign in to reveal</g)?.length).toBeGreaterThanOrEqual(2);
    expect(root).not.toContain("Reveal my code");
    expectNoVipSecrets(html);
    expect(html).not.toContain(MEMBERS_LINK);
    // No session: nothing personal in the page, so nothing private about its answer either.
    expect(res.headers.get("cache-control") ?? "").not.toContain("private");
  });

  it("shows a member their own perks to reveal and the VIP-only one as a teaser, read as them", async () => {
    const { html, text, root, res } = await perksPage("user");
    expect(text).not.toContain("Sign in to reveal the perks that are yours.");
    expect(text).toContain("This perk is for VIP members.");
    expect(root).toContain('href="/vip-signup"');
    // Their reveal of the members' perk is known to the page: it offers to show it again.
    expect(text).toContain("Show my code again");
    expectNoVipSecrets(html);
    // The member's own page: never kept by a shared cache.
    expect(res.headers.get("cache-control")).toContain("private");
  });

  it.each(["vip", "admin"] as const)("shows a %s every perk to reveal, its whole text, and never a code", async (role) => {
    const { html, text } = await perksPage(role);
    expect(text).toContain("The end of the secret.");
    expect(text).toContain("Reveal my code");
    expect(text).not.toContain("This perk is for VIP members.");
    expect(html).not.toContain("PAGE-VIP-CODE");
    expect(html).not.toContain("PAGE-MEMBERS-CODE");
  });

  it("shows a banned member what a visitor sees", async () => {
    const { html, text } = await perksPage("banned");
    expect(text).toContain("Sign in to reveal the perks that are yours.");
    expect(text).not.toContain("Reveal my code");
    expectNoVipSecrets(html);
  });

  it("carries the visitor's data for hydration, without the session's", async () => {
    const { state } = await perksPage("visitor");
    expect(state).toContain("Page VIP vinyl");
    expect(state).toContain('"user":null');
    expect(state).not.toContain('"revealedAt":"');
  });

  it("fetches the first card's picture at once and the others lazily, each with its size", async () => {
    const { root } = await perksPage("visitor");
    const pictures = [...root.matchAll(/<img [^>]*src="\/media\/perks\/page-[^"]*"[^>]*>/g)].map((m) => m[0]);
    expect(pictures).toHaveLength(2);
    const [first, second] = pictures as [string, string];
    expect(first).toContain('src="/media/perks/page-vip.png"');
    expect(first).toContain('loading="eager"');
    // React writes the attribute as fetchPriority; HTML reads attribute names in any case.
    expect(first.toLowerCase()).toContain('fetchpriority="high"');
    expect(second).toContain('loading="lazy"');
    for (const picture of pictures) expect(picture).toMatch(/width="400" height="400"/);
  });

  it.each([
    ["en", "Perks · Freestyle Lovers", "Members-only merchandise, limited editions and surprises."],
    ["pt-BR", "Vantagens · Freestyle Lovers", "Produtos exclusivos para membros, edições limitadas e surpresas."],
  ])("has its head in %s", async (locale, title, description) => {
    const { html, res } = await perksPage("visitor", locale);
    expect(res.headers.get("content-language")).toBe(locale);
    expect(decodeEntities(titleOf(html)!)).toBe(title);
    expect(metaContents(html, "og:title").map(decodeEntities)).toEqual([title]);
    expect(metaContents(html, "og:description").map(decodeEntities)).toEqual([description]);
  });
});
