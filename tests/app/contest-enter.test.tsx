// Entering a remix contest from its page against a fake API, in both languages: who sees the form
// (a visitor is asked to sign in; a member outside the gate, out of entries or unverified is told
// why), the form's own checks before any request (format, size), the draft then its audio sent
// with XMLHttpRequest and its progress shown, cancelable, and the Worker's refusals said by code.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeXHR } from "./fixtures/fake-xhr";
import { json } from "./accounts-harness";
import { ENTRIES_API, ENTRY_ID, audioFile, contest, contestApi, entry, renderContest, rights } from "./contest-enter-fixtures";

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

async function fillForm(file: File) {
  const form = await enterSection();
  fireEvent.change(within(form).getByLabelText("Title of your remix"), { target: { value: "Midnight Mix" } });
  fireEvent.change(within(form).getByLabelText("Your remix"), { target: { files: [file] } });
  fireEvent.click(within(form).getByLabelText("I accept the contest's rules and licence"));
  return form;
}

describe("who sees the enter form", () => {
  it("asks a visitor to sign in, with a link back to the contest", async () => {
    contestApi({ signedIn: false, answer: contest({ rights: rights({ canEnter: false, enterRefusal: "unauthorized" }) }) });
    renderContest();
    const section = await enterSection();
    expect(section.textContent).toContain("Sign in to enter this contest.");
    const link = within(section).getByRole("link", { name: "Sign in" });
    expect(link.getAttribute("href")).toContain("/social/login");
    expect(within(section).queryByRole("button", { name: "Enter my remix" })).toBeNull();
  });

  it("tells a member outside a tier gate which tier may enter, and one out of entries why, in both languages", async () => {
    const cases = [
      [
        rights({ canEnter: false, enterRefusal: "contest_enter_not_allowed", enterGate: { access: "tier", tierName: "VIP" } }),
        "Entering is open to VIP members and above.",
        "A participação é aberta a membros VIP e acima.",
      ],
      [
        rights({ canEnter: false, enterRefusal: "contest_entries_used_up" }),
        "You have entered as many remixes as this contest allows",
        "Você já inscreveu quantos remixes este concurso permite",
      ],
      [
        rights({ canEnter: false, enterRefusal: "email_unverified" }),
        "Verify your e-mail address to enter",
        "Confirme o seu endereço de e-mail para participar",
      ],
    ] as const;
    for (const [given, en, pt] of cases) {
      for (const [locale, text] of [
        ["en", en],
        ["pt-BR", pt],
      ] as const) {
        contestApi({ answer: contest({ rights: given }) });
        renderContest(locale);
        const section = await enterSection();
        expect(section.textContent, locale).toContain(text);
        expect(within(section).queryByRole("button")).toBeNull();
        cleanup();
      }
    }
  });

  it("shows the form, with this contest's size limit, to a member who may enter; in Portuguese too", async () => {
    contestApi();
    renderContest("pt-BR");
    const section = await enterSection();
    expect(within(section).getByText("WAV, FLAC ou MP3, até 1 MB, de 30 segundos a 15 minutos.")).toBeTruthy();
    expect(within(section).getByRole("button", { name: "Inscrever meu remix" })).toBeTruthy();
  });
});

describe("sending an entry", () => {
  it("refuses a file that is no entry's format or too large before any request", async () => {
    const api = contestApi();
    renderContest();
    let form = await fillForm(audioFile("cover.png", "image/png"));
    fireEvent.click(within(form).getByRole("button", { name: "Enter my remix" }));
    expect(await within(form).findByText("An entry is a WAV, FLAC or MP3 file")).toBeTruthy();
    form = await enterSection();
    fireEvent.change(within(form).getByLabelText("Your remix"), { target: { files: [audioFile("big.wav", "audio/wav", 1024 * 1024 + 1)] } });
    fireEvent.click(within(form).getByRole("button", { name: "Enter my remix" }));
    expect(await within(form).findByText("The file is larger than this contest allows (1 MB)")).toBeTruthy();
    expect(api.callsTo(`POST ${ENTRIES_API}`)).toHaveLength(0);
    expect(FakeXHR.sent).toHaveLength(0);
  });

  it("makes the draft, uploads its audio with the progress shown, and says it is entered", async () => {
    const api = contestApi({ extra: { [`POST ${ENTRIES_API}`]: json(201, { entry: entry() }) } });
    renderContest();
    const file = audioFile("midnight.flac", "");
    const form = await fillForm(file);
    fireEvent.click(within(form).getByRole("button", { name: "Enter my remix" }));
    await waitFor(() => expect(FakeXHR.sent).toHaveLength(1));
    const [posted] = api.callsTo(`POST ${ENTRIES_API}`);
    expect(JSON.parse(String(posted![1]!.body))).toEqual({ title: "Midnight Mix", note: "", acceptLicence: true, coAuthors: [] });
    const xhr = FakeXHR.sent[0]!;
    expect([xhr.method, xhr.url]).toEqual(["PUT", `${ENTRIES_API}/${ENTRY_ID}/audio`]);
    // A file the browser left untyped goes with the type its extension names, as the Worker compares.
    expect((xhr.body as File).type).toBe("audio/flac");
    xhr.progress(25, 100);
    expect(within(form).getByText("Uploading: 25%")).toBeTruthy();
    expect(within(form).getByRole("progressbar", { name: "Upload of the remix" }).getAttribute("value")).toBe("25");
    await xhr.respond(200, { entry: entry({ status: "submitted", durationSeconds: 60 }) });
    expect(within(form).getByText("Your remix is entered.")).toBeTruthy();
  });

  it("keeps uploading when the draft was the member's last entry, then says their entries are used up", async () => {
    let drafted = false;
    const usedUp = contest({ entriesPerMember: 1, rights: rights({ canEnter: false, enterRefusal: "contest_entries_used_up" }) });
    const api = contestApi({
      answer: contest({ entriesPerMember: 1 }),
      extra: {
        [`GET /api/contests/${contest().id}`]: () => json(200, { contest: drafted ? usedUp : contest({ entriesPerMember: 1 }) }),
        [`POST ${ENTRIES_API}`]: () => ((drafted = true), json(201, { entry: entry() })),
      },
    });
    renderContest();
    const form = await fillForm(audioFile("a.mp3", "audio/mpeg"));
    fireEvent.click(within(form).getByRole("button", { name: "Enter my remix" }));
    await waitFor(() => expect(FakeXHR.sent).toHaveLength(1));
    // The contest is read again once the draft is made: its answer says no new entry now.
    await waitFor(() => expect(api.callsTo(`GET /api/contests/${contest().id}`).length).toBeGreaterThanOrEqual(2));
    await screen.findByText("Uploading: 0%");
    expect(FakeXHR.sent[0]!.aborted).toBe(false);
    await FakeXHR.sent[0]!.respond(200, { entry: entry({ status: "submitted" }) });
    expect(await within(form).findByText("Your remix is entered.")).toBeTruthy();
    expect(within(form).getByText("You have entered as many remixes as this contest allows")).toBeTruthy();
    expect(within(form).queryByRole("button", { name: "Enter my remix" })).toBeNull();
  });

  it("sends a failed upload again to the same draft, not to a new one", async () => {
    const api = contestApi({ extra: { [`POST ${ENTRIES_API}`]: json(201, { entry: entry() }) } });
    renderContest();
    const form = await fillForm(audioFile("a.mp3", "audio/mpeg"));
    fireEvent.click(within(form).getByRole("button", { name: "Enter my remix" }));
    await waitFor(() => expect(FakeXHR.sent).toHaveLength(1));
    await FakeXHR.sent[0]!.fail();
    fireEvent.click(within(form).getByRole("button", { name: "Enter my remix" }));
    await waitFor(() => expect(FakeXHR.sent).toHaveLength(2));
    expect(FakeXHR.sent[1]!.url).toBe(`${ENTRIES_API}/${ENTRY_ID}/audio`);
    expect(api.callsTo(`POST ${ENTRIES_API}`)).toHaveLength(1);
  });

  it("cancels an upload, keeping the draft", async () => {
    contestApi({ extra: { [`POST ${ENTRIES_API}`]: json(201, { entry: entry() }) } });
    renderContest();
    const form = await fillForm(audioFile("midnight.mp3", "audio/mpeg"));
    fireEvent.click(within(form).getByRole("button", { name: "Enter my remix" }));
    await waitFor(() => expect(FakeXHR.sent).toHaveLength(1));
    fireEvent.click(within(form).getByRole("button", { name: "Cancel the upload" }));
    expect(FakeXHR.sent[0]!.aborted).toBe(true);
    expect(await within(form).findByText(/Upload canceled\. Your entry is kept as a draft/)).toBeTruthy();
  });

  it("says the Worker's refusals by their code, in both languages", async () => {
    const said = {
      en: [
        [415, "unsupported_type", "An entry is a WAV, FLAC or MP3 file"],
        [413, "too_large", "The file is larger than this contest allows (1 MB)"],
        [400, "contest_entry_duration", "A remix lasts from 30 seconds to 15 minutes"],
      ],
      "pt-BR": [
        [415, "unsupported_type", "Uma inscrição é um arquivo WAV, FLAC ou MP3"],
        [413, "too_large", "O arquivo é maior do que este concurso permite (1 MB)"],
        [400, "contest_entry_duration", "Um remix dura de 30 segundos a 15 minutos"],
      ],
    } as const;
    for (const locale of ["en", "pt-BR"] as const) {
      for (const [status, code, text] of said[locale]) {
        FakeXHR.sent = [];
        contestApi({ extra: { [`POST ${ENTRIES_API}`]: json(201, { entry: entry() }) } });
        renderContest(locale);
        const form = await enterSection();
        fireEvent.change(within(form).getByLabelText(locale === "en" ? "Title of your remix" : "Título do seu remix"), { target: { value: "Mix" } });
        fireEvent.change(within(form).getByLabelText(locale === "en" ? "Your remix" : "O seu remix"), {
          target: { files: [audioFile("a.mp3", "audio/mpeg")] },
        });
        fireEvent.click(within(form).getByRole("checkbox"));
        fireEvent.click(within(form).getByRole("button", { name: locale === "en" ? "Enter my remix" : "Inscrever meu remix" }));
        await waitFor(() => expect(FakeXHR.sent).toHaveLength(1));
        await FakeXHR.sent[0]!.respond(status, { error: { code, message: "English" } });
        expect(within(form).getByRole("alert").textContent, `${locale} ${code}`).toBe(text);
        cleanup();
      }
    }
  });

  it("says a closed window or entries used up when the draft is refused, storing no upload", async () => {
    for (const [code, text] of [
      ["contest_entries_closed", "This contest is not taking entries now"],
      ["contest_entries_used_up", "You have entered as many remixes as this contest allows"],
    ] as const) {
      contestApi({ extra: { [`POST ${ENTRIES_API}`]: json(409, { error: { code, message: "English" } }) } });
      renderContest();
      const form = await fillForm(audioFile("a.wav", "audio/wav"));
      fireEvent.click(within(form).getByRole("button", { name: "Enter my remix" }));
      expect((await within(form).findByRole("alert")).textContent).toBe(text);
      expect(FakeXHR.sent).toHaveLength(0);
      cleanup();
    }
  });
});
