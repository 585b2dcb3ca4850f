// Every page a person can open without an id is linked from the site's menus (the header, its
// mobile menu and media menu, the account links, the footer, the back office's sidebar), or is
// listed below with the file that links it from elsewhere: a page in a mail, a popup the players
// open, a step of a flow. A page added to app/routes must take one of the two ways, or people
// could reach it only by typing its address; and each "elsewhere" must still name the page.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const ROOT = new URL("../../", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, ROOT), "utf8");

/** Pages reached from somewhere other than a menu, each with the file that sends people there. */
const LINKED_ELSEWHERE: Record<string, { from: string; how: string }> = {
  "/notifications": { from: "app/components/notifications/NotificationBell.tsx", how: "the bell's panel: See all" },
  "/search": { from: "app/components/search/SiteSearch.tsx", how: "the header's search field: See all results, or Enter" },
  "/signup-options": { from: "app/features/landing/Hero.tsx", how: "the landing page's main button" },
  "/verify-email": { from: "worker/services/email-verification.ts", how: "the confirmation mail" },
  "/vip-confirmation": { from: "worker/routes/payments.ts", how: "the checkout's return address" },
  "/auth/reset-password": { from: "app/features/auth/LoginPage.tsx", how: "Forgot password on the sign-in page" },
  "/auth/sign-in-link": { from: "worker/contracts/sign-in-link.ts", how: "the sign-in link mail" },
  "/dev/mailbox": { from: "README.md", how: "local mode only, named in the README" },
  "/music/player": { from: "app/lib/popups.ts", how: "the music player's pop-out" },
  "/radio/player": { from: "app/lib/popups.ts", how: "the radio player's pop-out" },
  "/newsletter/confirm": { from: "worker/services/newsletter/subscription.ts", how: "the double opt-in mail" },
  "/newsletter/preferences": { from: "worker/services/newsletter/campaigns.ts", how: "every campaign mail" },
  "/newsletter/unsubscribe": { from: "worker/services/newsletter/campaigns.ts", how: "every campaign mail" },
  "/reminders/confirm": { from: "worker/routes/reminders.ts", how: "the reminder's confirmation mail" },
  "/notify-me/confirm": { from: "worker/contracts/notify-me-model.ts", how: 'the "Notify me" confirmation mail' },
  "/notify-me/cancel": { from: "worker/contracts/notify-me-model.ts", how: 'every "Notify me" mail to a visitor' },
  "/social/signup": { from: "app/features/auth/LoginPage.tsx", how: "Create an account on the sign-in page" },
  "/vip-checkout/test": { from: "worker/services/payments/local.ts", how: "the local checkout, in place of Stripe's" },
  "/vip-membership/manage": { from: "worker/services/payments/local.ts", how: "the local portal, in place of Stripe's" },
  "/store/checkout/test": { from: "worker/services/payments/local.ts", how: "the local checkout of a cart, in place of Stripe's" },
  "/store/thanks": { from: "worker/services/payments/types.ts", how: "the store checkout's return address" },
  "/admin/catalog/import": { from: "app/features/admin/catalog/CatalogPage.tsx", how: "the catalog's Import a folder button" },
};

/** One form for router paths and links: no trailing slash. */
const shape = (path: string) => (path.length > 1 ? path.replace(/\/$/, "") : path);

/** The router's pages without an id parameter. */
function staticPages(): string[] {
  const union = /fullPaths:\s*((?:\|\s*'[^']*'\s*)+)/.exec(read("app/routeTree.gen.ts"))?.[1];
  if (!union) throw new Error("app/routeTree.gen.ts lists no fullPaths");
  return [...new Set([...union.matchAll(/'([^']*)'/g)].map((m) => shape(m[1]!)).filter((path) => !path.includes("$")))];
}

/** Every `to` the layout's menus link to. */
function menuLinks(): Set<string> {
  const dir = "app/components/layout/";
  const sources = readdirSync(new URL(dir, ROOT))
    .filter((name) => name.endsWith(".tsx"))
    .map((name) => read(dir + name));
  return new Set(sources.flatMap((source) => [...source.matchAll(/\bto(?:=|: )"(\/[^"]*)"/g)].map((m) => shape(m[1]!))));
}

describe("navigation", () => {
  it("links every page without an id from a menu, or names where it is linked from", () => {
    const menus = menuLinks();
    const unlinked = staticPages().filter((page) => !menus.has(page) && !(page in LINKED_ELSEWHERE));
    expect(unlinked).toEqual([]);
  });

  it("lists as linked elsewhere only pages that exist, are not in a menu, and are named by that file", () => {
    const pages = new Set(staticPages());
    const menus = menuLinks();
    for (const [page, { from }] of Object.entries(LINKED_ELSEWHERE)) {
      expect(pages.has(page), `${page} is a page`).toBe(true);
      expect(menus.has(page), `${page} is in a menu already`).toBe(false);
      expect(read(from), `${from} names ${page}`).toContain(page);
    }
  });
});
