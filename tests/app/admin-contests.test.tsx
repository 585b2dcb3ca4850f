// /admin/contests and /admin/contests/$contestId against a fake API: the list (title in the admin's
// language, track, phase, entries, dates) and its empty state in English and Portuguese; the form's
// own checks (no request sent) and a create's exact body; the Worker's codes shown at their field or
// above the actions in both languages, never its English; a contest's entries with the player and
// the jury score saved (and refused when out of range); the results with their shares; every
// control reachable by keyboard.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminContestStem, ContestResultsResponse } from "../../worker/contracts/contests/contests";
import { DEFAULT_CONTEST_RULES } from "../../worker/contracts/contests/limits";
import { apiError, json, mockApi, sentJson } from "./accounts-harness";
import { API, contest, ENTRY, entry, ID, renderEntries, renderList } from "./admin-contest-fixtures";
import { FakeXHR } from "./fixtures/fake-xhr";

const DRAFT = "2d9f3f9e-4c1a-4d2b-9e3f-1a2b3c4d5e6f";
const DRAFT_ENTRY = entry({ id: DRAFT, title: "Unfinished", remixer: { username: "bia" }, status: "draft", durationSeconds: null, audioUrl: null });

const ALBUMS = {
  albums: [
    { id: "a-1", title: "Neon Nights", tracks: [{ id: "t-1", title: "Neon Heart" }] },
    { id: "a-2", title: "Freestyle Forever", tracks: [{ id: "t-2", title: "Lonely Dancer" }] },
  ],
};
const TIERS = {
  tiers: [
    { id: "member", name: { en: "Member", ptBR: "Membro" }, rank: 0, archived: false },
    { id: "vip", name: { en: "VIP", ptBR: "VIP" }, rank: 1, archived: false },
  ],
};

function fakeServer(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: null }),
    [`GET ${API}`]: json(200, { contests: [contest()] }),
    "GET /api/admin/catalog/albums": json(200, ALBUMS),
    "GET /api/admin/tier-choices": json(200, TIERS),
    "GET /api/admin/events": json(200, { events: [{ id: "ev-1", title: "Lisbon 2027" }] }),
    [`GET ${API}/${ID}/stems`]: json(200, { stems: [] }),
    ...extra,
  });
}

async function openCreate() {
  fireEvent.click(await screen.findByRole("button", { name: /New contest|Novo concurso/ }));
  return screen.findByRole("dialog", { name: /New contest|Novo concurso/ });
}

const local = (value: string) => new Date(value).toISOString();

/** Fills every field a valid contest needs, in the admin's local time. */
async function fillValid(form: HTMLElement) {
  await within(form).findByRole("option", { name: "Lonely Dancer (Freestyle Forever)" });
  const [trackSelect] = within(form).getAllByRole("combobox");
  fireEvent.change(trackSelect!, { target: { value: "t-2" } });
  const [en, pt] = within(form)
    .getAllByRole("group")
    .filter((g) => g.tagName === "FIELDSET")
    .slice(0, 2);
  fireEvent.change(within(en!).getAllByRole("textbox")[0]!, { target: { value: "Lonely Dancer Remix" } });
  fireEvent.change(within(en!).getAllByRole("textbox")[1]!, { target: { value: "Slow it down." } });
  fireEvent.change(within(pt!).getAllByRole("textbox")[0]!, { target: { value: "Remix de Lonely Dancer" } });
  const times = form.querySelectorAll<HTMLInputElement>('input[type="datetime-local"]');
  ["2027-03-01T10:00", "2027-04-01T10:00", "2027-04-01T10:00", "2027-04-08T18:30"].forEach((value, i) => fireEvent.change(times[i]!, { target: { value } }));
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("/admin/contests", () => {
  it("lists each contest with its title, track, phase, entries and dates in the admin's language", async () => {
    for (const [locale, title, phase, results] of [
      ["en", "Neon Heart Remix", "Taking entries", "Results out"],
      ["pt-BR", "Remix de Neon Heart", "Recebendo inscrições", "Resultados publicados"],
    ] as const) {
      fakeServer({
        [`GET ${API}`]: json(200, {
          contests: [contest(), contest({ id: "x", titleEn: "Old One", titlePtBr: "Antigo", resultsAt: "2026-01-01T00:00:00Z", phase: "ended" })],
        }),
      });
      renderList(locale);
      const row = await screen.findByRole("row", { name: new RegExp(title) });
      const cells = within(row)
        .getAllByRole("cell")
        .map((c) => c.textContent);
      expect(cells.slice(0, 3)).toEqual(["Neon Heart", phase, "4"]);
      expect(cells[3]).toContain(new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(new Date("2027-01-01T10:00:00Z")));
      expect(within(screen.getByRole("row", { name: /Old One|Antigo/ })).getByText(results)).toBeTruthy();
      expect(
        within(row)
          .getByRole("link", { name: new RegExp(title) })
          .getAttribute("href"),
      ).toBe(`/admin/contests/${ID}`);
      cleanup();
    }
  });

  it("shows the empty state in both languages, with New contest", async () => {
    for (const [locale, text, button] of [
      ["en", "No contests yet", "New contest"],
      ["pt-BR", "Nenhum concurso ainda", "Novo concurso"],
    ] as const) {
      fakeServer({ [`GET ${API}`]: json(200, { contests: [] }) });
      renderList(locale);
      expect(await screen.findByText(text)).toBeTruthy();
      expect(screen.getByRole("button", { name: button })).toBeTruthy();
      cleanup();
    }
  });

  it("checks the form before sending: a missing track, times out of order, a tier gate with no tier", async () => {
    const { callsTo } = fakeServer();
    renderList();
    const form = await openCreate();
    fireEvent.click(within(form).getByRole("button", { name: "Create contest" }));
    expect(await within(form).findByText("Choose the contest's track")).toBeTruthy();
    expect(within(form).getAllByText("Give the contest a title in both languages")).toHaveLength(2);
    expect(within(form).getByText("Set the opening, the entry deadline and the voting window")).toBeTruthy();
    await fillValid(form);
    const times = form.querySelectorAll<HTMLInputElement>('input[type="datetime-local"]');
    fireEvent.change(times[2]!, { target: { value: "2027-03-15T10:00" } });
    const stems = within(form).getByRole("group", { name: "Who may download the stems" });
    fireEvent.change(within(stems).getByLabelText("Who may download the stems"), { target: { value: "tier" } });
    fireEvent.click(within(form).getByRole("button", { name: "Create contest" }));
    const order = await within(form).findByText("The times must follow each other: opening, entry deadline, voting opens, voting closes");
    expect(order.closest(".field")?.querySelector("input")?.getAttribute("aria-invalid")).toBe("true");
    expect(within(stems).getByText("Choose the lowest tier admitted")).toBeTruthy();
    expect(callsTo(`POST ${API}`)).toHaveLength(0);
  });

  it("creates a contest with a tier gate and both deciding, sending the exact body", async () => {
    const { callsTo } = fakeServer({ [`POST ${API}`]: json(201, { contest: contest() }) });
    renderList();
    const form = await openCreate();
    await fillValid(form);
    const stems = within(form).getByRole("group", { name: "Who may download the stems" });
    fireEvent.change(within(stems).getByLabelText("Who may download the stems"), { target: { value: "tier" } });
    await within(stems).findByRole("option", { name: "VIP" });
    fireEvent.change(within(stems).getByLabelText("Lowest tier"), { target: { value: "vip" } });
    const enter = within(form).getByRole("group", { name: "Who may enter" });
    fireEvent.change(within(enter).getByLabelText("Who may enter"), { target: { value: "ticket" } });
    await within(enter).findByRole("option", { name: "Lisbon 2027" });
    fireEvent.change(within(enter).getByLabelText("Event"), { target: { value: "ev-1" } });
    fireEvent.change(within(form).getByLabelText("The winner is chosen by"), { target: { value: "both" } });
    fireEvent.change(within(form).getByLabelText(/The fans' weight/), { target: { value: "70" } });
    fireEvent.change(within(form).getByLabelText("Votes per member"), { target: { value: "5" } });
    fireEvent.click(within(form).getByRole("button", { name: "Create contest" }));
    await waitFor(() => expect(callsTo(`POST ${API}`)).toHaveLength(1));
    expect(sentJson(callsTo(`POST ${API}`)[0])).toEqual({
      trackId: "t-2",
      titleEn: "Lonely Dancer Remix",
      titlePtBr: "Remix de Lonely Dancer",
      briefEn: "Slow it down.",
      briefPtBr: "",
      rulesEn: "",
      rulesPtBr: "",
      prizesEn: "",
      prizesPtBr: "",
      stems: { access: "tier", tierId: "vip" },
      enter: { access: "ticket", eventId: "ev-1" },
      opensAt: local("2027-03-01T10:00"),
      entriesCloseAt: local("2027-04-01T10:00"),
      votingOpensAt: local("2027-04-01T10:00"),
      votingClosesAt: local("2027-04-08T18:30"),
      winnerBy: "both",
      fanWeightPercent: 70,
      votesPerMember: 5,
      entriesPerMember: 1,
      maxUploadMb: 50,
    });
    expect(await screen.findByText("Contest created.")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  const REFUSALS = [
    [400, "contest_track_unknown", "trackId", undefined, "That track is not in the catalog", "Essa faixa não está no catálogo"],
    [
      400,
      "contest_times_order",
      "votingClosesAt",
      undefined,
      "The times must follow each other: opening, entry deadline, voting opens, voting closes",
      "Os horários devem seguir esta ordem: abertura, prazo de inscrição, início da votação, fim da votação",
    ],
    [
      400,
      "tier_gate_archived",
      "stems.tierId",
      undefined,
      "That membership tier is archived: choose another",
      "Esse nível de assinatura está arquivado: escolha outro",
    ],
    [400, "contest_event_unknown", undefined, undefined, "That event does not exist", "Esse evento não existe"],
    [
      400,
      "contest_votes_invalid",
      "votesPerMember",
      { max: 20 },
      "Votes per member: a whole number from 1 to 20",
      "Votos por membro: um número inteiro de 1 a 20",
    ],
  ] as const;
  for (const [status, code, field, params, en, pt] of REFUSALS) {
    it(`shows the Worker's ${code} in English and Portuguese`, async () => {
      for (const [locale, text] of [
        ["en", en],
        ["pt-BR", pt],
      ] as const) {
        fakeServer({ [`POST ${API}`]: apiError(status, code, "English from the server", field, params) });
        renderList(locale);
        const form = await openCreate();
        await fillValid(form);
        fireEvent.click(within(form).getByRole("button", { name: /Create contest|Criar concurso/ }));
        expect(await within(form).findByText(text)).toBeTruthy();
        expect(within(form).queryByText("English from the server")).toBeNull();
        cleanup();
      }
    });
  }

  it("edits a contest with its values filled in, the cover field shown", async () => {
    const { callsTo } = fakeServer({ [`PUT ${API}/${ID}`]: json(200, { contest: contest() }) });
    renderList();
    fireEvent.click(await screen.findByRole("button", { name: "Edit Neon Heart Remix" }));
    const form = await screen.findByRole("dialog", { name: "Edit Neon Heart Remix" });
    expect(within(form).getByLabelText("Cover")).toBeTruthy();
    fireEvent.change(within(form).getByLabelText("Entries per member"), { target: { value: "2" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(callsTo(`PUT ${API}/${ID}`)).toHaveLength(1));
    expect(sentJson(callsTo(`PUT ${API}/${ID}`)[0])).toMatchObject({
      trackId: "t-1",
      titlePtBr: "Remix de Neon Heart",
      rulesEn: DEFAULT_CONTEST_RULES.en,
      stems: { access: "members" },
      opensAt: "2027-01-01T10:00:00.000Z",
      votingClosesAt: "2027-02-08T10:00:00.000Z",
      entriesPerMember: 2,
    });
    expect(await screen.findByText("Contest saved.")).toBeTruthy();
  });
});

describe("/admin/contests: loading and the cover", () => {
  it("says the contests are loading until they come, in both languages", async () => {
    for (const [locale, text] of [
      ["en", "Loading contests..."],
      ["pt-BR", "Carregando concursos..."],
    ] as const) {
      fakeServer({ [`GET ${API}`]: () => new Promise<Response>(() => {}) });
      renderList(locale);
      expect(await screen.findByText(text)).toBeTruthy();
      cleanup();
    }
  });

  it("uploads a cover as the body of PUT .../cover as soon as it is chosen, and shows it", async () => {
    FakeXHR.sent = [];
    vi.stubGlobal("XMLHttpRequest", FakeXHR);
    fakeServer();
    renderList();
    fireEvent.click(await screen.findByRole("button", { name: "Edit Neon Heart Remix" }));
    const form = await screen.findByRole("dialog", { name: "Edit Neon Heart Remix" });
    const file = new File(["RIFF....WEBP"], "cover.webp", { type: "image/webp" });
    fireEvent.change(within(form).getByLabelText("Cover"), { target: { files: [file] } });
    expect(FakeXHR.sent).toHaveLength(1);
    const xhr = FakeXHR.sent[0]!;
    expect([xhr.method, xhr.url, xhr.body]).toEqual(["PUT", `${API}/${ID}/cover`, file]);
    await xhr.respond(200, { contest: contest({ coverUrl: "/media/contests/cover.webp" }) });
    expect((await within(form).findByRole("img", { name: "The current cover" })).getAttribute("src")).toBe("/media/contests/cover.webp");
  });
});

describe("/admin/contests/$contestId", () => {
  it("lists every entry with its player, and saves a jury score", async () => {
    const { callsTo } = fakeServer({
      [`GET ${API}/${ID}`]: json(200, { contest: contest() }),
      [`GET ${API}/${ID}/entries`]: json(200, { entries: [entry(), DRAFT_ENTRY] }),
      [`PUT ${API}/${ID}/entries/${ENTRY}/jury`]: json(200, { entryId: ENTRY, score: 70 }),
    });
    renderEntries();
    const row = await screen.findByRole("row", { name: /Club Mix/ });
    expect(within(row).getByText("ana")).toBeTruthy();
    expect(within(row).getByText("Submitted")).toBeTruthy();
    expect(within(row).getByText("4m 5s")).toBeTruthy();
    expect(within(row).getByLabelText("Play Club Mix").getAttribute("src")).toBe(`/api/contests/${ID}/entries/${ENTRY}/audio`);
    const draft = screen.getByRole("row", { name: /Unfinished/ });
    expect(within(draft).getByText("Draft")).toBeTruthy();
    expect(within(draft).queryByRole("spinbutton")).toBeNull();
    expect(screen.getByText("The results are computed once voting closes.")).toBeTruthy();

    const score = within(row).getByLabelText("Jury score of Club Mix (0 to 100)");
    fireEvent.change(score, { target: { value: "150" } });
    fireEvent.click(within(row).getByRole("button", { name: "Save score" }));
    expect(await within(row).findByText("A jury score is a whole number from 0 to 100")).toBeTruthy();
    expect(callsTo(`PUT ${API}/${ID}/entries/${ENTRY}/jury`)).toHaveLength(0);

    fireEvent.change(score, { target: { value: "70" } });
    fireEvent.submit(score.closest("form")!);
    await waitFor(() => expect(callsTo(`PUT ${API}/${ID}/entries/${ENTRY}/jury`)).toHaveLength(1));
    expect(sentJson(callsTo(`PUT ${API}/${ID}/entries/${ENTRY}/jury`)[0])).toEqual({ score: 70 });
    expect(await screen.findByText("Jury score of Club Mix saved: 70.")).toBeTruthy();
  });

  it("shows the Worker's refusal of a jury score in Portuguese", async () => {
    fakeServer({
      [`GET ${API}/${ID}`]: json(200, { contest: contest() }),
      [`GET ${API}/${ID}/entries`]: json(200, { entries: [entry()] }),
      [`PUT ${API}/${ID}/entries/${ENTRY}/jury`]: apiError(409, "contest_closed", "English from the server"),
    });
    renderEntries("pt-BR");
    const row = await screen.findByRole("row", { name: /Club Mix/ });
    expect(within(row).getByText("Enviada")).toBeTruthy();
    fireEvent.change(within(row).getByLabelText("Nota do júri de Club Mix (0 a 100)"), { target: { value: "10" } });
    fireEvent.click(within(row).getByRole("button", { name: "Salvar nota" }));
    expect(await within(row).findByText("Os resultados deste concurso já saíram: ele não pode mais ser alterado.")).toBeTruthy();
    expect(within(row).queryByText("English from the server")).toBeNull();
  });

  it("shows the results with the fans' and the jury's shares, and the votes in the entries", async () => {
    const results: ContestResultsResponse = {
      resultsAt: "2027-02-08T10:05:00.000Z",
      results: [
        {
          entryId: ENTRY,
          title: "Club Mix",
          remixer: { username: "ana" },
          place: 1,
          fanVotes: 5,
          fanSharePercent: 62.5,
          jurySharePercent: 40,
          scorePercent: 53.5,
        },
        { entryId: DRAFT, title: "Dub", remixer: { username: "caio" }, place: 2, fanVotes: 3, fanSharePercent: 37.5, jurySharePercent: 60, scorePercent: 46.5 },
      ],
    };
    const done = contest({ phase: "ended", resultsAt: results.resultsAt });
    fakeServer({
      [`GET ${API}/${ID}`]: json(200, { contest: done }),
      [`GET ${API}/${ID}/entries`]: json(200, { entries: [entry({ juryScore: 20, votes: 5, place: 1 })] }),
      [`GET /api/contests/${ID}/results`]: json(200, results),
    });
    renderEntries();
    const table = (await screen.findByRole("table", { name: "Results, best place first" })) as HTMLTableElement;
    const first = within(table).getByRole("row", { name: /Club Mix/ });
    expect(
      within(first)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["#1", "ana", "5", "62.5%", "40.0%", "53.5%"]);
    const entryRow = within(screen.getByRole("table", { name: "Every entry, drafts and withdrawn ones too" })).getByRole("row", { name: /Club Mix/ });
    expect(within(entryRow).queryByRole("spinbutton")).toBeNull();
    expect(within(entryRow).getByText("20")).toBeTruthy();
    expect(within(entryRow).getByText("5")).toBeTruthy();
  });

  it("says a contest that does not exist is gone, in both languages", async () => {
    for (const [locale, text] of [
      ["en", "This contest no longer exists."],
      ["pt-BR", "Este concurso não existe mais."],
    ] as const) {
      fakeServer({ [`GET ${API}/${ID}`]: apiError(404, "contest_not_found", "Contest not found") });
      renderEntries(locale);
      expect(await screen.findByText(text)).toBeTruthy();
      cleanup();
    }
  });

  it("keeps every control reachable by keyboard: native links, buttons, inputs and players", async () => {
    fakeServer({
      [`GET ${API}/${ID}`]: json(200, { contest: contest() }),
      [`GET ${API}/${ID}/entries`]: json(200, { entries: [entry()] }),
    });
    renderEntries();
    const row = await screen.findByRole("row", { name: /Club Mix/ });
    const controls = [
      screen.getByRole("link", { name: "All contests" }),
      within(row).getByLabelText("Play Club Mix"),
      within(row).getByLabelText("Jury score of Club Mix (0 to 100)"),
      within(row).getByRole("button", { name: "Save score" }),
    ];
    for (const control of controls) {
      expect(control.getAttribute("tabindex")).not.toBe("-1");
      control.focus();
      expect(document.activeElement).toBe(control);
    }
    expect(within(row).getByLabelText("Play Club Mix").hasAttribute("controls")).toBe(true);
  });
});

const stem = (name: string, bytes: number, format: AdminContestStem["format"] = "wav"): AdminContestStem => ({
  id: `stem-${name}`,
  name,
  format,
  bytes,
  createdAt: "2027-01-02T10:00:00.000Z",
});

describe("/admin/contests/$contestId: stems", () => {
  const withContest = (extra: Parameters<typeof mockApi>[0] = {}) =>
    fakeServer({ [`GET ${API}/${ID}`]: json(200, { contest: contest() }), [`GET ${API}/${ID}/entries`]: json(200, { entries: [] }), ...extra });

  it("lists the stems with their format and size, in both languages", async () => {
    for (const [locale, region, sizes] of [
      ["en", "Stems", ["1.5 MB", "820 kB"]],
      ["pt-BR", "Stems", ["1,5 MB", "820 kB"]],
    ] as const) {
      withContest({ [`GET ${API}/${ID}/stems`]: json(200, { stems: [stem("Drums.wav", 1.5 * 1024 * 1024), stem("bass.flac", 820 * 1024, "flac")] }) });
      renderEntries(locale);
      const section = await screen.findByRole("region", { name: region });
      const rows = await within(section).findAllByRole("row");
      expect(
        rows.slice(1).map((r) =>
          within(r)
            .getAllByRole("cell")
            .slice(0, 3)
            .map((c) => c.textContent),
        ),
      ).toEqual([
        ["Drums.wav", "WAV", sizes[0]],
        ["bass.flac", "FLAC", sizes[1]],
      ]);
      cleanup();
    }
  });

  it("uploads a stem as the body of PUT .../stems/:name with its progress, then lists it", async () => {
    FakeXHR.sent = [];
    vi.stubGlobal("XMLHttpRequest", FakeXHR);
    const { callsTo } = withContest();
    renderEntries();
    const form = await screen.findByRole("form", { name: "Upload a stem" });
    const file = new File([new Uint8Array(100)], "Lead Vox (final).wav", { type: "" });
    fireEvent.change(within(form).getByLabelText("Stem file (WAV, FLAC or MP3)"), { target: { files: [file] } });
    const name = within(form).getByLabelText("Name in the ZIP") as HTMLInputElement;
    expect(name.value).toBe("Lead Vox -final-.wav");
    fireEvent.change(name, { target: { value: "Lead vox.wav" } });
    fireEvent.click(within(form).getByRole("button", { name: "Upload" }));
    expect(FakeXHR.sent).toHaveLength(1);
    const xhr = FakeXHR.sent[0]!;
    expect([xhr.method, xhr.url]).toEqual(["PUT", `${API}/${ID}/stems/Lead%20vox.wav`]);
    // Sent typed by its extension, as the Worker compares the bytes with the declared type.
    expect((xhr.body as File).type).toBe("audio/wav");
    xhr.progress(50, 100);
    expect(within(form).getByRole("status").textContent).toBe("Uploading: 50%");
    const before = callsTo(`GET ${API}/${ID}/stems`).length;
    await xhr.respond(201, { stem: stem("Lead vox.wav", 100) });
    expect(await screen.findByText("Lead vox.wav uploaded.")).toBeTruthy();
    await waitFor(() => expect(callsTo(`GET ${API}/${ID}/stems`).length).toBeGreaterThan(before));
  });

  it("refuses a file that is no stem before sending, and shows the Worker's refusal, in Portuguese", async () => {
    FakeXHR.sent = [];
    vi.stubGlobal("XMLHttpRequest", FakeXHR);
    withContest();
    renderEntries("pt-BR");
    const form = await screen.findByRole("form", { name: "Enviar uma stem" });
    const input = within(form).getByLabelText("Arquivo da stem (WAV, FLAC ou MP3)");
    fireEvent.change(input, { target: { files: [new File(["x"], "notes.txt", { type: "text/plain" })] } });
    fireEvent.click(within(form).getByRole("button", { name: "Enviar" }));
    expect(await within(form).findByText("Uma stem é um arquivo WAV, FLAC ou MP3")).toBeTruthy();
    expect(FakeXHR.sent).toHaveLength(0);

    fireEvent.change(input, { target: { files: [new File([new Uint8Array(10)], "drums.wav", { type: "audio/wav" })] } });
    fireEvent.click(within(form).getByRole("button", { name: "Enviar" }));
    await FakeXHR.sent[0]!.respond(409, { error: { code: "contest_stem_exists", message: "English from the server" } });
    expect(await within(form).findByText("Este concurso já tem uma stem com esse nome")).toBeTruthy();
    expect(screen.queryByText("English from the server")).toBeNull();
  });

  it("deletes a stem only once confirmed", async () => {
    const { callsTo } = withContest({
      [`GET ${API}/${ID}/stems`]: json(200, { stems: [stem("Drums.wav", 2048)] }),
      [`DELETE ${API}/${ID}/stems/Drums.wav`]: json(204, null),
    });
    renderEntries();
    fireEvent.click(await screen.findByRole("button", { name: "Delete Drums.wav" }));
    let dialog = await screen.findByRole("dialog", { name: "Delete Drums.wav?" });
    expect(within(dialog).getByText("The file is deleted and leaves the members' ZIP. You cannot undo this.")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Keep it" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(callsTo(`DELETE ${API}/${ID}/stems/Drums.wav`)).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "Delete Drums.wav" }));
    dialog = await screen.findByRole("dialog", { name: "Delete Drums.wav?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(callsTo(`DELETE ${API}/${ID}/stems/Drums.wav`)).toHaveLength(1));
    expect(await screen.findByText("Drums.wav deleted.")).toBeTruthy();
  });
});
