// Every page the Worker renders to HTML (SSR_ROUTES: the areas' `ssrPages`, worker/contracts/areas/) is valid HTML: the
// page as a visitor and as a signed-in member gets it, in both languages, from the real shell
// (index.html), checked by html-validate with the project's rules (.htmlvalidate.mjs). The list of
// addresses is checked against SSR_ROUTES, so a page added there without an address here fails.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { HtmlValidate, StaticConfigLoader, type Message } from "html-validate/browser";
import ssr from "app-ssr";
import shell from "../../index.html?raw";
import rules from "../../.htmlvalidate.mjs";
import { SSR_ROUTES } from "../../worker/contracts/areas";
import { createUser, ORIGIN, type TestUser } from "./helpers";
import { fakeAssets, page } from "./pages-fixtures";
import { seedPost } from "./posts-fixtures";
import { seedImage, seedProduct, seedVariant } from "./store-fixtures";
import { createContest, validContest } from "./contests-fixtures";

const D1 = (env as unknown as { DB: D1Database }).DB;
const HOUR = 60 * 60 * 1000;
const { assets } = fakeAssets(null, shell);
const validator = new HtmlValidate(new StaticConfigLoader(rules));
/** Each test renders and checks two dozen pages (about 5 s on a quiet machine). */
const EVERY_PAGE_TIMEOUT_MS = 60_000;

/** The addresses to check: one or more per server-rendered route, filled once the data exists. */
let paths: string[] = [];
let member: TestUser;

async function addEvent(title: string, online: boolean, at: number) {
  const id = crypto.randomUUID();
  await D1.prepare(
    `INSERT INTO events (id, title, title_pt_br, description, event_date, time_zone, status, venue_name, venue_city, venue_country, is_online, external_ticket_url, created_at, updated_at)
     VALUES (?1, ?2, ?3, 'A night of freestyle.', ?4, 'America/New_York', 'published', ?5, ?6, 'US', ?7, 'https://tickets.example.com/night', ?8, ?8)`,
  )
    .bind(id, title, `${title} (pt)`, at, online ? null : "Starlight Ballroom", online ? null : "New York", online ? 1 : 0, Date.now())
    .run();
}

beforeAll(async () => {
  member = await createUser("user");
  const author = await createUser("vip");
  await addEvent("Validity night", false, Date.now() + 30 * 24 * HOUR);
  await addEvent("Validity meet", true, Date.now() + 40 * 24 * HOUR);
  const publicPost = await seedPost(author.id, "A public post about the tour.\nSee you there!");
  await D1.prepare("UPDATE posts SET visibility = 'public' WHERE id = ?1").bind(publicPost).run();
  const membersPost = await seedPost(author.id, "For members only.");
  const shirt = await seedProduct({ kind: "merch", title: "Validity shirt", description: "Soft cotton.\nNeon print." });
  await seedVariant(shirt.id, { size: "M", stock: 3 });
  await seedImage(shirt.id, "store/validity-shirt.jpg", 1, "The shirt, front");
  const album = await seedProduct({ title: "Freestyle Nights (digital)", albumId: "freestyle-nights" });
  const contest = await createContest(
    await createUser("admin"),
    validContest("waiting-for-your-love", { titleEn: "Validity remix", briefEn: "Make it move.\nKeep it yours.", prizesEn: "A release" }),
  );
  paths = [
    "/",
    "/events",
    "/music",
    "/music/catalog",
    "/music/catalog/freestyle-nights",
    "/music/track/waiting-for-your-love",
    "/vip-signup",
    "/signup-options",
    "/privacy",
    "/terms",
    "/copyright",
    "/accessibility",
    "/radio",
    "/tv",
    "/virtual-meet",
    "/social/login",
    "/social/signup",
    `/social/post/${publicPost}`,
    `/social/post/${membersPost}`,
    "/store",
    "/perks",
    "/search?q=freestyle",
    `/store/${shirt.slug}`,
    `/store/${album.slug}`,
    "/embed/track/waiting-for-your-love",
    "/embed/album/freestyle-nights",
    `/contests/${contest.id}`,
    // The app's not-found page, which the Worker renders with a 404.
    "/no-such-page",
  ];
});

/** Each problem as one line a failing test prints: rule, where, what. */
const describeMessages = (html: string, messages: Message[]) =>
  messages.map((m) => `${m.ruleId} at ${m.line}:${m.column}: ${m.message} | ${html.split("\n")[m.line - 1]?.slice(Math.max(0, m.column - 80), m.column + 80)}`);

async function problemsOf(path: string, headers: Record<string, string>): Promise<string[] | null> {
  const res = await page(path, { headers, assets });
  // A page a member is sent away from (the sign-in pages) has no HTML of its own to check.
  if (res.status >= 300 && res.status < 400) {
    await res.body?.cancel();
    return null;
  }
  expect([200, 404]).toContain(res.status);
  const html = await res.text();
  expect(html).toContain('<div id="root">');
  const report = await validator.validateString(html, path);
  return describeMessages(
    html,
    report.results.flatMap((r) => r.messages),
  );
}

describe("the list of pages", () => {
  it("has an address for every server-rendered route", () => {
    const routes = new Set(paths.map((path) => ssr.matchPage(ORIGIN + path).routeId));
    expect([...routes].filter((id) => id !== null && !(id in SSR_ROUTES))).toEqual([]);
    expect(Object.keys(SSR_ROUTES).filter((id) => !routes.has(id))).toEqual([]);
  });
});

describe.each(["en", "pt-BR"] as const)("every server-rendered page in %s", (locale) => {
  it(
    "is valid HTML for a visitor",
    async () => {
      const problems: Record<string, string[]> = {};
      for (const path of paths) {
        const found = await problemsOf(path, { "accept-language": locale });
        expect(found, path).not.toBeNull();
        if (found!.length > 0) problems[path] = found!;
      }
      expect(problems).toEqual({});
    },
    EVERY_PAGE_TIMEOUT_MS,
  );

  it(
    "is valid HTML for a signed-in member",
    async () => {
      const problems: Record<string, string[]> = {};
      let checked = 0;
      for (const path of paths) {
        const found = await problemsOf(path, { cookie: `${member.cookie}; locale=${locale}` });
        if (found === null) continue;
        checked++;
        if (found.length > 0) problems[path] = found;
      }
      expect(checked).toBeGreaterThan(paths.length - 3);
      expect(problems).toEqual({});
    },
    EVERY_PAGE_TIMEOUT_MS,
  );
});
