// The Report control on a contest's entries against a fake API (decision 196): on other members'
// entries for a signed-in member only (not their own, not one they co-author, not for a visitor), a
// dialog loaded on first open that keyboard users can reach and leave, 201 thanks and disables the
// control, 409 already_reported says so, other refusals read in words, and Portuguese.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ContestEntry } from "../../worker/contracts/contests/contests";
import { apiError, json, type ApiRoutes } from "./accounts-harness";
import { ID, renderContest, votingContest, votingEntry, votingPageApi } from "./contest-voting-fixtures";

const contest = votingContest({ prizes: "" });
const entry = (n: number, overrides: Partial<ContestEntry> = {}) => votingEntry(n, { audioUrl: null, streamState: null, peaks: null, ...overrides });
const ENTRIES = [entry(1), entry(2, { mine: true }), entry(3, { myCredit: "confirmed" })];
const REPORTS = `POST /api/contests/${ID}/entries/${ENTRIES[0]!.id}/reports`;

const api = (extra: ApiRoutes = {}, signedIn = true, votesOnHidden: string[] = []) =>
  votingPageApi({ contest, entries: ENTRIES, signedIn, votesOnHidden }, extra);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

async function openReport(name = "Report Remix 1") {
  fireEvent.click(await screen.findByRole("button", { name }));
  return screen.findByRole("dialog");
}

describe("reporting a contest's entry", () => {
  it("is offered on other members' entries only, not one's own nor one co-authored", async () => {
    api();
    renderContest();
    expect(await screen.findByRole("button", { name: "Report Remix 1" })).toBeTruthy();
    const listed = screen.getByRole("region", { name: "Entries" });
    expect(within(within(listed).getByRole("article", { name: "Remix 2" })).queryByRole("button", { name: /Report/ })).toBeNull();
    expect(within(within(listed).getByRole("article", { name: "Remix 3" })).queryByRole("button", { name: /Report/ })).toBeNull();
  });

  it("is not offered to a visitor", async () => {
    api({}, false);
    renderContest();
    await screen.findAllByRole("heading", { level: 3 });
    expect(screen.queryAllByRole("button", { name: /Report/ })).toEqual([]);
  });

  it("sends the reason and details, thanks the member and disables the control", async () => {
    const { callsTo } = api({ [REPORTS]: json(201, { ok: true }) });
    renderContest();
    const dialog = await openReport();
    expect(within(dialog).getByRole("heading", { name: "Report Remix 1" })).toBeTruthy();
    const send = within(dialog).getByRole("button", { name: "Send report" }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole("radio", { name: "Spam or advertising" }));
    fireEvent.change(within(dialog).getByLabelText("Details (optional)"), { target: { value: "Same track as last year" } });
    fireEvent.click(send);
    expect((await within(dialog).findByRole("status")).textContent).toBe("Reported, thank you. The moderators will look at it.");
    const [, init] = callsTo(REPORTS)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ reason: "spam", details: "Same track as last year" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    const control = (await screen.findByRole("button", { name: "Remix 1: reported" })) as HTMLButtonElement;
    expect(control.disabled).toBe(true);
    expect(control.textContent).toBe("Reported");
  });

  it("says when the member reported the entry already, and disables the control", async () => {
    api({ [REPORTS]: apiError(409, "already_reported", "Already reported") });
    renderContest();
    const dialog = await openReport();
    fireEvent.click(within(dialog).getByRole("radio", { name: "Something else" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("You have already reported this remix.");
    expect((screen.getByRole("button", { name: "Remix 1: reported" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("reads other refusals in words and keeps the form", async () => {
    api({ [REPORTS]: apiError(404, "contest_entry_not_found", "Not found") });
    renderContest();
    const dialog = await openReport();
    fireEvent.click(within(dialog).getByRole("radio", { name: "Hate speech" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("This remix is no longer in the contest.");
    expect(within(dialog).getByRole("button", { name: "Send report" })).toBeTruthy();
  });

  it("takes the focus into the dialog, and Escape gives it back to the control", async () => {
    api();
    renderContest();
    const control = await screen.findByRole("button", { name: "Report Remix 1" });
    control.focus();
    fireEvent.click(control);
    const dialog = await screen.findByRole("dialog");
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    expect(within(dialog).getAllByRole("radio")).toHaveLength(6);
    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(control);
  });

  it("speaks Portuguese", async () => {
    api({ [REPORTS]: json(201, { ok: true }) });
    renderContest("pt-BR");
    const dialog = await openReport("Denunciar Remix 1");
    expect(within(dialog).getByText("Por que os moderadores devem olhar este remix?")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("radio", { name: "Spam ou propaganda" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Enviar denúncia" }));
    expect((await within(dialog).findByRole("status")).textContent).toBe("Denunciado, obrigado. Os moderadores vão analisar.");
  });
});

describe("votes on entries the moderators hid", () => {
  const HIDDEN = ["33333333-0000-4000-8000-000000000008", "33333333-0000-4000-8000-000000000009"];

  it("says how many and takes them back through the vote's DELETE, then reads the list again", async () => {
    const { callsTo } = api(Object.fromEntries(HIDDEN.map((id) => [`DELETE /api/contests/${ID}/votes/${id}`, json(200, { votesLeft: 3 })])), true, HIDDEN);
    renderContest();
    expect(await screen.findByText("2 of your votes went to entries the moderators hid.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Take those votes back" }));
    await waitFor(() => expect(HIDDEN.map((id) => callsTo(`DELETE /api/contests/${ID}/votes/${id}`).length)).toEqual([1, 1]));
    await waitFor(() => expect(callsTo(`GET /api/contests/${ID}/entries`).length).toBeGreaterThanOrEqual(2));
  });

  it("says nothing without such votes, and says it in Portuguese", async () => {
    api();
    renderContest();
    await screen.findAllByRole("heading", { level: 3 });
    expect(screen.queryByRole("button", { name: /Take th/ })).toBeNull();
    cleanup();
    api({}, true, HIDDEN.slice(0, 1));
    renderContest("pt-BR");
    expect(await screen.findByText("Um dos seus votos foi para uma inscrição que os moderadores ocultaram.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Retirar esse voto" })).toBeTruthy();
  });
});
