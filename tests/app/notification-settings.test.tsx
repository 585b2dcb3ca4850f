// /settings › Notifications against a fake API and a fake Push API: the kinds × channels table
// (checkboxes named "Push: Replies to my comments"), "Pause all", saved with one PUT whose body is
// the whole set, with success and failure said, in both languages; and push on this device:
// enable (permission, subscribe with the VAPID key, POST the subscription), turn off (unsubscribe,
// DELETE the endpoint), and the blocked, unsupported and not-set-up states.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { applicationServerKey } from "../../app/features/settings/pushDevice";
import { Route as SettingsRoute } from "../../app/routes/settings";
import type { Locale } from "../../worker/contracts/locale";
import { defaultPreference, NOTIFICATION_KINDS } from "../../worker/contracts/notification-kinds";
import type { NotificationPreferences } from "../../worker/contracts/notifications";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson, sessionUser, stubRoute, type ApiRoutes } from "./accounts-harness";
import { configRoute } from "./fixtures/config";

// A P-256 public key's length in base64url (65 bytes), as the Worker hands it out.
const PUBLIC_KEY = "BOr8wKZ4ldkBoBm-ha8ExSe5oYUDgB-QxWg7e0HwXWzq6d3zp0mIGLtz-5lqJXtCgJbqzz2lbTQfk6Zo1dGOeHk";

function preferences(overrides: Partial<NotificationPreferences> = {}): NotificationPreferences {
  return {
    paused: false,
    kinds: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, defaultPreference(kind)])) as NotificationPreferences["kinds"],
    pushPublicKey: null,
    ...overrides,
  };
}

function renderSettings(routes: ApiRoutes, locale: Locale = "en") {
  const api = mockApi({
    "GET /api/auth/me": json(200, { user: sessionUser() }),
    ...configRoute(),
    "GET /api/account/sessions": json(200, { sessions: [] }),
    ...routes,
  });
  const root = createTestRoot();
  const tree = root.addChildren([mountFileRoute(SettingsRoute, "/settings", root), stubRoute(root, "/social/login")]);
  renderApp(tree, "/settings", { locale });
  return api;
}

const section = async (name: RegExp = /^(Notifications|Notificações)$/) => {
  await screen.findByRole("heading", { level: 2, name });
  return document.getElementById("notifications")!;
};
const checkbox = (scope: HTMLElement, name: string) => within(scope).getByRole("checkbox", { name }) as HTMLInputElement;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  for (const key of ["serviceWorker"] as const) Reflect.deleteProperty(navigator, key);
});

describe("/settings › Notifications", () => {
  it("shows the member's choices and saves the whole set with one PUT", async () => {
    const { callsTo } = renderSettings({
      "GET /api/notifications/preferences": json(200, preferences()),
      "PUT /api/notifications/preferences": (request) => request.json().then((body) => json(200, { ...(body as object), pushPublicKey: null })),
    });
    const s = await section();
    const table = await within(s).findByRole("table", { name: "What notifies you, and where" });
    expect(within(table).getAllByRole("checkbox")).toHaveLength(NOTIFICATION_KINDS.length * 3);
    expect(checkbox(table, "Push: Replies to my comments").checked).toBe(true);
    expect(checkbox(table, "E-mail: Likes on my posts").checked).toBe(false);
    expect(checkbox(table, "In the app: Likes on my posts").checked).toBe(true);
    const pause = within(s).getByRole("switch", { name: "Pause all" }) as HTMLInputElement;
    expect(pause.checked).toBe(false);
    expect(within(s).getByText("While paused, push notifications and e-mails stop. The list on this site keeps everything.").id).toBe(
      pause.getAttribute("aria-describedby"),
    );

    fireEvent.click(checkbox(table, "Push: Replies to my comments"));
    fireEvent.click(checkbox(table, "E-mail: Likes on my posts"));
    fireEvent.click(pause);
    fireEvent.click(within(s).getByRole("button", { name: "Save preferences" }));
    expect((await within(s).findByRole("status", {}, { timeout: 3000 })).textContent).toBe("Your notification preferences were saved.");

    expect(callsTo("PUT /api/notifications/preferences")).toHaveLength(1);
    const expected = preferences().kinds;
    expected.reply = { ...expected.reply, push: false };
    expected.like = { ...expected.like, email: true };
    expect(sentJson(callsTo("PUT /api/notifications/preferences")[0] as never)).toEqual({ paused: true, kinds: expected });
  });

  it("says when saving failed, in Portuguese, with the checkboxes named in Portuguese", async () => {
    renderSettings(
      {
        "GET /api/notifications/preferences": json(200, preferences()),
        "PUT /api/notifications/preferences": apiError(500, "internal", "boom"),
      },
      "pt-BR",
    );
    const s = await section();
    const table = await within(s).findByRole("table", { name: "O que notifica você, e por onde" });
    // Each kind's line as its area declares it, in the reader's language.
    expect(within(table).getByRole("rowheader", { name: "Curtidas nos meus posts" })).toBeTruthy();
    fireEvent.click(checkbox(table, "Push: Respostas aos meus comentários"));
    fireEvent.click(within(s).getByRole("button", { name: "Salvar preferências" }));
    expect((await within(s).findByRole("alert")).textContent).toBe("Não foi possível salvar suas preferências. Tente novamente.");
  });

  it("says push is not set up on this site when the Worker has no VAPID key", async () => {
    renderSettings({ "GET /api/notifications/preferences": json(200, preferences({ pushPublicKey: null })) });
    const s = await section();
    expect(await within(s).findByText("Push notifications are not set up on this site yet.")).toBeTruthy();
    expect(within(s).queryByRole("button", { name: "Enable push on this device" })).toBeNull();
  });

  it("says when the browser does not support push", async () => {
    renderSettings({ "GET /api/notifications/preferences": json(200, preferences({ pushPublicKey: PUBLIC_KEY })) }, "pt-BR");
    const s = await section();
    expect(await within(s).findByText("Este navegador não tem suporte a notificações push.")).toBeTruthy();
  });
});

/** A browser with the Push API: one registration whose push manager holds at most one subscription. */
function fakePushBrowser(permission: NotificationPermission, answer: NotificationPermission = "granted") {
  const endpoint = "https://push.example.test/send/abc";
  let subscription: PushSubscription | null = null;
  const unsubscribe = vi.fn(async () => {
    subscription = null;
    return true;
  });
  const subscribe = vi.fn(async (_options: PushSubscriptionOptionsInit) => {
    subscription = {
      endpoint,
      unsubscribe,
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: "p".repeat(87), auth: "a".repeat(22) } }),
    } as unknown as PushSubscription;
    return subscription;
  });
  const registration = { pushManager: { subscribe, getSubscription: async () => subscription } } as unknown as ServiceWorkerRegistration;
  const container = Object.assign(new EventTarget(), { ready: Promise.resolve(registration), getRegistration: async () => registration });
  Object.defineProperty(navigator, "serviceWorker", { value: container, configurable: true });
  vi.stubGlobal("PushManager", function PushManager() {});
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal("Notification", { permission, requestPermission });
  return { endpoint, subscribe, unsubscribe, requestPermission };
}

describe("/settings › Notifications › push on this device", () => {
  it("enables push (permission, subscribe with the key, POST) and turns it off (unsubscribe, DELETE)", async () => {
    const browser = fakePushBrowser("default");
    const { callsTo } = renderSettings({
      "GET /api/notifications/preferences": json(200, preferences({ pushPublicKey: PUBLIC_KEY })),
      "POST /api/notifications/push": () => new Response(null, { status: 204 }),
      "DELETE /api/notifications/push": () => new Response(null, { status: 204 }),
    });
    const s = await section();
    expect(await within(s).findByText("Push is off on this device.")).toBeTruthy();
    fireEvent.click(within(s).getByRole("button", { name: "Enable push on this device" }));
    expect(await within(s).findByText("Push is on for this device.")).toBeTruthy();

    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const options = browser.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect(Array.from(options.applicationServerKey as Uint8Array)).toEqual(Array.from(applicationServerKey(PUBLIC_KEY)));
    expect((options.applicationServerKey as Uint8Array).length).toBe(65);
    expect(sentJson(callsTo("POST /api/notifications/push")[0] as never)).toEqual({
      endpoint: browser.endpoint,
      expirationTime: null,
      keys: { p256dh: "p".repeat(87), auth: "a".repeat(22) },
    });

    fireEvent.click(within(s).getByRole("button", { name: "Turn off on this device" }));
    expect(await within(s).findByText("Push is off on this device.")).toBeTruthy();
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
    expect(sentJson(callsTo("DELETE /api/notifications/push")[0] as never)).toEqual({ endpoint: browser.endpoint });
  });

  it("says push is blocked in the browser, and when the Worker refused the subscription leaves the browser unsubscribed", async () => {
    fakePushBrowser("denied");
    renderSettings({ "GET /api/notifications/preferences": json(200, preferences({ pushPublicKey: PUBLIC_KEY })) }, "pt-BR");
    const s = await section();
    expect(await within(s).findByText(/bloqueadas no seu navegador/)).toBeTruthy();
    expect(within(s).queryByRole("button", { name: "Ativar push neste dispositivo" })).toBeNull();
    cleanup();

    const browser = fakePushBrowser("default");
    renderSettings({
      "GET /api/notifications/preferences": json(200, preferences({ pushPublicKey: PUBLIC_KEY })),
      "POST /api/notifications/push": apiError(400, "invalid_input", "bad"),
    });
    const again = await section();
    fireEvent.click(await within(again).findByRole("button", { name: "Enable push on this device" }));
    expect((await within(again).findByRole("alert")).textContent).toBe("Push could not be turned on. Please try again.");
    await waitFor(() => expect(browser.unsubscribe).toHaveBeenCalledTimes(1));
    expect(within(again).getByText("Push is off on this device.")).toBeTruthy();
  });
});
