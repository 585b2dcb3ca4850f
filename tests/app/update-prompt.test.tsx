// The "New version available — Reload" prompt (decision 042): shown only while a new service
// worker waits, in the member's language; "Reload" hands control to it (SKIP_WAITING) and reloads
// once it is in charge, never before.
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { UpdatePrompt } from "../../app/components/layout/UpdatePrompt";
import { I18nProvider } from "../../app/i18n/I18nProvider";
import type { Locale } from "../../app/i18n/locale";
import { setWaitingForTest } from "../../app/lib/serviceWorker";

afterEach(() => {
  act(() => setWaitingForTest(null));
  cleanup();
});

function renderPrompt(locale: Locale) {
  return render(
    <I18nProvider initialLocale={locale}>
      <UpdatePrompt />
    </I18nProvider>,
  );
}

describe("UpdatePrompt", () => {
  it("shows nothing while no new version waits", () => {
    const { container } = renderPrompt("en");
    expect(container.textContent).toBe("");
  });

  it.each([
    ["en", "A new version of the site is available.", "Reload"],
    ["pt-BR", "Uma nova versão do site está disponível.", "Recarregar"],
  ] as const)("in %s: says so, and Reload hands control to the waiting version", (locale, text, label) => {
    const listeners: Record<string, () => void> = {};
    const container = { addEventListener: vi.fn((type: string, listener: () => void) => void (listeners[type] = listener)) };
    Object.defineProperty(navigator, "serviceWorker", { value: container, configurable: true });
    const postMessage = vi.fn();
    renderPrompt(locale);
    act(() => setWaitingForTest({ postMessage } as unknown as ServiceWorker));

    const prompt = screen.getByRole("status");
    expect(prompt.textContent).toContain(text);
    const reload = screen.getByRole("button", { name: label });
    reload.focus();
    expect(document.activeElement).toBe(reload);
    fireEvent.click(reload);
    expect(postMessage).toHaveBeenCalledExactlyOnceWith({ type: "SKIP_WAITING" });
    // The reload waits for the new version to take charge.
    expect(container.addEventListener).toHaveBeenCalledWith("controllerchange", expect.any(Function), { once: true });
    expect(listeners.controllerchange).toBeTypeOf("function");
  });
});

describe("registerServiceWorker", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });

  it("does nothing, and throws nothing, where the browser blocks service workers (register resolves empty)", async () => {
    vi.stubEnv("PROD", true);
    const register = vi.fn(() => Promise.resolve(undefined));
    vi.stubGlobal("navigator", { ...navigator, serviceWorker: { register, controller: null } });
    const errors: unknown[] = [];
    const onError = (event: PromiseRejectionEvent | ErrorEvent) => errors.push(event);
    window.addEventListener("unhandledrejection", onError);
    window.addEventListener("error", onError);
    const { registerServiceWorker } = await import("../../app/lib/serviceWorker");
    registerServiceWorker();
    await vi.waitFor(() => expect(register).toHaveBeenCalledOnce());
    await new Promise((resolve) => setTimeout(resolve, 0));
    window.removeEventListener("unhandledrejection", onError);
    window.removeEventListener("error", onError);
    expect(errors).toEqual([]);
  });

  /** A fresh copy of the module, with the browser offline and its registration held back. */
  async function offlineWith(controller: object | null) {
    vi.stubEnv("PROD", true);
    let registered!: (registration: object) => void;
    const register = vi.fn(() => new Promise((resolve) => (registered = resolve)));
    vi.stubGlobal("navigator", { ...navigator, onLine: false, serviceWorker: { register, controller } });
    vi.resetModules();
    const { registerServiceWorker } = await import("../../app/lib/serviceWorker");
    const loads: string[] = [];
    // The page's links in a root of their own, so no other test's listener sees their clicks.
    const root = document.createElement("div");
    const link = document.createElement("a");
    link.href = "/store";
    link.textContent = "Store";
    root.append(link);
    document.body.append(root);
    registerServiceWorker({ root, load: (href) => loads.push(href) });
    const follow = () => fireEvent.click(link);
    return { loads, follow, registered: (registration: object) => act(async () => registered(registration)), root };
  }

  it("makes a link followed offline a whole page load at once on a page the worker answers, before its registration resolves", async () => {
    const { loads, follow, root } = await offlineWith({});
    follow();
    expect(loads).toEqual([new URL("/store", window.location.href).href]);
    root.remove();
  });

  it("leaves links to the router on a page no worker answers until a worker has registered", async () => {
    const { loads, follow, registered, root } = await offlineWith(null);
    follow();
    expect(loads).toEqual([]);
    await registered({ waiting: null, addEventListener: () => {} });
    follow();
    expect(loads).toEqual([new URL("/store", window.location.href).href]);
    root.remove();
  });
});
