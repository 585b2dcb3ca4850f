// "Offline copy from {time}" (decision 058): shown only on a page the service worker served from
// its copy (the meta it writes into the copy's head), with the copy's time in the reader's
// language; nothing on a page from the network. Sign-out drops the worker's page copies.
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OfflineCopyBanner } from "../../app/components/layout/OfflineCopyBanner";
import { I18nProvider } from "../../app/i18n/I18nProvider";
import type { Locale } from "../../app/i18n/locale";
import { forgetOfflineCopies } from "../../app/lib/serviceWorker";
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
    vi.stubGlobal("location", { ...window.location, reload: reloadPage });
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
