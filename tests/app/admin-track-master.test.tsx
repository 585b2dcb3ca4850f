// The back office's lossless master for a track (/admin/catalog, a track row's Master button):
// what it has now, a WAV or FLAC sent as the PUT body with the upload's progress, a wrong type said
// as a master's, and removing it; the row says the master's format and how its other format stands
// (being made, also sold, not made); ?album=<id> opens one album's tracks. A fake API and XMLHttpRequest.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Route as CatalogRoute } from "../../app/routes/admin/catalog";
import type { AdminTrack } from "../../worker/contracts/music/admin-catalog";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp } from "./accounts-harness";
import { adminTrack, neonNightsAlbum } from "./fixtures/admin-catalog";
import { FakeXHR } from "./fixtures/fake-xhr";

const API = "/api/admin/catalog";

const track = (id: string, number: number, title: string, master: AdminTrack["master"]): AdminTrack => adminTrack({ id, number, title, master });

let tracks: AdminTrack[];
function server() {
  return mockApi({
    "GET /api/auth/me": json(200, { user: null }),
    [`GET ${API}/albums`]: () => json(200, { albums: [neonNightsAlbum(tracks)] }),
    [`GET ${API}/stations`]: json(200, { stations: [] }),
    [`GET ${API}/channels`]: json(200, { channels: [] }),
    [`DELETE ${API}/tracks/neon-nights-1/master`]: () => {
      tracks = tracks.map((t) => (t.id === "neon-nights-1" ? { ...t, master: null } : t));
      return json(200, { track: tracks[0] });
    },
  });
}

async function openMaster(title: string, locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  renderApp(root.addChildren([mountFileRoute(CatalogRoute, "/admin/catalog", root)]), "/admin/catalog", { locale });
  await screen.findByRole("heading", { level: 2, name: "Neon Nights" });
  fireEvent.click(screen.getByRole("button", { name: locale === "en" ? "Tracks of Neon Nights" : "Faixas de Neon Nights" }));
  fireEvent.click(screen.getByRole("button", { name: locale === "en" ? `Lossless master of ${title}` : `Master sem perdas de ${title}` }));
  return screen.getByRole("dialog");
}

beforeEach(() => {
  tracks = [track("neon-nights-1", 1, "Opening Lights", "wav"), track("neon-nights-2", 2, "After Hours", null)];
  FakeXHR.sent = [];
  vi.stubGlobal("XMLHttpRequest", FakeXHR);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("/admin/catalog: a track's master", () => {
  it("says a track has none, uploads a FLAC as the PUT body, and shows it", async () => {
    server();
    const form = await openMaster("After Hours");
    expect(within(form).getByText("No master: the store sells this track's release in MP3 only.")).toBeTruthy();
    expect(within(form).queryByRole("button", { name: "Remove master" })).toBeNull();
    const file = new File(["fLaC"], "after-hours.flac", { type: "audio/flac" });
    fireEvent.change(within(form).getByLabelText("Master file"), { target: { files: [file] } });
    fireEvent.click(within(form).getByRole("button", { name: "Upload" }));
    const xhr = FakeXHR.sent[0]!;
    expect([xhr.method, xhr.url, xhr.body]).toEqual(["PUT", `${API}/tracks/neon-nights-2/master`, file]);
    await xhr.respond(200, { track: { ...tracks[1]!, master: "flac" } });
    expect(within(form).getByText("Now: a FLAC master.")).toBeTruthy();
    expect(within(form).getByText("The master is stored.")).toBeTruthy();
    expect(within(form).getByRole("button", { name: "Remove master" })).toBeTruthy();
  });

  it("says a wrong file is not a master", async () => {
    server();
    const form = await openMaster("After Hours");
    fireEvent.change(within(form).getByLabelText("Master file"), { target: { files: [new File(["ID3"], "song.mp3", { type: "audio/mpeg" })] } });
    fireEvent.click(within(form).getByRole("button", { name: "Upload" }));
    await FakeXHR.sent[0]!.respond(415, { error: { code: "unsupported_type", message: "Please choose a WAV or FLAC file: the lossless master" } });
    expect(within(form).getByText("Wrong file type: a master is a WAV or FLAC file")).toBeTruthy();
  });

  it("names the master's format on the row, and removes it", async () => {
    const api = server();
    const form = await openMaster("Opening Lights");
    expect(screen.getByRole("button", { name: "Lossless master of Opening Lights" }).textContent).toBe("Master (WAV)");
    expect(within(form).getByText("Now: a WAV master.")).toBeTruthy();
    fireEvent.click(within(form).getByRole("button", { name: "Remove master" }));
    expect(await within(form).findByText("The master was removed.")).toBeTruthy();
    expect(within(form).getByText("No master: the store sells this track's release in MP3 only.")).toBeTruthy();
    expect(api.callsTo(`DELETE ${API}/tracks/neon-nights-1/master`)).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole("button", { name: "Lossless master of Opening Lights" }).textContent).toBe("Master"));
  });

  it("says a failed removal", async () => {
    mockApi({
      "GET /api/auth/me": json(200, { user: null }),
      [`GET ${API}/albums`]: () => json(200, { albums: [neonNightsAlbum(tracks)] }),
      [`DELETE ${API}/tracks/neon-nights-1/master`]: apiError(500, "internal", "Down"),
    });
    const form = await openMaster("Opening Lights");
    fireEvent.click(within(form).getByRole("button", { name: "Remove master" }));
    expect(await within(form).findByRole("alert")).toBeTruthy();
  });

  it("says how each master's other format stands, on the row and in the dialog, in both languages", async () => {
    const said: Record<"en" | "pt-BR", [string, string, string]> = {
      en: ["FLAC being made…", "Also sold as WAV", "Could not make the FLAC: sold as WAV only"],
      "pt-BR": ["FLAC sendo gerado…", "Também vendida em WAV", "Não foi possível gerar o FLAC: vendida só em WAV"],
    };
    for (const locale of ["en", "pt-BR"] as const) {
      tracks = [
        adminTrack({ id: "neon-nights-1", number: 1, title: "Opening Lights", master: "wav", derivedFormat: "flac", derivedState: "pending" }),
        adminTrack({ id: "neon-nights-2", number: 2, title: "After Hours", master: "flac", derivedFormat: "wav", derivedState: "done" }),
        adminTrack({ id: "neon-nights-3", number: 3, title: "Last Light", master: "wav", derivedFormat: "flac", derivedState: "failed" }),
        adminTrack({ id: "neon-nights-4", number: 4, title: "No Master", master: null }),
      ];
      server();
      const form = await openMaster("Last Light", locale);
      expect(within(form).getByText(said[locale][2])).toBeTruthy();
      const rows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
      expect(rows.map((row) => row.querySelector(".catalog-derived")?.textContent ?? null)).toEqual([...said[locale], null]);
      cleanup();
    }
  });

  it("a master just uploaded says its other format is being made", async () => {
    server();
    const form = await openMaster("After Hours");
    const file = new File(["RIFF"], "after-hours.wav", { type: "audio/wav" });
    fireEvent.change(within(form).getByLabelText("Master file"), { target: { files: [file] } });
    fireEvent.click(within(form).getByRole("button", { name: "Upload" }));
    await FakeXHR.sent[0]!.respond(200, { track: { ...tracks[1]!, master: "wav", derivedFormat: "flac", derivedState: "pending" } });
    expect(within(form).getByText("FLAC being made…")).toBeTruthy();
  });

  it("?album=<id> shows that album's tracks from the start and scrolls to it", async () => {
    server();
    const scrolled: Element[] = [];
    vi.spyOn(HTMLElement.prototype, "scrollIntoView").mockImplementation(function (this: HTMLElement) {
      scrolled.push(this);
    });
    const root = createTestRoot();
    renderApp(root.addChildren([mountFileRoute(CatalogRoute, "/admin/catalog", root)]), "/admin/catalog?album=neon-nights");
    const table = await screen.findByRole("table", { name: /Neon Nights/ });
    expect(within(table).getByText("After Hours")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Tracks of Neon Nights" }).getAttribute("aria-expanded")).toBe("true");
    expect(scrolled.map((e) => e.querySelector("h2")?.textContent)).toEqual(["Neon Nights"]);
  });

  it("without ?album= the albums start folded", async () => {
    server();
    const root = createTestRoot();
    renderApp(root.addChildren([mountFileRoute(CatalogRoute, "/admin/catalog", root)]), "/admin/catalog");
    await screen.findByRole("heading", { level: 2, name: "Neon Nights" });
    expect(screen.getByRole("button", { name: "Tracks of Neon Nights" }).getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("speaks Portuguese", async () => {
    server();
    const form = await openMaster("After Hours", "pt-BR");
    expect(within(form).getByText("Sem master: a loja vende o lançamento desta faixa só em MP3.")).toBeTruthy();
    expect(within(form).getByLabelText("Arquivo da master")).toBeTruthy();
  });
});
