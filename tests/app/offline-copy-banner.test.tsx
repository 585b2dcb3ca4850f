// "Offline copy from {time}" (decision 058): shown only on a page the service worker served from
// its copy (the meta it writes into the copy's head), with the copy's time in the reader's
// language; nothing on a page from the network. Sign-out drops the worker's page copies.
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OfflineCopyBanner } from "../../app/components/layout/OfflineCopyBanner";
import { I18nProvider } from "../../app/i18n/I18nProvider";
import type { Locale } from "../../app/i18n/locale";
import { forgetOfflineCopies, loadPagesWhileOffline } from "../../app/lib/serviceWorker";
import { OFFLINE_COPY_META, PAGES_CACHE } from "../../app/sw/shared";

const COPIED_AT = "2026-11-24T14:05:00.000Z";

function markPage(content: string) {
  const meta = document.createElement("meta");
  meta.name = OFFLINE_COPY_META;
  meta.content = content;
  document.head.append(meta);
}

afterEach(() => {
  cleanup();
  document.head.querySelectorAll(`meta[name="${OFFLINE_COPY_META}"]`).forEach((meta) => meta.remove());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderBanner = (locale: Locale) =>
  render(
    <I18nProvider initialLocale={locale}>
      <OfflineCopyBanner />
    </I18nProvider>,
  );

describe("OfflineCopyBanner", () => {
  it("shows nothing on a page that came from the network", () => {
    const { container } = renderBanner("en");
    expect(container.textContent).toBe("");
  });

  it("shows nothing for a time it cannot read", () => {
    markPage("not a time");
    const { container } = renderBanner("en");
    expect(container.textContent).toBe("");
  });

  it.each([
    ["en", `Offline copy from ${new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" }).format(new Date(COPIED_AT))}`, "Reload"],
    ["pt-BR", `Cópia offline de ${new Intl.DateTimeFormat("pt-BR", { dateStyle: "medium", timeStyle: "short" }).format(new Date(COPIED_AT))}`, "Recarregar"],
  ] as const)("in %s: says the page is the copy from its time, in the reader's language, and offers a reload", (locale, text, reload) => {
    markPage(COPIED_AT);
    renderBanner(locale);
    const banner = screen.getByRole("status");
    expect(banner.textContent).toContain(text);
    const reloadPage = vi.fn();
    vi.spyOn(window.location, "reload").mockImplementation(reloadPage);
    fireEvent.click(screen.getByRole("button", { name: reload }));
    expect(reloadPage).toHaveBeenCalledOnce();
  });
});

describe("forgetOfflineCopies", () => {
  it("deletes the worker's page copies", async () => {
    const deleted: string[] = [];
    vi.stubGlobal("caches", { delete: vi.fn(async (name: string) => deleted.push(name) > 0) });
    await act(() => forgetOfflineCopies());
    expect(deleted).toEqual([PAGES_CACHE]);
  });

  it("does nothing, and throws nothing, where there is no Cache Storage or the browser refuses it", async () => {
    vi.stubGlobal("caches", undefined);
    await expect(forgetOfflineCopies()).resolves.toBeUndefined();
    vi.stubGlobal("caches", {
      delete: () => {
        throw new DOMException("refused", "SecurityError");
      },
    });
    await expect(forgetOfflineCopies()).resolves.toBeUndefined();
  });
});

describe("links followed offline", () => {
  function page() {
    const root = document.createElement("div");
    root.innerHTML = `<a href="/events">Events</a><a href="https://elsewhere.example/x">Away</a><a href="/tv" target="_blank">TV</a>`;
    document.body.append(root);
    const routed: string[] = [];
    // The router's own handler, below the listener (React listens at its root, inside the document).
    root.querySelectorAll("a").forEach((a) => a.addEventListener("click", (e) => (e.preventDefault(), routed.push(a.getAttribute("href")!))));
    const loads: string[] = [];
    loadPagesWhileOffline(root, (href) => loads.push(href));
    const click = (text: string) => fireEvent.click(screen.getByText(text));
    return { root, routed, loads, click };
  }

  it("become whole page loads, for the worker to answer with its copy, and the router never sees them", () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const { root, routed, loads, click } = page();
    click("Events");
    expect(loads).toEqual([new URL("/events", window.location.href).href]);
    expect(routed).toEqual([]);
    // Another site's link and a new tab are the browser's as ever.
    click("Away");
    click("TV");
    expect(loads).toHaveLength(1);
    expect(routed).toEqual(["https://elsewhere.example/x", "/tv"]);
    root.remove();
  });

  it("are the router's while the browser is online", () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(true);
    const { root, routed, loads, click } = page();
    click("Events");
    expect(loads).toEqual([]);
    expect(routed).toEqual(["/events"]);
    root.remove();
  });
});
