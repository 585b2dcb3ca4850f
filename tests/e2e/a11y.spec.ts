// Accessibility scan of the main pages with axe-core (from node_modules, evaluated in the page: no
// network at test time), as a visitor and as the role each page is for, in English and, for a few,
// in Portuguese. Any violation of any rule fails: fixes go in the components, not in this list.
// The rules are axe-core's defaults (WCAG 2.0 and 2.1 A and AA, best practices) and WCAG 2.2's
// target size; the accessibility statement (/accessibility) says so.
// A few pages a journey, so the scans spread over the workers and a slow host cannot time out a long list.
import type { Locator, Page } from "@playwright/test";
import { expect, hydrated, signUp, test } from "./fixtures";
import { demoAccount, t } from "./support";
import { hostMs } from "./host-time";
import { axeViolationNodes } from "./axe";

type Locale = "en" | "pt-BR";
type Role = "visitor" | "fan" | "vip" | "admin" | "buyer";
/** A page to scan and what shows once its data is there (a heading name, or a text). */
type Target = { path: string | (() => string); ready?: (page: Page, locale: Locale) => Promise<void> };

const heading =
  (name: string | ((locale: Locale) => string), level = 1) =>
  async (page: Page, locale: Locale) => {
    await expect(page.getByRole("heading", { level, name: typeof name === "string" ? name : name(locale) }).first()).toBeVisible();
  };

const VIP_PROFILE = () => `/social/profile/${demoAccount("vip").id}`;

const PAGES: Record<string, Target> = {
  landing: { path: "/", ready: heading((l) => t(l, "home.hero.title")) },
  events: { path: "/events", ready: async (page) => await expect(page.getByText("Miami Freestyle Heat").first()).toBeVisible() },
  music: { path: "/music", ready: heading((l) => t(l, "music.hub.artist")) },
  catalog: { path: "/music/catalog", ready: async (page) => await expect(page.getByText("City Lights Calling").first()).toBeVisible() },
  album: { path: "/music/catalog/freestyle-nights", ready: async (page) => await expect(page.getByText("Say It on the Dance Floor").first()).toBeVisible() },
  track: { path: "/music/track/waiting-for-your-love", ready: heading("Waiting for Your Love") },
  radio: { path: "/radio" },
  tv: { path: "/tv", ready: async (page) => await expect(page.locator(".tv-card").first()).toBeVisible() },
  feed: { path: "/social", ready: async (page) => await expect(page.locator("article.feed-post").first()).toBeVisible() },
  profile: { path: VIP_PROFILE, ready: heading(demoAccount("vip").username) },
  vipSignup: { path: "/vip-signup", ready: heading((l) => t(l, "vip.signup.title")) },
  virtualMeet: { path: "/virtual-meet" },
  privacy: { path: "/privacy", ready: heading((l) => t(l, "meta.privacy.title")) },
  /** The accessibility statement, with its contact form. */
  accessibility: {
    path: "/accessibility",
    ready: async (page, locale) => {
      await heading((l) => t(l, "meta.accessibility.title"))(page, locale);
      await expect(page.getByRole("form", { name: t(locale, "contact.form.heading") })).toBeVisible();
    },
  },
  login: { path: "/social/login" },
  perks: { path: "/perks", ready: async (page) => await expect(page.getByRole("article").first()).toBeVisible() },
  admin: { path: "/admin" },
  adminCatalog: { path: "/admin/catalog" },
  adminEvents: { path: "/admin/events" },
  adminOrders: { path: "/admin/store/orders", ready: heading((l) => t(l, "admin.storeOrders.title")) },
  adminTickets: { path: "/admin/tickets", ready: heading((l) => t(l, "admin.tickets.title")) },
  search: { path: "/search?q=miami", ready: async (page) => await expect(page.getByRole("link", { name: /Miami/ }).first()).toBeVisible() },
  /** A buyer's pages: a bought album's download links, a held ticket's Edit name. */
  collection: { path: "/collection", ready: async (page) => await expect(page.locator("a[download]").first()).toBeVisible() },
  tickets: { path: "/tickets", ready: async (page) => await expect(page.locator(".ticket-holder button").first()).toBeVisible() },
  /** The header's account menu, open (its entries are menu items of a menu named by its button). */
  accountMenu: {
    path: "/events",
    ready: async (page) => {
      await page
        .getByRole("banner")
        .getByRole("button", { name: /, (account menu|menu da conta)$/ })
        .click();
      await expect(page.getByRole("menu")).toBeVisible();
    },
  },
};

/** Opens `target`, waits until it has hydrated and loaded its data, and returns axe's violations, one line per node. */
async function scan(page: Page, locale: Locale, name: string, target: Target): Promise<string[]> {
  const path = typeof target.path === "string" ? target.path : target.path();
  await page.goto(path);
  await hydrated(page);
  await target.ready?.(page, locale);
  // Nothing is still loading (skeletons and busy regions carry aria-busy).
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  return (await axeViolationNodes(page)).map((v) => `[${locale}] ${name} ${path}: ${v.id} (${v.impact}) ${v.target} — ${v.summary}`);
}

/** A new member who bought a digital album and a ticket through the test checkout (the demo accounts own neither); in English. */
async function becomeBuyer(page: Page) {
  await signUp(page);
  await page.goto("/store/moonlight-boulevard-digital");
  await hydrated(page);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("Added to your cart.")).toBeVisible();
  await page.goto("/store/cart");
  await hydrated(page);
  await expect(page.getByText("Working out the total...")).toHaveCount(0);
  await pay(page, page.getByRole("button", { name: "Checkout" }));
  await page.goto("/events");
  await hydrated(page);
  const block = page.getByRole("region", { name: "Get tickets" }).first();
  await block
    .getByLabel(/^How many .* tickets$/)
    .first()
    .selectOption("1");
  await pay(page, block.getByRole("button", { name: "Buy tickets" }));
}

/** Starts a checkout with `start` and pays it on the test checkout page. */
async function pay(page: Page, start: Locator) {
  await start.click();
  await expect(page).toHaveURL(/\/store\/checkout\/test\?session=/);
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/store\/thanks\?session_id=/);
  await expect(page.getByText(/^Order #\d+$/)).toBeVisible();
}

/** Signs `page`'s context in as `role` through the API, whatever the language: the cookie lands in its jar. The login form itself is scanned on its own page, and its journey is tests/e2e/account-journey.spec.ts. */
async function signInAs(page: Page, baseURL: string, role: Exclude<Role, "visitor" | "buyer">) {
  const { email, password } = demoAccount(role);
  const res = await page.context().request.post("/api/auth/login", { data: { email, password }, headers: { origin: baseURL } });
  expect(res.status(), `sign-in as ${role}`).toBe(200);
}

/** Which pages each role scans in each language. */
const SCANS: [Exclude<Role, "buyer">, Locale, (keyof typeof PAGES)[]][] = [
  [
    "visitor",
    "en",
    [
      "landing",
      "events",
      "music",
      "catalog",
      "album",
      "track",
      "radio",
      "tv",
      "vipSignup",
      "virtualMeet",
      "privacy",
      "accessibility",
      "login",
      "perks",
      "search",
    ],
  ],
  ["visitor", "pt-BR", ["landing", "events", "music", "album", "tv", "vipSignup", "login", "accessibility"]],
  ["fan", "en", ["feed", "profile", "perks", "virtualMeet"]],
  ["fan", "pt-BR", ["feed", "perks", "search"]],
  ["vip", "en", ["feed", "tv", "radio", "perks", "virtualMeet", "album"]],
  ["admin", "en", ["admin", "adminCatalog", "adminEvents", "adminOrders", "adminTickets", "accountMenu"]],
  ["admin", "pt-BR", ["adminOrders", "adminTickets", "accountMenu"]],
];

/** Pages a journey scans in one browser context: it keeps the app's files cached between them (a context a page cost half as much again), while the journeys still spread over the workers. */
const PAGES_A_JOURNEY = 5;

test.describe("axe finds no violation", () => {
  // The fixtures' page brings the uncaught-error check. Contrast is measured on the settled page,
  // not halfway through a fade-in.
  test.use({ reducedMotion: "reduce" });
  for (const [role, locale, names] of SCANS) {
    test.describe(`${role}, ${locale}`, () => {
      test.use({ locale });
      for (let start = 0; start < names.length; start += PAGES_A_JOURNEY) {
        const some = names.slice(start, start + PAGES_A_JOURNEY);
        test(some.join(", "), async ({ page, baseURL }) => {
          if (role !== "visitor") await signInAs(page, baseURL!, role);
          const found: string[] = [];
          for (const name of some) found.push(...(await scan(page, locale, `${role}/${name}`, PAGES[name]!)));
          expect(found, "axe violations").toEqual([]);
        });
      }
    });
  }

  test("a buyer's collection and tickets, both languages", async ({ page }) => {
    // A sign-up, its confirmation and two checkouts come before the five scans.
    test.setTimeout(hostMs(180_000));
    await becomeBuyer(page);
    const found: string[] = [];
    for (const name of ["collection", "tickets", "accountMenu"] as const) found.push(...(await scan(page, "en", `buyer/${name}`, PAGES[name]!)));
    // The member's own switch: the account keeps the language for the pages after.
    await page.getByRole("button", { name: t("en", "nav.language.pt") }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
    for (const name of ["collection", "tickets"] as const) found.push(...(await scan(page, "pt-BR", `buyer/${name}`, PAGES[name]!)));
    expect(found, "axe violations").toEqual([]);
  });
});
