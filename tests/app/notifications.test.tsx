// The notification centre in the SPA against a fake API and a fake socket: the header's bell shows
// the unread count ("99+" at the cap) in its name and badge, in both languages; a notification
// frame on the member-notices socket, or the service worker's message, refetches it; the panel
// lists the newest, marks one read on click and all on "Mark all as read"; Escape closes it and
// gives focus back to the bell; every kind has its text in en and pt-BR (grouped likes with ICU
// plurals); and /notifications pages with "Load more", with empty and error states.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, createRootRouteWithContext, createRoute, createRouter, Outlet, RouterProvider } from "@tanstack/react-router";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createIntl } from "react-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Header } from "../../app/components/layout/Header";
import { notificationText } from "../../app/components/notifications/notificationText";
import en from "../../app/i18n/en?english";
import ptBR from "../../app/i18n/pt-BR.json";
import { I18nProvider } from "../../app/i18n/I18nProvider";
import type { Locale } from "../../app/i18n/locale";
import { useMemberNotices } from "../../app/lib/session/useMemberNotices";
import { Route as NotificationsRoute } from "../../app/routes/notifications";
import { NOTIFICATION_KINDS } from "../../worker/contracts/notification-kinds";
import { NOTIFICATION_FRAME, type NotificationKind, type NotificationsPage, type NotificationView } from "../../worker/contracts/notifications";
import { ROLE_CHANGED_FRAME } from "../../worker/contracts/realtime";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sessionUser, stubRoute, type ApiRoutes } from "./accounts-harness";
import { configRoute, seedConfig } from "./fixtures/config";

class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static readonly instances: FakeWebSocket[] = [];
  readyState = FakeWebSocket.CONNECTING;
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }
  send() {}
  close() {
    this.readyState = FakeWebSocket.CLOSED;
  }
  serverOpen() {
    act(() => {
      this.readyState = FakeWebSocket.OPEN;
      this.onopen?.(new Event("open"));
    });
  }
  serverSend(data: string) {
    act(() => this.onmessage?.(new MessageEvent("message", { data })));
  }
}

const MEMBER = sessionUser();

function notification(id: string, overrides: Partial<NotificationView> = {}): NotificationView {
  return {
    id,
    kind: "comment",
    actor: { username: "maria", avatarUrl: null },
    actorCount: 1,
    params: { excerpt: "Great show!" },
    link: `/social/post/post-${id}`,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    read: false,
    ...overrides,
  };
}

const page = (items: NotificationView[], nextCursor: string | null = null, unread = items.filter((i) => !i.read).length): NotificationsPage => ({
  items,
  nextCursor,
  unread,
});

/** An answer that changes each time: the n-th call gets answers[n] (the last one after that). */
function inTurn(answers: unknown[]) {
  let served = 0;
  return () => json(200, answers[Math.min(served++, answers.length - 1)]);
}

let serviceWorker: EventTarget;

beforeEach(() => {
  FakeWebSocket.instances.length = 0;
  vi.stubGlobal("WebSocket", FakeWebSocket);
  // The page listens for the service worker's messages (a push arrived) on navigator.serviceWorker.
  serviceWorker = new EventTarget();
  Object.defineProperty(navigator, "serviceWorker", { value: serviceWorker, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, "serviceWorker");
});

/** The header (and the notices socket, as the root layout holds it) under a memory router. */
async function renderHeader(routes: ApiRoutes, { locale = "en" as Locale } = {}) {
  const api = mockApi({ "GET /api/auth/me": json(200, { user: MEMBER }), ...routes });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(["me"], { user: MEMBER });
  seedConfig(queryClient);
  const root = createRootRouteWithContext<{ queryClient: QueryClient }>()({
    component: function Root() {
      useMemberNotices();
      return (
        <>
          <Header />
          <Outlet />
        </>
      );
    },
  });
  const routeTree = root.addChildren([
    createRoute({ getParentRoute: () => root, path: "/", component: () => <p>home</p> }),
    createRoute({ getParentRoute: () => root, path: "$", component: () => <p data-testid="landed">landed</p> }),
  ]);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ["/"] }), context: { queryClient } });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider initialLocale={locale}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  await screen.findByText("home");
  return { ...api, router, queryClient };
}

const bell = (name: string | RegExp) => screen.findByRole("button", { name });
const badge = (button: HTMLElement) => button.querySelector(".notification-badge")?.textContent ?? null;

describe("the header's bell", () => {
  it("shows the unread count in its name and badge, in both languages; none for visitors", async () => {
    await renderHeader({ "GET /api/notifications/unread": json(200, { unread: 3 }) });
    expect(badge(await bell("Notifications, 3 unread"))).toBe("3");
    cleanup();

    await renderHeader({ "GET /api/notifications/unread": json(200, { unread: 1 }) }, { locale: "pt-BR" });
    expect(badge(await bell("Notificações, 1 não lida"))).toBe("1");
    cleanup();

    await renderHeader({ "GET /api/notifications/unread": json(200, { unread: 0 }) });
    expect(badge(await bell("Notifications"))).toBeNull();
  });

  it("says 99+ once the capped count reaches the cap", async () => {
    await renderHeader({ "GET /api/notifications/unread": json(200, { unread: 100 }) });
    expect(badge(await bell("Notifications, more than 99 unread"))).toBe("99+");
    cleanup();
    await renderHeader({ "GET /api/notifications/unread": json(200, { unread: 99 }) }, { locale: "pt-BR" });
    expect(badge(await bell("Notificações, 99 não lidas"))).toBe("99");
  });

  it("a notification frame on the notices socket refetches the count; other frames do not", async () => {
    const { callsTo } = await renderHeader({ "GET /api/notifications/unread": inTurn([{ unread: 1 }, { unread: 2 }, { unread: 5 }]) });
    await bell("Notifications, 1 unread");
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const socket = FakeWebSocket.instances[0]!;
    socket.serverOpen();
    socket.serverSend("pong");
    socket.serverSend(JSON.stringify({ type: "events", events: [] }));
    expect(callsTo("GET /api/notifications/unread")).toHaveLength(1);

    socket.serverSend(NOTIFICATION_FRAME);
    expect(badge(await bell("Notifications, 2 unread"))).toBe("2");
    expect(callsTo("GET /api/notifications/unread")).toHaveLength(2);
    // The role notice still refetches `me` only.
    socket.serverSend(ROLE_CHANGED_FRAME);
    await waitFor(() => expect(callsTo("GET /api/auth/me")).toHaveLength(1));
    expect(callsTo("GET /api/notifications/unread")).toHaveLength(2);

    // A push the service worker received: it tells the page, which refetches too.
    act(() => void serviceWorker.dispatchEvent(new MessageEvent("message", { data: { type: "notification" } })));
    expect(badge(await bell("Notifications, 5 unread"))).toBe("5");
  });

  it("opens a dialog with the newest notifications; clicking one marks it read and goes to its link", async () => {
    const liked = notification("n1", { kind: "like", actorCount: 5, params: {}, link: "/social/post/p1" });
    const old = notification("n2", { kind: "release", actor: null, params: { title: "Neon Nights" }, link: "/music/catalog/neon", read: true });
    const { callsTo, router } = await renderHeader({
      "GET /api/notifications/unread": inTurn([{ unread: 1 }, { unread: 0 }]),
      "GET /api/notifications": json(200, page([liked, old])),
      "POST /api/notifications/n1/read": () => new Response(null, { status: 204 }),
    });
    const button = await bell("Notifications, 1 unread");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    const dialog = screen.getByRole("dialog", { name: "Notifications" });
    expect(document.getElementById(button.getAttribute("aria-controls")!)!.contains(dialog)).toBe(true);
    expect(document.activeElement).toBe(dialog);

    const list = await within(dialog).findByRole("list", { name: "Newest notifications" });
    const rows = within(list).getAllByRole("link");
    expect(rows.map((row) => row.querySelector(".notification-text")!.textContent)).toEqual(["maria and 4 others liked your post", "New release: Neon Nights"]);
    expect(within(rows[0]!).getByRole("img", { name: "Unread" })).toBeTruthy();
    expect(within(rows[1]!).queryByRole("img", { name: "Unread" })).toBeNull();
    expect(rows[0]!.querySelector("time")?.textContent).toBe("5 minutes ago");
    expect(within(dialog).getByRole("link", { name: "See all" }).getAttribute("href")).toBe("/notifications");

    fireEvent.click(rows[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe("/social/post/p1"));
    expect(callsTo("POST /api/notifications/n1/read")).toHaveLength(1);
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(badge(await bell("Notifications"))).toBeNull();
  });

  it("marks all as read in one request", async () => {
    const { callsTo } = await renderHeader({
      "GET /api/notifications/unread": inTurn([{ unread: 2 }, { unread: 0 }]),
      "GET /api/notifications": inTurn([
        page([notification("n1"), notification("n2")]),
        page([notification("n1", { read: true }), notification("n2", { read: true })]),
      ]),
      "POST /api/notifications/read-all": () => new Response(null, { status: 204 }),
    });
    fireEvent.click(await bell("Notifications, 2 unread"));
    const dialog = screen.getByRole("dialog", { name: "Notifications" });
    await within(dialog).findAllByRole("img", { name: "Unread" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Mark all as read" }));
    await waitFor(() => expect(within(dialog).queryAllByRole("img", { name: "Unread" })).toHaveLength(0));
    expect(callsTo("POST /api/notifications/read-all")).toHaveLength(1);
    expect(badge(await bell("Notifications"))).toBeNull();
    expect((within(dialog).getByRole("button", { name: "Mark all as read" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("Escape closes the panel and gives focus back to the bell; an empty list says so", async () => {
    await renderHeader({ "GET /api/notifications/unread": json(200, { unread: 0 }), "GET /api/notifications": json(200, page([])) }, { locale: "pt-BR" });
    const button = await bell("Notificações");
    fireEvent.click(button);
    const dialog = screen.getByRole("dialog", { name: "Notificações" });
    expect(await within(dialog).findByText("Nenhuma notificação por enquanto")).toBeTruthy();
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("says when the list failed to load, and retries", async () => {
    let fail = true;
    await renderHeader({
      "GET /api/notifications/unread": json(200, { unread: 1 }),
      "GET /api/notifications": () => (fail ? apiError(500, "internal", "boom") : json(200, page([notification("n1")]))),
    });
    fireEvent.click(await bell("Notifications, 1 unread"));
    const dialog = screen.getByRole("dialog", { name: "Notifications" });
    expect((await within(dialog).findByRole("alert")).textContent).toContain("Failed to load your notifications");
    fail = false;
    fireEvent.click(within(dialog).getByRole("button", { name: "Try again" }));
    expect(await within(dialog).findByText("maria commented on your post: “Great show!”")).toBeTruthy();
  });
});

describe("the texts of each kind", () => {
  const intlOf = (locale: Locale) =>
    createIntl({
      locale,
      messages: locale === "en" ? en : ptBR,
      onError: (e) => {
        throw e;
      },
    });
  const text = (locale: Locale, kind: NotificationKind, extra: Partial<NotificationView> = {}) =>
    notificationText(intlOf(locale), {
      kind,
      actor: { username: "maria", avatarUrl: null },
      actorCount: 1,
      params: { excerpt: "Nice", title: "Neon Nights", reason: "spam", at: "2026-07-04T15:00:00Z" },
      ...extra,
    });

  it("groups likes with ICU plurals in both languages", () => {
    expect(text("en", "like")).toBe("maria liked your post");
    expect(text("en", "like", { actorCount: 2 })).toBe("maria and 1 other liked your post");
    expect(text("en", "like", { actorCount: 5 })).toBe("maria and 4 others liked your post");
    expect(text("pt-BR", "like")).toBe("maria curtiu seu post");
    expect(text("pt-BR", "like", { actorCount: 2 })).toBe("maria e mais 1 pessoa curtiram seu post");
    expect(text("pt-BR", "like", { actorCount: 5 })).toBe("maria e mais 4 pessoas curtiram seu post");
  });

  it("has its own sentence for every kind, with its values, in both languages", () => {
    expect(text("en", "comment")).toBe("maria commented on your post: “Nice”");
    expect(text("pt-BR", "comment")).toBe("maria comentou no seu post: “Nice”");
    expect(text("en", "release_early")).toBe("VIP early access: Neon Nights");
    expect(text("pt-BR", "tv_live")).toBe("Neon Nights está ao vivo agora na TV");
    expect(text("en", "renewal_soon")).toBe("Your VIP membership renews on July 4, 2026");
    expect(text("pt-BR", "renewal_soon")).toBe("Sua assinatura VIP será renovada em 4 de julho de 2026");
    expect(text("pt-BR", "post_hidden")).toBe("Um moderador ocultou seu post: spam");
    // No words of the moderator: what most reporters chose, translated; nothing at all: no colon.
    expect(text("pt-BR", "post_hidden", { params: { reasonCode: "harassment" } })).toBe("Um moderador ocultou seu post: Assédio");
    expect(text("en", "post_hidden", { params: {} })).toBe("A moderator hid your post");
    expect(text("en", "mention", { actor: null })).toBe("Someone mentioned you: “Nice”");
    for (const locale of ["en", "pt-BR"] as const) {
      const all = NOTIFICATION_KINDS.map((kind) => text(locale, kind));
      expect(new Set(all).size, locale).toBe(NOTIFICATION_KINDS.length);
      for (const sentence of all) expect(sentence).not.toMatch(/[{}]/);
    }
  });
});

describe("/notifications", () => {
  function renderPage(routes: ApiRoutes, locale: Locale = "en") {
    const api = mockApi({ "GET /api/auth/me": json(200, { user: MEMBER }), ...configRoute(), ...routes });
    const root = createTestRoot();
    const tree = root.addChildren([mountFileRoute(NotificationsRoute, "/notifications", root), stubRoute(root, "/social/login"), stubRoute(root, "$")]);
    return { ...api, ...renderApp(tree, "/notifications", { locale }) };
  }

  it("pages with Load more, newest first", async () => {
    const first = Array.from({ length: 2 }, (_, i) => notification(`a${i}`, { params: { excerpt: `first ${i}` } }));
    const second = [notification("b0", { params: { excerpt: "second 0" }, read: true })];
    const { callsTo, fetchMock } = renderPage({
      "GET /api/notifications/unread": json(200, { unread: 2 }),
      "GET /api/notifications": (request) => json(200, new URL(request.url).searchParams.get("cursor") === "c/2" ? page(second) : page(first, "c/2")),
    });
    const list = await screen.findByRole("list", { name: "All notifications" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(3));
    expect(within(list).getAllByRole("listitem")[2]!.textContent).toContain("maria commented on your post: “second 0”");
    const urls = fetchMock.mock.calls.map(([input]) => String(input)).filter((u) => u.startsWith("/api/notifications?"));
    expect(urls).toEqual(["/api/notifications?cursor=c%2F2"]);
    expect(callsTo("GET /api/notifications")).toHaveLength(2);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("shows the empty state and the error state in Portuguese", async () => {
    renderPage({ "GET /api/notifications/unread": json(200, { unread: 0 }), "GET /api/notifications": json(200, page([])) }, "pt-BR");
    expect(await screen.findByText("Nenhuma notificação por enquanto")).toBeTruthy();
    cleanup();
    renderPage({ "GET /api/notifications/unread": json(200, { unread: 0 }), "GET /api/notifications": apiError(500, "internal", "boom") }, "pt-BR");
    expect((await screen.findByRole("alert")).textContent).toContain("Não foi possível carregar suas notificações");
  });
});
