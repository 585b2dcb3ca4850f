// The site shell: header (menus, language, account links, logout), footer, gates and the popup rules.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, createRootRouteWithContext, createRoute, createRouter, Outlet, RouterProvider } from "@tanstack/react-router";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AdminGate, VipGatePanel } from "../../app/components/Gate";
import { copyrightYears, Footer } from "../../app/components/layout/Footer";
import { Header } from "../../app/components/layout/Header";
import { isMobileDevice, openMusicPlayer, openRadioPlayer, type PopupHost } from "../../app/lib/popups";
import { I18nProvider } from "../../app/i18n/I18nProvider";
import type { Locale } from "../../app/i18n/locale";
import { Route as SignupOptionsRoute } from "../../app/routes/signup-options";
import type { SessionUser } from "../../worker/contracts/auth";
import { SITE_CONFIG, seedConfig } from "./fixtures/config";

function user(overrides: Partial<SessionUser> = {}): SessionUser {
  return { id: "user-42", email: "fan@example.test", username: "fan", isAdmin: false, isVIP: false, avatarUrl: null, ...overrides };
}

type Setup = { me?: SessionUser | null; path?: string; children?: ReactNode; locale?: Locale };

/** Renders `children` (default: the Header) under a memory router with seeded ['me'] and ['config']. */
async function renderShell({ me = null, path = "/", children = <Header />, locale = "en" }: Setup = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(["me"], { user: me });
  // The bell's count (tests/app/notifications.test.tsx covers it): no request from these tests.
  queryClient.setQueryData(["notifications", "unread"], { unread: 0 });
  // The cart's count (tests/app/store.test.tsx covers it): no request either.
  queryClient.setQueryData(["store", "cart"], { lines: [] });
  // The plan page's ladder above VIP (tests/app/signup-options-tiers.test.tsx covers it): none here.
  queryClient.setQueryData(["tiers", "ladder"], { tiers: [] });
  seedConfig(queryClient);
  const root = createRootRouteWithContext<{ queryClient: QueryClient }>()({
    component: () => (
      <>
        {children}
        <Outlet />
      </>
    ),
  });
  const page = () => <p>page</p>;
  const routeTree = root.addChildren([
    createRoute({ getParentRoute: () => root, path: "/", component: page }),
    createRoute({ getParentRoute: () => root, path: "$", component: page }),
  ]);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }), context: { queryClient } });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider initialLocale={locale}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  await screen.findByText("page");
  return { queryClient, router };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("Header", () => {
  it("shows the brand from the configuration", async () => {
    await renderShell();
    expect(screen.getByRole("link", { name: "Neon Test Brand home" })).toHaveProperty("pathname", "/");
  });

  it("toggles the small-screen menu with aria-expanded and aria-controls", async () => {
    await renderShell();
    const toggle = screen.getByRole("button", { name: "Open menu" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    const panel = document.getElementById(toggle.getAttribute("aria-controls")!);
    expect(panel?.hidden).toBe(true);

    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(toggle.getAttribute("aria-label")).toBe("Close menu");
    expect(panel?.hidden).toBe(false);
    expect(within(panel!).getByRole("link", { name: "Music Hub" })).toBeTruthy();

    fireEvent.keyDown(document, { key: "Escape" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(toggle);
  });

  it("opens the Media menu, moves with arrow keys and closes on Escape", async () => {
    await renderShell();
    const media = screen.getByRole("button", { name: "Media" });
    expect(media.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("link", { name: "Music Catalog" })).toBeNull();

    fireEvent.click(media);
    expect(media.getAttribute("aria-expanded")).toBe("true");
    const list = document.getElementById(media.getAttribute("aria-controls")!)!;
    const names = within(list)
      .getAllByRole("link")
      .map((link) => link.textContent?.replace(/\(.*\)/, "").trim());
    expect(names).toEqual([
      "Music Hub",
      "Music Catalog",
      "Audio Player",
      "Virtual Meet",
      "Favorites",
      "TV",
      "Radio",
      "Social",
      "Rooms",
      "Remix Contests",
      "VIP Chat",
      "Chat Room",
    ]);

    const hub = within(list).getByRole("link", { name: "Music Hub" });
    hub.focus();
    fireEvent.keyDown(hub, { key: "ArrowDown" });
    expect(document.activeElement?.textContent).toBe("Music Catalog");
    fireEvent.keyDown(document.activeElement!, { key: "ArrowUp" });
    fireEvent.keyDown(document.activeElement!, { key: "ArrowUp" });
    expect(document.activeElement?.textContent).toContain("Chat Room");

    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(media.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(media);
  });

  it("closes the Media menu on a click outside it", async () => {
    await renderShell();
    const media = screen.getByRole("button", { name: "Media" });
    fireEvent.click(media);
    expect(media.getAttribute("aria-expanded")).toBe("true");
    fireEvent.pointerDown(document.body);
    expect(media.getAttribute("aria-expanded")).toBe("false");
  });

  it("opens ArrowDown from the Media button onto the first entry", async () => {
    await renderShell();
    const media = screen.getByRole("button", { name: "Media" });
    fireEvent.keyDown(media, { key: "ArrowDown" });
    expect(media.getAttribute("aria-expanded")).toBe("true");
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Music Hub"));
  });

  it("links the Chat Room to the configured URL in a new tab without an opener", async () => {
    await renderShell();
    fireEvent.click(screen.getByRole("button", { name: "Media" }));
    const chat = screen.getByRole("link", { name: /Chat Room/ });
    expect(chat.getAttribute("href")).toBe(SITE_CONFIG.chatRoomUrl);
    expect(chat.getAttribute("target")).toBe("_blank");
    expect(chat.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("links the VIP chat to /chat from both menus, in both languages", async () => {
    await renderShell();
    fireEvent.click(screen.getByRole("button", { name: "Media" }));
    expect(screen.getByRole("link", { name: "VIP Chat" }).getAttribute("href")).toBe("/chat");
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    expect(within(document.getElementById("mobile-menu")!).getByRole("link", { name: "VIP Chat" }).getAttribute("href")).toBe("/chat");
    cleanup();

    await renderShell({ locale: "pt-BR" });
    fireEvent.click(screen.getByRole("button", { name: "Mídia" }));
    expect(screen.getByRole("link", { name: "Chat VIP" }).getAttribute("href")).toBe("/chat");
  });

  it("opens the Audio Player as the 800x800 musicplayer popup from the desktop menu, 400x600 from the mobile one", async () => {
    const open = vi.spyOn(window, "open").mockReturnValue({ focus: vi.fn() } as unknown as Window);
    await renderShell();
    fireEvent.click(screen.getByRole("button", { name: "Media" }));
    fireEvent.click(screen.getByRole("link", { name: /Audio Player/ }));
    expect(open).toHaveBeenLastCalledWith("/music/player", "musicplayer", "width=800,height=800");

    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const panel = document.getElementById("mobile-menu")!;
    fireEvent.click(within(panel).getByRole("link", { name: /Audio Player/ }));
    expect(open).toHaveBeenLastCalledWith("/music/player", "musicplayer", "width=400,height=600");
  });

  it("navigates to the player in the same window when the popup is blocked", async () => {
    vi.spyOn(window, "open").mockReturnValue(null);
    const { router } = await renderShell();
    fireEvent.click(screen.getByRole("button", { name: "Media" }));
    fireEvent.click(screen.getByRole("link", { name: /Audio Player/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/music/player"));
  });

  it("switches the interface to Portuguese", async () => {
    await renderShell();
    expect(screen.getByRole("link", { name: "Login" })).toBeTruthy();
    // The name holds what the button shows (WCAG 2.5.3 Label in Name), in the option's own language.
    const pt = screen.getByRole("button", { name: "PT — Português (Brasil)" });
    expect(pt.textContent).toBe("PT");
    expect(screen.getByRole("button", { name: "EN — English" }).textContent).toBe("EN");
    expect(pt.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(pt);
    expect(screen.getByRole("button", { name: "Mídia" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Entrar" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Media" })).toBeNull();
    expect(pt.getAttribute("aria-pressed")).toBe("true");
    expect(document.documentElement.lang).toBe("pt-BR");
    expect(localStorage.getItem("locale")).toBe("pt-BR");
  });

  it("a signed-in member's switch is saved on the account; the cookie is written as for everyone", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ locale: "pt-BR" }), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    await renderShell({ me: user() });
    fireEvent.click(screen.getByRole("button", { name: "PT — Português (Brasil)" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledWith("/api/auth/locale", expect.objectContaining({ method: "PUT", body: JSON.stringify({ locale: "pt-BR" }) }));
    expect(document.cookie).toContain("locale=pt-BR");
    // Pressing the language already shown saves nothing.
    fireEvent.click(screen.getByRole("button", { name: "PT — Português (Brasil)" }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("a visitor's switch stays in the browser: no request", async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetchMock);
    await renderShell({ me: null });
    fireEvent.click(screen.getByRole("button", { name: "PT — Português (Brasil)" }));
    expect(screen.getByRole("link", { name: "Entrar" })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows Login to a visitor", async () => {
    await renderShell({ me: null });
    expect(screen.getByRole("link", { name: "Login" }).getAttribute("href")).toBe("/social/login");
    expect(screen.queryByRole("button", { name: "Logout" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Profile" })).toBeNull();
  });

  /** Opens the account menu (in the bar) with a click and gives its menu. */
  const openAccountMenu = (name: RegExp = /account menu/) => {
    const button = screen.getByRole("button", { name });
    fireEvent.click(button, { detail: 1 });
    return { button, menu: screen.getByRole("menu") };
  };
  const entries = (menu: HTMLElement) =>
    within(menu)
      .getAllByRole("menuitem")
      .map((item) => item.textContent);

  it("gives a signed-in member one account menu, named by their name, instead of a row of links", async () => {
    await renderShell({ me: user() });
    const button = screen.getByRole("button", { name: "fan, account menu" });
    expect(button.getAttribute("aria-haspopup")).toBe("menu");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    // Closed, none of its pages is offered in the bar.
    expect(screen.queryByRole("link", { name: "Profile" })).toBeNull();
    expect(screen.queryByRole("menuitem", { name: "Logout" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Login" })).toBeNull();

    const { menu } = openAccountMenu();
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(button.getAttribute("aria-controls")).toBe(menu.id);
    expect(menu.getAttribute("aria-labelledby")).toBe(button.id);
    expect(entries(menu)).toEqual(["Perks", "Collection", "My tickets", "Profile", "Settings", "Logout"]);
    expect(within(menu).getByRole("menuitem", { name: "Profile" }).getAttribute("href")).toBe("/social/profile/user-42");
  });

  it("puts Admin and Check-in first in the menu of an administrator, Check-in in door staff's", async () => {
    await renderShell({ me: user({ isAdmin: true }) });
    const admin = openAccountMenu().menu;
    expect(entries(admin)).toEqual(["Admin", "Check-in", "Perks", "Collection", "My tickets", "Profile", "Settings", "Logout"]);
    expect(within(admin).getByRole("menuitem", { name: "Admin" }).getAttribute("href")).toBe("/admin");
    cleanup();

    await renderShell({ me: user({ isDoorStaff: true }) });
    expect(entries(openAccountMenu().menu)).toEqual(["Check-in", "Perks", "Collection", "My tickets", "Profile", "Settings", "Logout"]);
  });

  it("works the account menu from the keyboard: Enter, Space and arrows open it, arrows move, Escape closes onto the button", async () => {
    await renderShell({ me: user() });
    const button = screen.getByRole("button", { name: /account menu/ });
    // Enter or Space on a button is a click with no pointer (detail 0): it opens onto the first entry.
    fireEvent.click(button, { detail: 0 });
    expect(button.getAttribute("aria-expanded")).toBe("true");
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Perks"));
    fireEvent.keyDown(document.activeElement!, { key: "ArrowDown" });
    expect(document.activeElement?.textContent).toBe("Collection");
    fireEvent.keyDown(document.activeElement!, { key: "End" });
    expect(document.activeElement?.textContent).toBe("Logout");
    fireEvent.keyDown(document.activeElement!, { key: "ArrowDown" });
    expect(document.activeElement?.textContent).toBe("Perks");
    fireEvent.keyDown(document.activeElement!, { key: "ArrowUp" });
    expect(document.activeElement?.textContent).toBe("Logout");
    fireEvent.keyDown(document.activeElement!, { key: "Home" });
    expect(document.activeElement?.textContent).toBe("Perks");
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(button);

    fireEvent.keyDown(button, { key: "ArrowUp" });
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Logout"));
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    fireEvent.keyDown(button, { key: "ArrowDown" });
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Perks"));
    // A click outside closes it.
    fireEvent.pointerDown(document.body);
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });

  it("closes the account menu when one of its pages is followed", async () => {
    const { router } = await renderShell({ me: user() });
    const { button, menu } = openAccountMenu();
    fireEvent.click(within(menu).getByRole("menuitem", { name: "Settings" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings"));
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });

  it("offers the same account menu in the phone menu, in Portuguese too; Escape there closes the account menu only", async () => {
    await renderShell({ me: user({ isAdmin: true }), locale: "pt-BR" });
    fireEvent.click(screen.getByRole("button", { name: "Abrir menu" }));
    const panel = document.getElementById("mobile-menu")!;
    const button = within(panel).getByRole("button", { name: "fan, menu da conta" });
    expect(within(panel).queryByRole("link", { name: "Sair" })).toBeNull();
    fireEvent.click(button, { detail: 1 });
    const menu = within(panel).getByRole("menu");
    expect(entries(menu)).toEqual(["Admin", "Entrada", "Vantagens", "Coleção", "Meus ingressos", "Perfil", "Configurações", "Sair"]);
    within(menu).getByRole("menuitem", { name: "Perfil" }).focus();
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(button);
    expect(panel.hidden).toBe(false);
  });

  it("shows the avatar when the member has one, their initial otherwise", async () => {
    await renderShell({ me: user({ avatarUrl: "/media/avatars/fan.webp" }) });
    const button = screen.getByRole("button", { name: /account menu/ });
    expect(button.querySelector("img")?.getAttribute("src")).toBe("/media/avatars/fan.webp");
    expect(button.querySelector("img")?.getAttribute("alt")).toBe("");
    cleanup();
    await renderShell({ me: user() });
    const initialOnly = screen.getByRole("button", { name: /account menu/ });
    // The initial is drawn, not text: the button's text is exactly the name its label begins with (axe's label-content-name-mismatch).
    expect(initialOnly.querySelector(".account-avatar-initial")?.getAttribute("data-initial")).toBe("F");
    expect(initialOnly.textContent).toBe("fan");
  });

  it("logs out: POST /api/auth/logout, forgets the user, goes home", async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetchMock);
    const { queryClient, router } = await renderShell({ me: user(), path: "/events" });
    fireEvent.click(within(openAccountMenu().menu).getByRole("menuitem", { name: "Logout" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(fetchMock).toHaveBeenCalledWith("/api/auth/logout", expect.objectContaining({ method: "POST" }));
    expect(queryClient.getQueryData(["me"])).toEqual({ user: null });
    expect(await screen.findByRole("link", { name: "Login" })).toBeTruthy();
  });

  it("keeps the user signed in and says so when logout fails", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ error: { code: "x", message: "x" } }), { status: 500 })),
    );
    const { queryClient } = await renderShell({ me: user() });
    const { button, menu } = openAccountMenu();
    fireEvent.click(within(menu).getByRole("menuitem", { name: "Logout" }));
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", "Logout failed. Please try again.");
    expect(queryClient.getQueryData<{ user: SessionUser | null }>(["me"])?.user?.id).toBe("user-42");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(button);
  });

  it("shows the landing anchors only on the home page", async () => {
    await renderShell({ path: "/" });
    const nav = screen.getByRole("navigation", { name: "Main navigation" });
    expect(within(nav).getByRole("link", { name: "Bio" }).getAttribute("href")).toBe("#bio");
    expect(within(nav).getByRole("link", { name: "Contact" }).getAttribute("href")).toBe("#contact");
    cleanup();

    await renderShell({ path: "/events" });
    const other = screen.getByRole("navigation", { name: "Main navigation" });
    expect(within(other).queryByRole("link", { name: "Bio" })).toBeNull();
    expect(within(other).getByRole("link", { name: "Events" }).getAttribute("href")).toBe("/events");
  });
});

describe("Footer", () => {
  it("says the years from 2025 to this one, as a range once the first year is over", () => {
    expect(copyrightYears(new Date("2025-06-01T00:00:00Z"))).toBe("2025");
    expect(copyrightYears(new Date("2026-11-28T12:00:00Z"))).toBe("2025–2026");
    expect(copyrightYears(new Date("2031-01-01T00:00:00Z"))).toBe("2025–2031");
  });

  it("carries the configured contact, social links, the rights line from 2025 and legal + VIP links", async () => {
    await renderShell({ children: <Footer /> });
    const footer = screen.getByRole("contentinfo");
    expect(within(footer).getByRole("link", { name: SITE_CONFIG.infoEmail }).getAttribute("href")).toBe(`mailto:${SITE_CONFIG.infoEmail}`);
    expect(within(footer).getByText("Global")).toBeTruthy();
    const facebook = within(footer).getByRole("link", { name: /Facebook/ });
    expect(facebook.getAttribute("href")).toBe(SITE_CONFIG.socialUrls.facebook);
    expect(facebook.getAttribute("rel")).toBe("noopener noreferrer");
    expect(
      within(footer)
        .getByRole("link", { name: /Instagram/ })
        .getAttribute("href"),
    ).toBe(SITE_CONFIG.socialUrls.instagram);
    expect(footer.textContent).toContain(`© ${copyrightYears()} Neon Test Brand.`);
    expect(footer.textContent).toContain(`© 2025–${new Date().getUTCFullYear()} Neon Test Brand.`);
    expect(footer.textContent).toContain("All rights reserved.");
    for (const [name, href] of [
      ["Music", "/music"],
      ["Events", "/events"],
      ["TV", "/tv"],
      ["Radio", "/radio"],
      ["Social", "/social"],
      ["Privacy Policy", "/privacy"],
      ["Terms of Service", "/terms"],
      ["Accessibility", "/accessibility"],
      ["VIP Signup", "/vip-signup"],
    ]) {
      expect(within(footer).getByRole("link", { name }).getAttribute("href")).toBe(href);
    }
  });
});

describe("gates", () => {
  it("the VIP panel a page shows to a reader it refuses names the gate and links to the sign-up", async () => {
    await renderShell({ me: user(), children: <VipGatePanel /> });
    expect(screen.getByRole("heading", { name: "VIP Access Required" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Become a VIP Member" }).getAttribute("href")).toBe("/vip-signup");
  });

  const roles: [string, SessionUser | null, boolean][] = [
    ["visitor", null, false],
    ["signed-in user", user(), false],
    ["VIP", user({ isVIP: true }), false],
    ["admin", user({ isAdmin: true }), true],
  ];

  for (const [role, me, seesAdmin] of roles) {
    it(`AdminGate for a ${role}`, async () => {
      await renderShell({ me, children: <AdminGate>admin-only content</AdminGate> });
      expect(!!screen.queryByText("admin-only content")).toBe(seesAdmin);
      expect(!!screen.queryByRole("heading", { name: "Admin Access Required" })).toBe(!seesAdmin);
      if (!seesAdmin) expect(screen.getByText("You don't have permission to access this content.")).toBeTruthy();
    });
  }
});

describe("popups", () => {
  const fakeHost = (result: Window | null | "throw") => {
    const open = vi.fn(() => {
      if (result === "throw") throw new Error("blocked");
      return result;
    });
    return { host: { open } as unknown as PopupHost, open };
  };
  const aWindow = () => ({ focus: vi.fn() }) as unknown as Window;

  it("opens the music player named musicplayer at 800x800 (desktop) and 400x600 (mobile)", () => {
    const { host, open } = fakeHost(aWindow());
    const fallback = vi.fn();
    expect(openMusicPlayer(host, "desktop", fallback)).toBe(true);
    expect(open).toHaveBeenLastCalledWith("/music/player", "musicplayer", "width=800,height=800");
    expect(openMusicPlayer(host, "mobile", fallback)).toBe(true);
    expect(open).toHaveBeenLastCalledWith("/music/player", "musicplayer", "width=400,height=600");
    expect(fallback).not.toHaveBeenCalled();
  });

  it("falls back to navigating when window.open is blocked or throws", () => {
    for (const result of [null, "throw"] as const) {
      const { host } = fakeHost(result);
      const fallback = vi.fn();
      expect(openMusicPlayer(host, "desktop", fallback)).toBe(false);
      expect(fallback).toHaveBeenCalledWith("/music/player");
    }
  });

  it("opens the radio in a 400x600 popup on desktop and in the same window on mobile devices", () => {
    const desktop = fakeHost(aWindow());
    const fallback = vi.fn();
    expect(openRadioPlayer(desktop.host, false, fallback)).toBe(true);
    expect(desktop.open).toHaveBeenCalledWith("/radio/player", "radioplayer", "width=400,height=600");
    expect(fallback).not.toHaveBeenCalled();

    const mobile = fakeHost(aWindow());
    expect(openRadioPlayer(mobile.host, true, fallback)).toBe(false);
    expect(mobile.open).not.toHaveBeenCalled();
    expect(fallback).toHaveBeenCalledWith("/radio/player");

    const blocked = fakeHost(null);
    const blockedFallback = vi.fn();
    openRadioPlayer(blocked.host, false, blockedFallback);
    expect(blockedFallback).toHaveBeenCalledWith("/radio/player");
  });

  it("recognises mobile devices", () => {
    expect(isMobileDevice({ userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148" })).toBe(true);
    expect(isMobileDevice({ userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126 Mobile Safari/537.36" })).toBe(true);
    expect(isMobileDevice({ userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/126 Safari/537.36", userAgentData: { mobile: true } })).toBe(true);
    expect(isMobileDevice({ userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15", maxTouchPoints: 5 })).toBe(true);
    expect(isMobileDevice({ userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15", maxTouchPoints: 0 })).toBe(false);
    expect(isMobileDevice({ userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126 Safari/537.36" })).toBe(false);
    expect(isMobileDevice(undefined)).toBe(false);
  });

  it("the desktop Radio entry navigates in the same window on a phone", async () => {
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148");
    const open = vi.spyOn(window, "open");
    const { router } = await renderShell();
    fireEvent.click(screen.getByRole("button", { name: "Media" }));
    await act(async () => {
      fireEvent.click(screen.getByRole("link", { name: "Radio" }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/radio/player"));
    expect(open).not.toHaveBeenCalled();
  });
});

// The landing page's own cases (iconic hits, VIP section, ...) are in landing.test.tsx.
describe("plan page", () => {
  it("shows both plans with the configured VIP price per locale", async () => {
    const SignupOptions = SignupOptionsRoute.options.component!;
    await renderShell({ children: <SignupOptions /> });
    expect(screen.getByRole("heading", { name: "VIP" }).closest("article")?.textContent).toContain("$9.99/month");
    expect(screen.getByRole("link", { name: "Sign Up Free" }).getAttribute("href")).toBe("/social/signup");
    expect(screen.getByRole("link", { name: "Become a VIP Member" }).getAttribute("href")).toBe("/vip-signup");
    expect(screen.getByRole("link", { name: "Log in" }).getAttribute("href")).toBe("/social/login");
    const free = screen.getByRole("heading", { name: "Free" }).closest("article")!;
    expect(within(free).getByText("Virtual meets").closest("li")?.className).toContain("is-excluded");
    cleanup();

    await renderShell({ locale: "pt-BR", children: <SignupOptions /> });
    const vip = screen.getByRole("heading", { name: "VIP" }).closest("article")!;
    expect(vip.textContent?.replace(/\s/g, " ")).toContain("US$ 9,99/mês");
  });
});
