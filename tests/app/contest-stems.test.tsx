// A contest page's stems against a fake API: the ZIP's link with its number of files and size for a
// member who passes the stems gate, a visitor asked to sign in, a member outside the gate told who
// may (the tier named, or ticket holders), each in English and Portuguese; nothing before any stem
// is uploaded.
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ID, contest, contestApi, renderContest, rights } from "./contest-enter-fixtures";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const STEMS = { files: 3, bytes: 41_200_000 };

describe("a contest's stems", () => {
  it("offers the ZIP with its files and size to a member who passes the gate, in both languages", async () => {
    for (const [locale, name, note] of [
      ["en", "Download stems (ZIP, 3 files, 41.2 MB)", "The official stems, with the rules and licence in the ZIP. 5 downloads left today."],
      ["pt-BR", "Baixar as stems (ZIP, 3 arquivos, 41,2 MB)", "As faixas (stems) oficiais, com as regras e a licença no ZIP. 5 downloads restantes hoje."],
    ] as const) {
      contestApi({ answer: contest({ stems: STEMS }) });
      renderContest(locale);
      const link = await screen.findByRole("link", { name });
      expect(link.getAttribute("href")).toBe(`/api/contests/${ID}/stems.zip`);
      expect(link.hasAttribute("download")).toBe(true);
      expect(screen.getByText(note)).toBeTruthy();
      cleanup();
    }
  });

  it("says when the day's downloads are used up, without the link, in both languages", async () => {
    for (const [locale, text] of [
      ["en", "You have downloaded these stems as many times as a day allows: try again tomorrow."],
      ["pt-BR", "Você já baixou estas stems quantas vezes um dia permite: tente de novo amanhã."],
    ] as const) {
      contestApi({ answer: contest({ stems: STEMS, rights: rights({ stemDownloadsLeft: 0 }) }) });
      renderContest(locale);
      expect(await screen.findByText(text)).toBeTruthy();
      expect(screen.queryByRole("link", { name: /ZIP/ })).toBeNull();
      cleanup();
    }
  });

  it("reads the contest again once the download is asked for, so the count left follows", async () => {
    const { callsTo } = contestApi({ answer: contest({ stems: STEMS, rights: rights({ stemDownloadsLeft: 1 }) }) });
    renderContest();
    const link = await screen.findByRole("link", { name: /Download stems/ });
    expect(screen.getByText(/1 download left today\./)).toBeTruthy();
    const before = callsTo(`GET /api/contests/${ID}`).length;
    link.addEventListener("click", (e) => e.preventDefault());
    fireEvent.click(link);
    await waitFor(() => expect(callsTo(`GET /api/contests/${ID}`).length).toBeGreaterThan(before));
  });

  it("says one file in the singular", async () => {
    contestApi({ answer: contest({ stems: { files: 1, bytes: 840_000 } }) });
    renderContest();
    expect(await screen.findByRole("link", { name: "Download stems (ZIP, 1 file, 840 kB)" })).toBeTruthy();
  });

  it("asks a visitor to sign in, in both languages", async () => {
    const answer = contest({
      stems: STEMS,
      rights: rights({ canDownloadStems: false, stemsRefusal: "unauthorized", canEnter: false, enterRefusal: "unauthorized" }),
    });
    for (const [locale, text] of [
      ["en", "Sign in to download the stems."],
      ["pt-BR", "Entre para baixar as stems."],
    ] as const) {
      contestApi({ answer, signedIn: false });
      renderContest(locale);
      expect(await screen.findByText(text)).toBeTruthy();
      expect(screen.queryByRole("link", { name: /ZIP/ })).toBeNull();
      cleanup();
    }
  });

  it("tells a member outside the gate who may download, in both languages", async () => {
    const cases = [
      [{ access: "tier", tierName: "VIP" }, "en", "The stems are open to VIP members and above."],
      [{ access: "tier", tierName: "VIP" }, "pt-BR", "As stems são abertas a membros VIP e acima."],
      [{ access: "ticket", tierName: null }, "en", "The stems are open to ticket holders of this contest's event."],
      [{ access: "ticket", tierName: null }, "pt-BR", "As stems são abertas a quem tem ingresso para o evento deste concurso."],
    ] as const;
    for (const [stemsGate, locale, text] of cases) {
      contestApi({ answer: contest({ stems: STEMS, rights: rights({ canDownloadStems: false, stemsRefusal: "contest_stems_not_allowed", stemsGate }) }) });
      renderContest(locale);
      expect(await screen.findByText(text)).toBeTruthy();
      expect(screen.queryByRole("link", { name: /ZIP/ })).toBeNull();
      cleanup();
    }
  });

  it("shows nothing about stems before any is uploaded", async () => {
    contestApi({ answer: contest() });
    renderContest();
    expect(await screen.findByRole("heading", { level: 1, name: "Remix Me" })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Stems" })).toBeNull();
  });
});
