// The back office's lyrics and credits of a track (/admin/catalog, a track row's "Lyrics &
// credits", decision 112): what it has now, lyrics saved per language with who reads them, a
// synced text the server refuses said in the page's language, and credits saved in order.
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route as CatalogRoute } from "../../app/routes/admin/catalog";
import type { AdminTrackDetailsResponse } from "../../worker/contracts/music/track-details";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp } from "./accounts-harness";
import { adminTrack, neonNightsAlbum } from "./fixtures/admin-catalog";

const API = "/api/admin/catalog";
const TRACK = adminTrack();
const ALBUM = neonNightsAlbum([TRACK]);
const DETAILS: AdminTrackDetailsResponse = {
  credits: [{ role: "producer", name: "DJ Marcos", detail: null }],
  isrc: "BRABC2400001",
  label: null,
  recordedOn: null,
  lyricsAccess: "public",
  lyrics: [{ locale: "pt-BR", synced: false, text: "Primeira linha", lines: [] }],
};

function server(overrides: Record<string, Response | ((r: Request) => Response)> = {}) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: null }),
    [`GET ${API}/albums`]: json(200, { albums: [ALBUM] }),
    [`GET ${API}/stations`]: json(200, { stations: [] }),
    [`GET ${API}/channels`]: json(200, { channels: [] }),
    [`GET ${API}/tracks/${TRACK.id}/details`]: json(200, DETAILS),
    [`PUT ${API}/tracks/${TRACK.id}/lyrics/en`]: json(200, { lyrics: [] }),
    [`PUT ${API}/tracks/${TRACK.id}/credits`]: json(200, { credits: [], isrc: null, label: null, recordedOn: null }),
    [`PUT ${API}/albums/neon-nights/lyrics-access`]: json(200, { access: "vip" }),
    ...overrides,
  });
}

async function openDetails(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  renderApp(root.addChildren([mountFileRoute(CatalogRoute, "/admin/catalog", root)]), "/admin/catalog", { locale });
  await screen.findByRole("heading", { level: 2, name: "Neon Nights" });
  fireEvent.click(screen.getByRole("button", { name: locale === "en" ? "Tracks of Neon Nights" : "Faixas de Neon Nights" }));
  fireEvent.click(screen.getByRole("button", { name: locale === "en" ? "Lyrics and credits of Opening Lights" : "Letras e créditos de Opening Lights" }));
  const dialog = screen.getByRole("dialog");
  await within(dialog).findByRole("heading", { name: locale === "en" ? "Credits" : "Créditos" });
  return dialog;
}

const bodyOf = async (api: ReturnType<typeof server>, key: string) =>
  JSON.parse(String(api.callsTo(key)[0]![1]?.body ?? (await (api.callsTo(key)[0]![0] as Request).text())));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("/admin/catalog: a track's lyrics and credits", () => {
  it("saves English synced lyrics and who reads the release's lyrics", async () => {
    const api = server();
    const dialog = await openDetails();
    const lyrics = within(dialog).getByRole("form", { name: "Lyrics" });
    fireEvent.click(within(lyrics).getByRole("checkbox"));
    fireEvent.change(within(lyrics).getByLabelText("Lyrics text"), { target: { value: "[00:01.00]Hello" } });
    fireEvent.click(within(lyrics).getByRole("button", { name: "Save lyrics" }));
    expect(await within(lyrics).findByText("The lyrics are saved.")).toBeTruthy();
    expect(await bodyOf(api, `PUT ${API}/tracks/${TRACK.id}/lyrics/en`)).toEqual({ synced: true, body: "[00:01.00]Hello" });
    fireEvent.change(within(lyrics).getByLabelText("Who reads this release's lyrics"), { target: { value: "vip" } });
    expect(await within(lyrics).findByText("Who reads the lyrics is saved.")).toBeTruthy();
    expect(await bodyOf(api, `PUT ${API}/albums/neon-nights/lyrics-access`)).toEqual({ access: "vip" });
  });

  it("shows the stored Portuguese lyrics, and says a refused synced text in Portuguese", async () => {
    server({ [`PUT ${API}/tracks/${TRACK.id}/lyrics/pt-BR`]: apiError(400, "lyrics_not_synced", "Synced lyrics need at least one timed line") });
    const dialog = await openDetails("pt-BR");
    const lyrics = within(dialog).getByRole("form", { name: "Letra" });
    fireEvent.change(within(lyrics).getByLabelText("Idioma"), { target: { value: "pt-BR" } });
    expect((within(lyrics).getByLabelText("Texto da letra") as HTMLTextAreaElement).value).toBe("Primeira linha");
    fireEvent.click(within(lyrics).getByRole("checkbox"));
    fireEvent.click(within(lyrics).getByRole("button", { name: "Salvar letra" }));
    expect((await within(lyrics).findByRole("alert")).textContent).toBe(
      "Uma letra sincronizada precisa de pelo menos uma linha com tempo, como [01:23.45] uma linha.",
    );
  });

  it("adds a credit and saves them in order with the ISRC; a taken ISRC is said", async () => {
    const api = server();
    const dialog = await openDetails();
    const credits = within(dialog).getByRole("form", { name: "Credits" });
    fireEvent.click(within(credits).getByRole("button", { name: "Add a credit" }));
    const names = within(credits).getAllByLabelText("Name");
    fireEvent.change(names[1]!, { target: { value: "Cia Rivera" } });
    fireEvent.change(within(credits).getAllByLabelText("Part (optional, like vocals)")[1]!, { target: { value: "vocals" } });
    fireEvent.click(within(credits).getByRole("button", { name: "Save credits" }));
    expect(await within(credits).findByText("The credits are saved.")).toBeTruthy();
    expect(await bodyOf(api, `PUT ${API}/tracks/${TRACK.id}/credits`)).toEqual({
      credits: [
        { role: "producer", name: "DJ Marcos", detail: null },
        { role: "performer", name: "Cia Rivera", detail: "vocals" },
      ],
      isrc: "BRABC2400001",
      label: null,
      recordedOn: null,
    });
  });

  it("says an ISRC another track has", async () => {
    server({ [`PUT ${API}/tracks/${TRACK.id}/credits`]: apiError(409, "isrc_taken", "Another track has this ISRC") });
    const dialog = await openDetails();
    const credits = within(dialog).getByRole("form", { name: "Credits" });
    fireEvent.click(within(credits).getByRole("button", { name: "Save credits" }));
    expect((await within(credits).findByRole("alert")).textContent).toBe("Another track has this ISRC.");
  });
});
