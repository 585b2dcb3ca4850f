// /admin/contests/$contestId's fair-play section (decision 196) against a fake API: the reported
// and hidden entries with their reasons, hiding with a required reason (checked before sending) and
// showing again; the suspicious groups with their voters, voiding the selected votes with a reason
// and the exact body; the Worker's refusals, all in English and Portuguese.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminFairPlayResponse, FairPlayVote } from "../../worker/contracts/contests/fair-play";
import { apiError, json, mockApi, sentJson } from "./accounts-harness";
import { API, contest, ENTRY, ID, renderEntries } from "./admin-contest-fixtures";

const OTHER = "2d9f3f9e-4c1a-4d2b-9e3f-1a2b3c4d5e6f";

const vote = (username: string, extra: Partial<FairPlayVote> = {}): FairPlayVote => ({
  entryId: ENTRY,
  userId: `u-${username}`,
  username,
  verified: true,
  accountAgeDays: 2,
  castAt: "2027-02-02T10:00:00.000Z",
  voidedAt: null,
  voidReason: null,
  ...extra,
});

const header = { id: ENTRY, title: "Club Mix", remixer: { username: "ana" } };
const play = (extra: Partial<AdminFairPlayResponse> = {}): AdminFairPlayResponse => ({
  resultsOut: false,
  thresholds: { newAccountDays: 7, newAccountVotesMin: 3, networkVotesMin: 3 },
  entries: [
    { ...header, openReports: 2, reasons: ["hate", "spam"], hiddenAt: null, hiddenReason: null },
    {
      id: OTHER,
      title: "Dub",
      remixer: { username: "caio" },
      openReports: 0,
      reasons: [],
      hiddenAt: "2027-02-03T10:00:00.000Z",
      hiddenReason: "Stolen samples",
    },
  ],
  newAccountGroups: [{ entry: header, network: null, votes: [vote("bot1"), vote("bot2"), vote("bot3", { verified: false })] }],
  networkGroups: [{ entry: header, network: "a1b2c3d4", votes: [vote("bot1"), vote("bot2"), vote("bot3", { verified: false })] }],
  voided: [{ ...vote("old", { voidedAt: "2027-02-03T10:00:00.000Z", voidReason: "Bought" }), entryTitle: "Club Mix" }],
  ...extra,
});

function fakeServer(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: null }),
    [`GET ${API}/${ID}`]: json(200, { contest: contest({ phase: "voting", entries: 2 }) }),
    [`GET ${API}/${ID}/entries`]: json(200, { entries: [] }),
    [`GET ${API}/${ID}/stems`]: json(200, { stems: [] }),
    [`GET ${API}/${ID}/fair-play`]: json(200, play()),
    ...extra,
  });
}

const section = async (name: RegExp) => screen.findByRole("region", { name });
const reportedTable = async (fairPlay: HTMLElement, name: string | RegExp = /Reported and hidden entries|Inscrições denunciadas e ocultas/) =>
  within(fairPlay).findByRole("table", { name });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("/admin/contests/$contestId: fair play", () => {
  for (const [locale, texts] of [
    [
      "en",
      {
        title: /^Fair play$/,
        reasons: "2 (Hate, Spam)",
        hidden: "Hidden: Stolen samples",
        rule: "3 or more votes on one entry from accounts made at most 7 days before the contest opened",
        group: "One network (a1b2c3d4) voting for Club Mix",
        age: "2 days",
        unverified: "No",
        voided: "old for Club Mix: Bought",
      },
    ],
    [
      "pt-BR",
      {
        title: /^Jogo limpo$/,
        reasons: "2 (Ódio, Spam)",
        hidden: "Oculta: Stolen samples",
        rule: "3 ou mais votos numa inscrição de contas criadas no máximo 7 dias antes da abertura do concurso",
        group: "Uma rede (a1b2c3d4) votando em Club Mix",
        age: "2 dias",
        unverified: "Não",
        voided: "old em Club Mix: Bought",
      },
    ],
  ] as const) {
    it(`lists the reported and hidden entries, the suspicious groups and the voided votes (${locale})`, async () => {
      fakeServer();
      renderEntries(locale);
      const fairPlay = await section(texts.title);
      const table = await reportedTable(fairPlay);
      const reported = within(table).getByRole("row", { name: /Club Mix/ });
      expect(within(reported).getByText(texts.reasons)).toBeTruthy();
      expect(within(within(table).getByRole("row", { name: /Dub/ })).getByText(texts.hidden)).toBeTruthy();
      expect(within(fairPlay).getByText(texts.rule)).toBeTruthy();
      const group = within(fairPlay).getByRole("table", { name: texts.group });
      const bot3 = within(group).getByRole("row", { name: /bot3/ });
      expect(within(bot3).getByText(texts.age)).toBeTruthy();
      expect(within(bot3).getByText(texts.unverified)).toBeTruthy();
      expect(within(fairPlay).getByText(texts.voided)).toBeTruthy();
    });
  }

  it("wants a reason before hiding, sends it, and shows an entry again", async () => {
    const { callsTo } = fakeServer({
      [`POST ${API}/${ID}/entries/${ENTRY}/hide`]: json(200, { hidden: true, resolvedReports: 2 }),
      [`POST ${API}/${ID}/entries/${OTHER}/unhide`]: json(200, { hidden: false, resolvedReports: 0 }),
    });
    renderEntries();
    const fairPlay = await section(/^Fair play$/);
    const table = await reportedTable(fairPlay);
    const row = within(table).getByRole("row", { name: /Club Mix/ });
    fireEvent.click(within(row).getByRole("button", { name: "Hide" }));
    fireEvent.click(within(row).getByRole("button", { name: "Hide Club Mix" }));
    expect(await within(row).findByText("Give the reason: it is kept in the audit log")).toBeTruthy();
    expect(callsTo(`POST ${API}/${ID}/entries/${ENTRY}/hide`)).toHaveLength(0);
    fireEvent.change(within(row).getByLabelText("Reason (kept in the audit log)"), { target: { value: "Samples a slur" } });
    fireEvent.click(within(row).getByRole("button", { name: "Hide Club Mix" }));
    await waitFor(() => expect(callsTo(`POST ${API}/${ID}/entries/${ENTRY}/hide`)).toHaveLength(1));
    expect(sentJson(callsTo(`POST ${API}/${ID}/entries/${ENTRY}/hide`)[0])).toEqual({ reason: "Samples a slur" });
    expect(await screen.findByText("Club Mix is hidden.")).toBeTruthy();

    fireEvent.click(within(within(table).getByRole("row", { name: /Dub/ })).getByRole("button", { name: "Show again" }));
    await waitFor(() => expect(callsTo(`POST ${API}/${ID}/entries/${OTHER}/unhide`)).toHaveLength(1));
  });

  it("voids the selected votes with a reason, sending the exact body", async () => {
    const { callsTo } = fakeServer({ [`POST ${API}/${ID}/votes/void`]: json(200, { voided: 2 }) });
    renderEntries();
    const fairPlay = await section(/^Fair play$/);
    const group = await within(fairPlay).findByRole("table", { name: "New accounts voting for Club Mix" });
    const voidButton = within(fairPlay).getByRole("button", { name: "Void the selected votes" }) as HTMLButtonElement;
    expect(voidButton.disabled).toBe(true);
    fireEvent.click(within(group).getByLabelText("Select bot1's vote for Club Mix"));
    fireEvent.click(within(group).getByLabelText("Select bot2's vote for Club Mix"));
    fireEvent.click(voidButton);
    expect(await within(fairPlay).findByText("Give the reason: it is kept in the audit log")).toBeTruthy();
    expect(callsTo(`POST ${API}/${ID}/votes/void`)).toHaveLength(0);
    fireEvent.change(within(fairPlay).getAllByLabelText("Reason (kept in the audit log)").at(-1)!, { target: { value: "Made the day before, one network" } });
    fireEvent.click(voidButton);
    await waitFor(() => expect(callsTo(`POST ${API}/${ID}/votes/void`)).toHaveLength(1));
    expect(sentJson(callsTo(`POST ${API}/${ID}/votes/void`)[0])).toEqual({
      reason: "Made the day before, one network",
      votes: [
        { entryId: ENTRY, userId: "u-bot1" },
        { entryId: ENTRY, userId: "u-bot2" },
      ],
    });
    expect(await screen.findByText("2 votes voided.")).toBeTruthy();
  });

  it("shows the Worker's refusal of a void in Portuguese, and no void once the results are stored", async () => {
    fakeServer({ [`POST ${API}/${ID}/votes/void`]: apiError(409, "contest_closed", "This contest's results are out: it can no longer be changed") });
    renderEntries("pt-BR");
    const fairPlay = await section(/^Jogo limpo$/);
    const group = await within(fairPlay).findByRole("table", { name: "Contas novas votando em Club Mix" });
    fireEvent.click(within(group).getByLabelText("Selecionar o voto de bot1 em Club Mix"));
    fireEvent.change(within(fairPlay).getAllByLabelText("Motivo (fica no registro de auditoria)").at(-1)!, { target: { value: "Comprado" } });
    fireEvent.click(within(fairPlay).getByRole("button", { name: "Anular os votos selecionados" }));
    expect(await within(fairPlay).findByText("Os resultados estão gravados: os votos não podem mais ser anulados")).toBeTruthy();
    cleanup();

    fakeServer({ [`GET ${API}/${ID}/fair-play`]: json(200, play({ resultsOut: true })) });
    renderEntries();
    const closed = await section(/^Fair play$/);
    expect(await within(closed).findByText("The results are stored: votes can no longer be voided.")).toBeTruthy();
    expect(within(closed).queryByRole("button", { name: "Void the selected votes" })).toBeNull();
  });
});
