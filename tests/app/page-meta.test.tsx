// Page titles and descriptions: usePageMeta sets "<page> · <brand>" and <meta name="description"> in
// the active language, follows a language switch and navigation, and every file route uses it.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, createRouter, RouterProvider, type AnyRoute } from "@tanstack/react-router";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import en from "../../app/i18n/en?english";
import ptBR from "../../app/i18n/pt-BR.json";
import { I18nProvider, useLocale } from "../../app/i18n/I18nProvider";
import type { Locale } from "../../app/i18n/locale";
import { usePageMeta } from "../../app/lib/usePageMeta";
import { routeTree } from "../../app/routeTree.gen";
import type { SessionUser } from "../../worker/contracts/auth";
import type { ProfileView } from "../../worker/contracts/profiles";
import { json, mockApi } from "./accounts-harness";
import { SITE_CONFIG, seedConfig } from "./fixtures/config";

const BRAND = SITE_CONFIG.brandName;
// An administrator with VIP passes every guard, so each page itself is shown.
const ADMIN: SessionUser = {
  id: "11111111-1111-4111-8111-111111111111",
  email: "admin@example.test",
  username: "site_admin",
  isAdmin: true,
  isVIP: true,
  avatarUrl: null,
};

const profileOf = (id: string, username: string): ProfileView => ({
  id,
  username,
  avatarUrl: null,
  bio: null,
  website: null,
  location: null,
  isVIP: false,
  isAdmin: false,
  createdAt: "2025-01-01T00:00:00.000Z",
});

const description = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;
const catalogs = { en: en as Record<string, string>, "pt-BR": ptBR as Record<string, string> };
/** A catalog message with {brand} filled in (the meta messages use no other argument). */
const msg = (locale: Locale, id: string) => catalogs[locale][id]!.replaceAll("{brand}", BRAND);

function seededClient({ config = true } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(["me"], { user: ADMIN });
  if (config) seedConfig(queryClient);
  return queryClient;
}

/** The real app: generated route tree, real root (header, footer), seeded session and config. */
function renderSite(url: string, { locale = "en" as Locale, queryClient = seededClient() } = {}) {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [url] }), context: { queryClient } });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider initialLocale={locale}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

beforeEach(() => {
  document.title = "";
  document.head.querySelectorAll('meta[name="description"]').forEach((tag) => tag.remove());
  // Everything the pages ask the API for answers 404: these tests are about the document head.
  mockApi({});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("usePageMeta", () => {
  const pageMessages = {
    title: { id: "meta.catalog.title", defaultMessage: "Music Catalog" },
    description: { id: "meta.catalog.description", defaultMessage: "Every album and single." },
  };
  let switchTo: (locale: Locale) => void = () => {};

  function Page({ home = false }: { home?: boolean }) {
    usePageMeta({ ...pageMessages, brandFirst: home });
    switchTo = useLocale().setLocale;
    return null;
  }

  function renderHook(ui: ReactNode, { locale = "en" as Locale, queryClient = seededClient() } = {}) {
    const view = render(
      <QueryClientProvider client={queryClient}>
        <I18nProvider initialLocale={locale}>{ui}</I18nProvider>
      </QueryClientProvider>,
    );
    return { ...view, queryClient };
  }

  it("sets the title with the brand and the description, in English", () => {
    renderHook(<Page />);
    expect(document.title).toBe(`Music Catalog · ${BRAND}`);
    expect(description()).toBe(msg("en", "meta.catalog.description"));
  });

  it("sets them in Portuguese, and follows a language switch both ways", () => {
    renderHook(<Page />, { locale: "pt-BR" });
    expect(document.title).toBe(`Catálogo de Músicas · ${BRAND}`);
    expect(description()).toBe(msg("pt-BR", "meta.catalog.description"));

    act(() => switchTo("en"));
    expect(document.title).toBe(`Music Catalog · ${BRAND}`);
    expect(description()).toBe(msg("en", "meta.catalog.description"));
    act(() => switchTo("pt-BR"));
    expect(document.title).toBe(`Catálogo de Músicas · ${BRAND}`);
  });

  it("puts the brand first on the home page", () => {
    renderHook(<Page home />);
    expect(document.title).toBe(`${BRAND} · Music Catalog`);
  });

  it("gives the site's own title and description back when the page goes away", () => {
    const { rerender, queryClient } = renderHook(<Page />, { locale: "pt-BR" });
    rerender(
      <QueryClientProvider client={queryClient}>
        <I18nProvider initialLocale="pt-BR">{null}</I18nProvider>
      </QueryClientProvider>,
    );
    expect(document.title).toBe(BRAND);
    expect(description()).toBe(msg("pt-BR", "meta.site.description"));
  });

  it("adds the brand once the configuration arrives, without asking for it itself", async () => {
    const api = mockApi({});
    const queryClient = seededClient({ config: false });
    renderHook(<Page />, { queryClient });
    expect(document.title).toBe("Music Catalog");
    act(() => seedConfig(queryClient));
    await waitFor(() => expect(document.title).toBe(`Music Catalog · ${BRAND}`));
    expect(api.callsTo("GET /api/config")).toHaveLength(0);
  });

  it("uses the site description on a page that has none", () => {
    function AdminPage() {
      usePageMeta({ title: { id: "meta.admin.users.title", defaultMessage: "Admin: Users" } });
      return null;
    }
    renderHook(<AdminPage />);
    expect(document.title).toBe(`Admin: Users · ${BRAND}`);
    expect(description()).toBe(msg("en", "meta.site.description"));
  });
});

describe("pages in the app", () => {
  it("names the landing page after the brand, in both languages", async () => {
    renderSite("/");
    await waitFor(() => expect(document.title).toBe(`${BRAND} · The Official Fan Community`));
    expect(description()).toBe(msg("en", "meta.home.description"));

    fireEvent.click(screen.getAllByRole("button", { name: "PT — Português (Brasil)" })[0]!);
    await waitFor(() => expect(document.title).toBe(`${BRAND} · A comunidade oficial de fãs`));
    expect(description()).toBe(msg("pt-BR", "meta.home.description"));
  });

  it("updates on navigation and on the header's language switch", async () => {
    const { router } = renderSite("/music/catalog");
    await waitFor(() => expect(document.title).toBe(`Music Catalog · ${BRAND}`));
    expect(description()).toBe(msg("en", "meta.catalog.description"));

    fireEvent.click(screen.getAllByRole("button", { name: "PT — Português (Brasil)" })[0]!);
    await waitFor(() => expect(document.title).toBe(`Catálogo de Músicas · ${BRAND}`));
    expect(description()).toBe(msg("pt-BR", "meta.catalog.description"));

    await act(() => router.navigate({ to: "/privacy" }));
    await waitFor(() => expect(document.title).toBe(`Política de Privacidade · ${BRAND}`));
    expect(description()).toBe(msg("pt-BR", "meta.privacy.description"));

    // A page without a description of its own (back office) gets the site's, not the previous page's.
    await act(() => router.navigate({ to: "/admin/users" }));
    await waitFor(() => expect(document.title).toBe(`Admin: Usuários · ${BRAND}`));
    expect(description()).toBe(msg("pt-BR", "meta.site.description"));

    await act(() => router.navigate({ to: "/no/such/page" as never }));
    await waitFor(() => expect(document.title).toBe(`Página não encontrada · ${BRAND}`));
    expect(description()).toBe(msg("pt-BR", "meta.site.description"));
  });

  it("names a profile page after its owner once it has loaded", async () => {
    const owner = "22222222-2222-4222-8222-222222222222";
    mockApi({
      [`GET /api/profiles/${owner}`]: json(200, { profile: profileOf(owner, "maria_beats") }),
      [`GET /api/profiles/${owner}/posts`]: json(200, { posts: [] }),
    });
    renderSite(`/social/profile/${owner}`, { locale: "pt-BR" });
    await waitFor(() => expect(document.title).toBe(`Perfil de maria_beats · ${BRAND}`));
    fireEvent.click(screen.getAllByRole("button", { name: "EN — English" })[0]!);
    await waitFor(() => expect(document.title).toBe(`maria_beats's Profile · ${BRAND}`));
  });

  it("describes the public pages in Portuguese", async () => {
    const { router } = renderSite("/social/login", { locale: "pt-BR" });
    await waitFor(() => expect(document.title).toBe(`Entrar · ${BRAND}`));
    expect(description()).toBe(msg("pt-BR", "meta.login.description"));
    expect(description()).toContain(BRAND);

    await act(() => router.navigate({ to: "/vip-signup" }));
    await waitFor(() => expect(document.title).toBe(`Torne-se um Membro VIP · ${BRAND}`));
    expect(description()).toBe(msg("pt-BR", "meta.vipSignup.description"));
  });
});

// Every file route, as the generated route tree has it --------------------------------------------

type TreeRoute = AnyRoute & { children?: Record<string, TreeRoute> };

function flatten(route: TreeRoute): TreeRoute[] {
  const children: TreeRoute[] = route.children ? Object.values(route.children) : [];
  return [route, ...children.flatMap(flatten)];
}

// A router works out each route's full path.
createRouter({ routeTree, history: createMemoryHistory(), context: { queryClient: new QueryClient() } });
const allRoutes = flatten(routeTree as unknown as TreeRoute).filter((route) => !route.isRoot);
/** Pages: routes that render something and have no child routes (layouts like /admin only frame them). */
const pages = allRoutes.filter((route) => route.options.component && !route.children);
const urlOf = (fullPath: string) =>
  fullPath
    .replace("$userId", ADMIN.id)
    .replace("$postId", "00000000-0000-4000-8000-000000000001")
    .replace(/\$\w+/g, "sample-1")
    .replace(/(.)\/$/, "$1");

/** The public pages (docs/design.md#9-first-load-and-server-rendering), which carry a description of their own. */
const PUBLIC_PAGES = [
  "/",
  "/music/",
  "/music/catalog/",
  "/music/catalog/$id",
  "/music/track/$trackId",
  "/radio/",
  "/tv",
  "/events",
  "/virtual-meet",
  "/signup-options",
  "/vip-signup",
  "/social/",
  "/social/login",
  "/social/signup",
  "/privacy",
  "/terms",
  "/copyright",
  "/accessibility",
  "/store/",
  "/store/$product",
  "/perks",
  "/contests/$contest",
];

// The route files' source (Vite resolves the glob at build time).
const routeSources = import.meta.glob<string>("../../app/routes/**/*.tsx", { query: "?raw", import: "default", eager: true });

// The last two tests read what the pages' tests found: in this order, even in a shuffled run.
describe("every file route", { shuffle: false }, () => {
  it("finds the routes (the walk itself works)", () => {
    expect(pages.length).toBeGreaterThan(30);
    expect(pages.map((route) => route.fullPath)).toContain("/music/catalog/");
    expect(Object.keys(routeSources).length).toBeGreaterThan(30);
  });

  it("calls usePageMeta in each route file that renders a page", () => {
    const missing = Object.entries(routeSources)
      .filter(([, source]) => /\bcomponent\s*:/.test(source) && !/<Outlet\b/.test(source))
      .filter(([, source]) => !/\busePageMeta\(/.test(source))
      .map(([file]) => file.replace("../../", ""));
    expect(missing, "route files without usePageMeta").toEqual([]);
  });

  // Renders each page of the generated route tree in the real app and reads the tab title.
  const titles = new Map<string, string>();
  const notFoundTitle = `${msg("en", "meta.notFound.title")} · ${BRAND}`;
  it.each(pages.map((route) => [route.fullPath, route.id]))("%s sets its own title", async (fullPath, id) => {
    // The one page with a loader (a profile) gets its data; every other API call answers 404.
    mockApi({
      [`GET /api/profiles/${ADMIN.id}`]: json(200, { profile: profileOf(ADMIN.id, ADMIN.username) }),
      [`GET /api/profiles/${ADMIN.id}/posts`]: json(200, { posts: [] }),
    });
    const { router } = renderSite(urlOf(fullPath));
    await waitFor(() => {
      expect(document.title.endsWith(` · ${BRAND}`) || document.title.startsWith(`${BRAND} · `), document.title).toBe(true);
    });
    // The page itself was shown: not a redirect, and not the 404 page.
    expect(router.state.matches.at(-1)?.routeId).toBe(id);
    expect(document.title).not.toBe(notFoundTitle);
    titles.set(fullPath, document.title);
    // Public pages describe themselves to search engines; the others keep the site's description.
    if (PUBLIC_PAGES.includes(fullPath)) expect(description()).not.toBe(msg("en", "meta.site.description"));
    expect(description()).toBeTruthy();
  });

  it("knows the public pages by their paths", () => {
    expect(PUBLIC_PAGES.filter((path) => !titles.has(path))).toEqual([]);
  });

  it("gives each page a different title", () => {
    const seen = new Map<string, string[]>();
    for (const [path, title] of titles) seen.set(title, [...(seen.get(title) ?? []), path]);
    const shared = [...seen].filter(([, paths]) => paths.length > 1);
    expect(titles.size).toBe(pages.length);
    expect(shared).toEqual([]);
  });
});
