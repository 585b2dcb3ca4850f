// A member's own entries on a contest's page against a fake API: drafts and submitted entries
// listed with their state, an edit through the Worker, the audio uploaded or replaced with its
// progress, and withdrawing only after a confirmation (kept when the member says no); Portuguese.
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

const SUBMITTED = entry({ id: "33333333-0000-4000-8000-000000000008", title: "Sunrise Mix", status: "submitted", durationSeconds: 95, audioUrl: "/a.mp3" });
const mine = async (name = "Your entries") => screen.findByRole("region", { name });

describe("the member's own entries", () => {
  it("lists drafts and submitted entries with their state", async () => {
    contestApi({ entries: [entry(), SUBMITTED] });
    renderContest();
    const list = await mine();
    expect(within(list).getByRole("article", { name: "Midnight Mix" }).textContent).toContain("Draft: no audio yet");
    const submitted = within(list).getByRole("article", { name: "Sunrise Mix" });
    expect(submitted.textContent).toContain("Entered");
    expect(submitted.querySelector("audio")?.getAttribute("src")).toBe("/a.mp3");
    expect(within(list).getByLabelText("Upload the audio of Midnight Mix")).toBeTruthy();
    expect(within(list).getByLabelText("Replace the audio of Sunrise Mix")).toBeTruthy();
  });

  it("withdraws only after the member confirms, and keeps the entry when they say no", async () => {
    const api = contestApi({ entries: [SUBMITTED], extra: { [`DELETE ${ENTRIES_API}/${SUBMITTED.id}`]: json(204, null) } });
    renderContest();
    const list = await mine();
    fireEvent.click(within(list).getByRole("button", { name: "Withdraw Sunrise Mix" }));
    let dialog = await screen.findByRole("dialog", { name: "Withdraw this entry?" });
    expect(dialog.textContent).toContain("Sunrise Mix leaves the contest, with any votes it has. You cannot undo this.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Keep it" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.callsTo(`DELETE ${ENTRIES_API}/${SUBMITTED.id}`)).toHaveLength(0);
    fireEvent.click(within(list).getByRole("button", { name: "Withdraw Sunrise Mix" }));
    dialog = await screen.findByRole("dialog", { name: "Withdraw this entry?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Withdraw" }));
    await waitFor(() => expect(api.callsTo(`DELETE ${ENTRIES_API}/${SUBMITTED.id}`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("offers withdrawing after the entry window, but no edit or upload", async () => {
    contestApi({ entries: [SUBMITTED], answer: contest({ phase: "voting", rights: rights({ canEnter: false, enterRefusal: "contest_entries_closed" }) }) });
    renderContest();
    const list = await mine();
    expect(within(list).getByRole("button", { name: "Withdraw Sunrise Mix" })).toBeTruthy();
    expect(within(list).queryByRole("button", { name: "Edit Sunrise Mix" })).toBeNull();
    expect(within(list).queryByLabelText("Replace the audio of Sunrise Mix")).toBeNull();
    expect(screen.queryByRole("region", { name: "Enter the contest" })).toBeNull();
  });

  it("edits the title and note through the Worker", async () => {
    const api = contestApi({
      entries: [SUBMITTED],
      extra: { [`PATCH ${ENTRIES_API}/${SUBMITTED.id}`]: json(200, { entry: { ...SUBMITTED, title: "Dawn Mix" } }) },
    });
    renderContest();
    const list = await mine();
    fireEvent.click(within(list).getByRole("button", { name: "Edit Sunrise Mix" }));
    fireEvent.change(within(list).getByLabelText("Title of your remix"), { target: { value: "Dawn Mix" } });
    fireEvent.click(within(list).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.callsTo(`PATCH ${ENTRIES_API}/${SUBMITTED.id}`)).toHaveLength(1));
    const [, init] = api.callsTo(`PATCH ${ENTRIES_API}/${SUBMITTED.id}`)[0]!;
    expect(JSON.parse(String(init!.body))).toEqual({ title: "Dawn Mix", note: "" });
  });

  it("uploads a draft's audio with its progress, in Portuguese", async () => {
    contestApi({ entries: [entry()] });
    renderContest("pt-BR");
    const list = await mine("Suas inscrições");
    fireEvent.change(within(list).getByLabelText("Enviar o áudio de Midnight Mix"), { target: { files: [audioFile("m.wav", "audio/wav")] } });
    const xhr = FakeXHR.sent[0]!;
    expect([xhr.method, xhr.url]).toEqual(["PUT", `${ENTRIES_API}/${ENTRY_ID}/audio`]);
    xhr.progress(50, 100);
    expect(within(list).getByText("Enviando: 50%")).toBeTruthy();
    await xhr.respond(415, { error: { code: "unsupported_type", message: "English" } });
    expect(within(list).getByRole("alert").textContent).toBe("Uma inscrição é um arquivo WAV, FLAC ou MP3");
  });
});
