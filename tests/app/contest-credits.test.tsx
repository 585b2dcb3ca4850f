// Co-authors on a remix contest's page against a fake API, in both languages (decision 192): the
// enter form sends the usernames named, refuses too many or a bad one before any request and says
// the Worker's refusal by its code; a confirmed co-author is credited on the entry; a member named
// on an entry confirms or declines it.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeXHR } from "./fixtures/fake-xhr";
import { json } from "./accounts-harness";
import { ENTRIES_API, ENTRY_ID, audioFile, contestApi, entry, renderContest } from "./contest-enter-fixtures";

beforeEach(() => {
  FakeXHR.sent = [];
  vi.stubGlobal("XMLHttpRequest", FakeXHR);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

/** The enter section once its form (loaded when a member has one) or its refusal is in. */
const enterSection = async () => {
  const section = await screen.findByRole("region", { name: /Enter the contest|Participe do concurso/ });
  await waitFor(() => expect(section.querySelector("form, p")).not.toBeNull());
  return section;
};
const LABELS = {
  en: { title: "Title of your remix", file: "Your remix", coAuthors: "Co-authors (optional)", submit: "Enter my remix" },
  "pt-BR": { title: "Título do seu remix", file: "O seu remix", coAuthors: "Coautores (opcional)", submit: "Inscrever meu remix" },
} as const;

async function fill(locale: "en" | "pt-BR", coAuthors: string) {
  const form = await enterSection();
  const l = LABELS[locale];
  fireEvent.change(within(form).getByLabelText(l.title), { target: { value: "Mix" } });
  fireEvent.change(within(form).getByLabelText(l.file), { target: { files: [audioFile("a.mp3", "audio/mpeg")] } });
  fireEvent.change(within(form).getByLabelText(l.coAuthors, { exact: false }), { target: { value: coAuthors } });
  fireEvent.click(within(form).getByRole("checkbox"));
  fireEvent.click(within(form).getByRole("button", { name: l.submit }));
  return form;
}

describe("the co-authors field", () => {
  it("sends the usernames named, each once, an @ before one allowed", async () => {
    const api = contestApi({ extra: { [`POST ${ENTRIES_API}`]: json(201, { entry: entry() }) } });
    renderContest();
    await fill("en", "@ana, bea  cara");
    await waitFor(() => expect(FakeXHR.sent).toHaveLength(1));
    const [posted] = api.callsTo(`POST ${ENTRIES_API}`);
    expect(JSON.parse(String(posted![1]!.body)).coAuthors).toEqual(["ana", "bea", "cara"]);
  });

  it("refuses a bad name or too many before any request, in both languages", async () => {
    const cases = [
      ["en", "ana, not-a-name!", "Name co-authors by their usernames: letters, digits and underscores"],
      ["en", "a b c d e", "Name at most 4 co-authors"],
      ["pt-BR", "a b c d e", "Nomeie no máximo 4 coautores"],
    ] as const;
    for (const [locale, names, text] of cases) {
      const api = contestApi();
      renderContest(locale);
      const form = await fill(locale, names);
      expect(await within(form).findByText(text)).toBeTruthy();
      expect(api.callsTo(`POST ${ENTRIES_API}`)).toHaveLength(0);
      cleanup();
    }
  });

  it("says the Worker's refusal of a name by its code, in both languages", async () => {
    const cases = [
      ["en", "contest_co_author_unknown", "No member has one of those usernames"],
      ["pt-BR", "contest_co_author_self", "Você é quem se inscreve: nomeie outros membros como coautores"],
    ] as const;
    for (const [locale, code, text] of cases) {
      contestApi({ extra: { [`POST ${ENTRIES_API}`]: json(400, { error: { code, message: "English" } }) } });
      renderContest(locale);
      const form = await fill(locale, "someone");
      await waitFor(() => expect(within(form).getByRole("alert").textContent).toBe(text));
      expect(FakeXHR.sent).toHaveLength(0);
      cleanup();
    }
  });
});

describe("credits on the page", () => {
  const submitted = (overrides: Parameters<typeof entry>[0]) => entry({ status: "submitted", mine: false, remixer: { username: "dj_one" }, ...overrides });

  it("credits confirmed co-authors on the entry", async () => {
    contestApi({ entries: [submitted({ coAuthors: [{ username: "ana" }, { username: "bea" }] })] });
    renderContest();
    expect(await screen.findByText("by dj_one with ana and bea")).toBeTruthy();
  });

  it("lets a named member confirm or decline, in both languages", async () => {
    for (const [locale, invite, confirm, decline] of [
      ["en", "dj_one named you a co-author of Midnight Mix", "Confirm I co-authored Midnight Mix", "Decline the credit on Midnight Mix"],
      ["pt-BR", "dj_one nomeou você coautor de Midnight Mix", "Confirmar que sou coautor de Midnight Mix", "Recusar o crédito em Midnight Mix"],
    ] as const) {
      const api = contestApi({
        entries: [submitted({ myCredit: "invited" })],
        extra: { [`POST /api/contests/entries/${ENTRY_ID}/credits/confirm`]: json(200, { credit: { entryId: ENTRY_ID, status: "confirmed" } }) },
      });
      renderContest(locale);
      expect(await screen.findByText(invite)).toBeTruthy();
      expect(screen.getByRole("button", { name: decline })).toBeTruthy();
      fireEvent.click(screen.getByRole("button", { name: confirm }));
      await waitFor(() => expect(api.callsTo(`POST /api/contests/entries/${ENTRY_ID}/credits/confirm`)).toHaveLength(1));
      cleanup();
    }
  });
});
