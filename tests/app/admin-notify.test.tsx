// The back office's "Notify fans" dialog against a fake API: the preview's counts by kind of
// member, the confirmation's POST with its exact body, the progress polled until done (each
// answer the fake gives in turn), an earlier announcement said and followed, a refusal in the
// admin's words, and the texts in Portuguese.
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createIntl } from "react-intl";
import en from "../../app/i18n/en?english";
import ptBR from "../../app/i18n/pt-BR.json";
import { notificationText } from "../../app/components/notifications/notificationText";
import { I18nProvider } from "../../app/i18n/I18nProvider";
import type { Locale } from "../../app/i18n/locale";
import { NotifyFansButton } from "../../app/features/admin/components/notify/NotifyFans";
import type { NotifyPreview, NotifyProgress } from "../../worker/contracts/notifications";
import { apiError, json, mockApi, newQueryClient, sentJson } from "./accounts-harness";

const API = "/api/admin/notify";
const CAMPAIGN = "release:spring-love-single";
const PREVIEW: NotifyPreview = { kind: "release", title: "Spring Love", counts: { members: 1204, vips: 310, admins: 3, total: 1517 }, announcedId: null };
const progress = (written: number, done: boolean): NotifyProgress => ({
  id: CAMPAIGN,
  kind: "release",
  title: "Spring Love",
  total: 1517,
  written,
  done,
  createdAt: "2026-05-01T12:00:00.000Z",
});

function renderButton(locale: Locale = "en") {
  return render(
    <QueryClientProvider client={newQueryClient()}>
      <I18nProvider initialLocale={locale}>
        <NotifyFansButton type="release" id="spring-love-single" name="Spring Love" />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

/** Answers with each response in turn, the last one from then on. */
function inTurn(...responses: Response[]) {
  let next = 0;
  return () => responses[Math.min(next++, responses.length - 1)]!.clone();
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("Notify fans", () => {
  it("previews the audience, sends on confirmation and follows the progress until done", async () => {
    const { callsTo } = mockApi({
      [`GET ${API}/preview`]: json(200, PREVIEW),
      [`POST ${API}`]: json(202, progress(0, false)),
      [`GET ${API}/${encodeURIComponent(CAMPAIGN)}`]: inTurn(json(200, progress(800, false)), json(200, progress(1517, true))),
    });
    renderButton();
    fireEvent.click(screen.getByRole("button", { name: "Notify fans of Spring Love" }));
    const dialog = screen.getByRole("dialog", { name: "Notify fans: Spring Love" });
    await within(dialog).findByText("1,204 members, 310 VIPs, 3 admins — 1,517 in all");
    expect(within(dialog).getByText("A new release, for every member.")).toBeTruthy();
    expect(new URL(String(callsTo(`GET ${API}/preview`)[0]![0]), "http://localhost").search).toBe("?type=release&id=spring-love-single");

    fireEvent.click(within(dialog).getByRole("button", { name: "Send notification" }));
    await within(dialog).findByText("Written 800 of 1,517", undefined, { timeout: 3000 });
    expect(sentJson(callsTo(`POST ${API}`)[0])).toEqual({ type: "release", id: "spring-love-single" });
    expect(within(dialog).getByRole("progressbar", { name: "Notifications written" }).getAttribute("value")).toBe("800");
    // Sent once: the button is gone, and Cancel became Close.
    expect(within(dialog).queryByRole("button", { name: "Send notification" })).toBeNull();

    await within(dialog).findByText("Done: 1,517 of 1,517 written (members who turned this kind off get none).", undefined, { timeout: 3000 });
    const polls = callsTo(`GET ${API}/${encodeURIComponent(CAMPAIGN)}`).length;
    expect(polls).toBe(2);
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("says when it was already announced, offers no second send and shows how far it got", async () => {
    mockApi({
      [`GET ${API}/preview`]: json(200, { ...PREVIEW, announcedId: CAMPAIGN }),
      [`GET ${API}/${encodeURIComponent(CAMPAIGN)}`]: json(200, progress(1517, true)),
    });
    renderButton();
    fireEvent.click(screen.getByRole("button", { name: "Notify fans of Spring Love" }));
    const dialog = screen.getByRole("dialog");
    await within(dialog).findByText("Already announced: fans have been notified of this.");
    await within(dialog).findByText("Done: 1,517 of 1,517 written (members who turned this kind off get none).");
    expect(within(dialog).queryByRole("button", { name: "Send notification" })).toBeNull();
  });

  it("shows the server's refusal in the admin's words", async () => {
    mockApi({ [`GET ${API}/preview`]: apiError(409, "album_not_released", "The album is not out yet, not even for VIPs") });
    renderButton();
    fireEvent.click(screen.getByRole("button", { name: "Notify fans of Spring Love" }));
    expect((await screen.findByRole("alert")).textContent).toBe("This album is not out yet, not even for VIPs: set its release or early access first.");
    expect(screen.queryByRole("button", { name: "Send notification" })).toBeNull();
  });

  it("speaks Portuguese", async () => {
    mockApi({
      [`GET ${API}/preview`]: json(200, PREVIEW),
      [`POST ${API}`]: json(202, progress(0, false)),
      [`GET ${API}/${encodeURIComponent(CAMPAIGN)}`]: json(200, progress(800, false)),
    });
    renderButton("pt-BR");
    fireEvent.click(screen.getByRole("button", { name: "Avisar os fãs sobre Spring Love" }));
    const dialog = screen.getByRole("dialog", { name: "Avisar os fãs: Spring Love" });
    await within(dialog).findByText("1.204 membros, 310 VIPs, 3 admins — 1.517 no total");
    fireEvent.click(within(dialog).getByRole("button", { name: "Enviar notificação" }));
    await within(dialog).findByText("Gravadas 800 de 1.517", undefined, { timeout: 3000 });
  });
});

describe("an announcement's title in the centre", () => {
  const text = (locale: Locale) =>
    notificationText(createIntl({ locale, messages: locale === "en" ? en : ptBR }), {
      kind: "event",
      actor: null,
      actorCount: 1,
      params: { title: "Summer Show", titlePtBr: "Show de Verão" },
    });

  it("is the Portuguese title for a Portuguese reader, the English one otherwise", () => {
    expect(text("en")).toContain("Summer Show");
    expect(text("pt-BR")).toContain("Show de Verão");
    expect(text("pt-BR")).not.toContain("Summer Show");
  });
});
