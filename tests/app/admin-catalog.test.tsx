// /admin/catalog against a fake API that keeps what it is sent, and a fake XMLHttpRequest for the
// uploads (fetch cannot report upload progress): the album list with covers and tracks; create,
// edit, delete (after a confirmation) and reorder requests with their exact bodies; an upload's
// progress bar, percent and bytes, its cancel, the duration read from the file, and its errors
// (too large before sending, wrong type, host not allowed); the stations and channels tabs'
// loading, empty and failed states; the page in Portuguese.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Route as CatalogRoute } from "../../app/routes/admin/catalog";
import type { AdminAlbum, AdminStation, AdminTrack } from "../../worker/contracts/music/admin-catalog";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson } from "./accounts-harness";
import { adminTrack } from "./fixtures/admin-catalog";
import { FakeXHR } from "./fixtures/fake-xhr";

const API = "/api/admin/catalog";

const track = (id: string, albumId: string, number: number, title: string, extra: Partial<AdminTrack> = {}): AdminTrack =>
  adminTrack({ id, albumId, number, title, audio: { kind: "none" }, ...extra });

const ALBUMS: AdminAlbum[] = [
  {
    id: "neon-nights",
    title: "Neon Nights",
    year: 1987,
    type: "Album",
    coverUrl: "/media/covers/neon-nights.png",
    position: 0,
    releaseAt: null,
    earlyAccessAt: null,
    earlyMinTierId: null,
    notes: null,
    notesPtBr: null,
    notifyWaiting: 0,
    tracks: [
      track("neon-nights-1", "neon-nights", 1, "Opening Lights", { audio: { kind: "file", format: "mp3" }, plays: 1234 }),
      track("neon-nights-2", "neon-nights", 2, "After Hours", { audio: { kind: "remote", url: "https://files.example.com/a.mp3" } }),
    ],
  },
  {
    id: "spring-love",
    title: "Spring Love",
    year: 1988,
    type: "Single",
    coverUrl: null,
    position: 1,
    releaseAt: null,
    earlyAccessAt: null,
    earlyMinTierId: null,
    notes: null,
    notesPtBr: null,
    notifyWaiting: 0,
    tracks: [],
  },
  {
    id: "last-dance",
    title: "Last Dance",
    year: 1990,
    type: "Album",
    coverUrl: null,
    position: 2,
    releaseAt: null,
    earlyAccessAt: null,
    earlyMinTierId: null,
    notes: null,
    notesPtBr: null,
    notifyWaiting: 0,
    tracks: [],
  },
];

/** A catalog server keeping albums in memory, answering the admin API as the Worker does. */
function fakeServer({ stations = [] as AdminStation[], failStations = false, failAlbums = (): boolean => false } = {}) {
  let albums = structuredClone(ALBUMS);
  const api = mockApi({
    "GET /api/auth/me": json(200, { user: null }),
    "GET /api/admin/tier-choices": json(200, {
      tiers: [
        { id: "vip", rank: 1, archived: false, name: { en: "VIP", ptBR: "VIP" } },
        { id: "inner-circle", rank: 2, archived: false, name: { en: "Inner Circle", ptBR: "Círculo Íntimo" } },
      ],
    }),
    [`GET ${API}/albums`]: () => (failAlbums() ? apiError(500, "internal", "Down") : json(200, { albums })),
    [`POST ${API}/albums`]: async (request) => {
      const body = (await request.json()) as Pick<AdminAlbum, "title" | "year" | "type">;
      const album: AdminAlbum = {
        id: "new-album",
        ...body,
        coverUrl: null,
        position: albums.length,
        releaseAt: null,
        earlyAccessAt: null,
        earlyMinTierId: null,
        notes: null,
        notesPtBr: null,
        notifyWaiting: 0,
        tracks: [],
      };
      albums = [...albums, album];
      return json(201, { album });
    },
    [`PATCH ${API}/albums/neon-nights`]: async (request) => {
      const body = (await request.json()) as Partial<AdminAlbum>;
      albums = albums.map((a) => (a.id === "neon-nights" ? { ...a, ...body } : a));
      return json(200, { album: albums[0] });
    },
    [`DELETE ${API}/albums/spring-love`]: () => {
      albums = albums.filter((a) => a.id !== "spring-love");
      return json(200, { deleted: "spring-love", retiredTracks: 0 });
    },
    [`PUT ${API}/albums/order`]: async (request) => {
      const { ids } = (await request.json()) as { ids: string[] };
      albums = ids.map((id, position) => ({ ...albums.find((a) => a.id === id)!, position }));
      return json(200, { albums });
    },
    [`PUT ${API}/albums/neon-nights/tracks/order`]: async (request) => {
      const { ids } = (await request.json()) as { ids: string[] };
      albums = albums.map((a) =>
        a.id === "neon-nights" ? { ...a, tracks: ids.map((id, i) => ({ ...a.tracks.find((t) => t.id === id)!, number: i + 1 })) } : a,
      );
      return json(200, { album: albums[0] });
    },
    [`PUT ${API}/tracks/neon-nights-2/audio-url`]: async (request) => {
      const { url } = (await request.json()) as { url: string };
      if (!url.startsWith("https://files.example.com/"))
        return apiError(400, "url_not_allowed", "This host is not on the audio proxy's allowlist (AUDIO_PROXY_HOSTS)", "url");
      return json(200, { track: { ...albums[0]!.tracks[1]!, audio: { kind: "remote", url } }, durationDetected: false });
    },
    [`POST ${API}/albums/spring-love/tracks`]: async (request) => {
      const body = (await request.json()) as { title: string };
      const created = track("spring-love-1", "spring-love", 1, body.title);
      albums = albums.map((a) => (a.id === "spring-love" ? { ...a, tracks: [...a.tracks, created] } : a));
      return json(201, { track: created });
    },
    [`PATCH ${API}/tracks/neon-nights-1`]: async (request) => {
      const body = (await request.json()) as Partial<AdminTrack>;
      albums = albums.map((a) => (a.id === "neon-nights" ? { ...a, tracks: a.tracks.map((t) => (t.id === "neon-nights-1" ? { ...t, ...body } : t)) } : a));
      return json(200, { track: albums[0]!.tracks[0] });
    },
    [`GET ${API}/stations`]: () => (failStations ? apiError(500, "internal", "Down") : json(200, { stations })),
    [`POST ${API}/stations`]: async (request) => json(201, { station: { id: "new-station", ...(await request.json()), imageUrl: null, position: 0 } }),
    [`GET ${API}/channels`]: () => json(200, { channels: [] }),
  });
  return { ...api, albums: () => albums };
}

const MB = 1024 * 1024;
/** A file of `size` bytes without allocating them. */
function fileOf(name: string, size: number, type = "audio/mpeg") {
  const file = new File(["x"], name, { type });
  Object.defineProperty(file, "size", { value: size });
  return file;
}

function renderCatalog(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  return renderApp(root.addChildren([mountFileRoute(CatalogRoute, "/admin/catalog", root)]), "/admin/catalog", { locale });
}

const albumItem = (title: string) => screen.getByRole("heading", { level: 2, name: title }).closest("article")!;
const albumTitles = () => screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
const dialog = () => screen.getByRole("dialog");

beforeEach(() => {
  FakeXHR.sent = [];
  vi.stubGlobal("XMLHttpRequest", FakeXHR);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("/admin/catalog: albums", () => {
  it("lists albums in order with their covers, details and, when expanded, their tracks", async () => {
    fakeServer();
    renderCatalog();
    expect(await screen.findByRole("heading", { level: 1, name: "Catalog" })).toBeTruthy();
    await screen.findByRole("heading", { level: 2, name: "Neon Nights" });
    expect(albumTitles()).toEqual(["Neon Nights", "Spring Love", "Last Dance"]);
    expect(screen.getByRole("tab", { name: "Albums" }).getAttribute("aria-selected")).toBe("true");

    const neon = albumItem("Neon Nights");
    const cover = within(neon).getByRole("img", { name: "Cover of Neon Nights" }) as HTMLImageElement;
    expect([cover.getAttribute("src"), cover.getAttribute("width"), cover.getAttribute("height")]).toEqual(["/media/covers/neon-nights.png", "64", "64"]);
    expect(within(neon).getByText("1987 · Album · 2 tracks")).toBeTruthy();
    expect(within(albumItem("Spring Love")).getByText("No cover")).toBeTruthy();
    expect(within(albumItem("Spring Love")).getByText("1988 · Single · no tracks")).toBeTruthy();

    const toggle = within(neon).getByRole("button", { name: "Tracks of Neon Nights" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const table = within(neon).getByRole("table", { name: "Tracks of Neon Nights" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => [...r.querySelectorAll("td, th")].slice(0, 5).map((c) => c.textContent))).toEqual([
      ["1", "Opening Lights", "3:30", "MP3 file", "1,234"],
      ["2", "After Hours", "3:30", "Remote: files.example.com", "0"],
    ]);
  });

  it("creates an album with the exact POST body and shows it", async () => {
    const server = fakeServer();
    renderCatalog();
    await screen.findByRole("heading", { level: 2, name: "Neon Nights" });
    fireEvent.click(screen.getByRole("button", { name: "Add album" }));
    const form = dialog();
    expect(within(form).getByRole("heading", { name: "Add album" })).toBeTruthy();
    fireEvent.change(within(form).getByLabelText("Title"), { target: { value: "  Midnight Radio " } });
    fireEvent.change(within(form).getByLabelText("Year"), { target: { value: "1992" } });
    fireEvent.change(within(form).getByLabelText("Type"), { target: { value: "Single" } });
    fireEvent.click(within(form).getByRole("button", { name: "Create" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sentJson(server.callsTo(`POST ${API}/albums`)[0])).toEqual({ title: "Midnight Radio", year: 1992, type: "Single" });
    expect(await screen.findByRole("heading", { level: 2, name: "Midnight Radio" })).toBeTruthy();
  });

  it("checks the form before sending: a title is required", async () => {
    const server = fakeServer();
    renderCatalog();
    await screen.findByRole("heading", { level: 2, name: "Neon Nights" });
    fireEvent.click(screen.getByRole("button", { name: "Add album" }));
    fireEvent.click(within(dialog()).getByRole("button", { name: "Create" }));
    const title = within(dialog()).getByLabelText("Title");
    expect(title.getAttribute("aria-invalid")).toBe("true");
    expect(within(dialog()).getByRole("alert").textContent).toBe("This field is required");
    expect(server.callsTo(`POST ${API}/albums`)).toHaveLength(0);
  });

  it("edits an album, sending only what changed", async () => {
    const server = fakeServer();
    renderCatalog();
    await screen.findByRole("heading", { level: 2, name: "Neon Nights" });
    fireEvent.click(screen.getByRole("button", { name: "Edit Neon Nights" }));
    const form = dialog();
    expect((within(form).getByLabelText("Title") as HTMLInputElement).value).toBe("Neon Nights");
    expect((within(form).getByLabelText("Year") as HTMLInputElement).value).toBe("1987");
    fireEvent.change(within(form).getByLabelText("Title"), { target: { value: "Neon Nights (Remastered)" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sentJson(server.callsTo(`PATCH ${API}/albums/neon-nights`)[0])).toEqual({ title: "Neon Nights (Remastered)" });
    expect(await screen.findByRole("heading", { level: 2, name: "Neon Nights (Remastered)" })).toBeTruthy();
  });

  it("sets an album's release and VIP early access, typed in local time and sent together as instants", async () => {
    const server = fakeServer();
    renderCatalog();
    await screen.findByRole("heading", { level: 2, name: "Neon Nights" });
    fireEvent.click(screen.getByRole("button", { name: "Edit Neon Nights" }));
    const form = dialog();
    fireEvent.change(within(form).getByLabelText("Public release"), { target: { value: "2030-03-05T12:00" } });
    fireEvent.change(within(form).getByLabelText("VIP early access from"), { target: { value: "2030-03-06T12:00" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    // Early access after the release: said at the field, nothing sent.
    expect(await within(form).findByText("Early access must start before the public release.")).toBeTruthy();
    expect(server.callsTo(`PATCH ${API}/albums/neon-nights`)).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText("VIP early access from"), { target: { value: "2030-03-01T09:30" } });
    // Who hears it early (decision 108): VIP and above, or a paid tier above VIP.
    const tier = within(form).getByLabelText("Early access for") as HTMLSelectElement;
    await waitFor(() => expect([...tier.options].map((o) => o.textContent)).toEqual(["VIP and above (every paid tier)", "Inner Circle and above"]));
    fireEvent.change(tier, { target: { value: "inner-circle" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.callsTo(`PATCH ${API}/albums/neon-nights`)).toHaveLength(1));
    expect(sentJson(server.callsTo(`PATCH ${API}/albums/neon-nights`)[0])).toEqual({
      releaseAt: new Date("2030-03-05T12:00").toISOString(),
      earlyAccessAt: new Date("2030-03-01T09:30").toISOString(),
      earlyMinTierId: "inner-circle",
    });
  });

  it("deletes an album only after the confirmation, and Cancel sends nothing", async () => {
    const server = fakeServer();
    renderCatalog();
    await screen.findByRole("heading", { level: 2, name: "Spring Love" });
    fireEvent.click(screen.getByRole("button", { name: "Delete Spring Love" }));
    expect(within(dialog()).getByText("Delete “Spring Love”?")).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(server.callsTo(`DELETE ${API}/albums/spring-love`)).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "Delete Spring Love" }));
    fireEvent.click(within(dialog()).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(server.callsTo(`DELETE ${API}/albums/spring-love`)).toHaveLength(1);
    await waitFor(() => expect(albumTitles()).toEqual(["Neon Nights", "Last Dance"]));
  });

  it("moves an album down with the keyboard-reachable button: the list moves, the full order is sent, focus stays", async () => {
    const server = fakeServer();
    renderCatalog();
    await screen.findByRole("heading", { level: 2, name: "Neon Nights" });
    expect(screen.getByRole("button", { name: "Move Neon Nights up" }).getAttribute("aria-disabled")).toBe("true");
    const down = screen.getByRole("button", { name: "Move Neon Nights down" });
    down.focus();
    fireEvent.click(down);
    expect(albumTitles()).toEqual(["Spring Love", "Neon Nights", "Last Dance"]);
    expect(document.activeElement).toBe(down);
    expect(screen.getByText("Neon Nights is now number 2")).toBeTruthy();
    await waitFor(() => expect(server.callsTo(`PUT ${API}/albums/order`)).toHaveLength(1));
    expect(sentJson(server.callsTo(`PUT ${API}/albums/order`)[0])).toEqual({ ids: ["spring-love", "neon-nights", "last-dance"] });

    // The last one cannot go further down: nothing is sent.
    fireEvent.click(screen.getByRole("button", { name: "Move Last Dance down" }));
    expect(server.callsTo(`PUT ${API}/albums/order`)).toHaveLength(1);
  });

  it("reorders an album's tracks, and puts the order back with a message when the server refuses", async () => {
    const server = fakeServer();
    renderCatalog();
    await screen.findByRole("heading", { level: 2, name: "Neon Nights" });
    fireEvent.click(screen.getByRole("button", { name: "Tracks of Neon Nights" }));
    fireEvent.click(screen.getByRole("button", { name: "Move After Hours up" }));
    await waitFor(() => expect(server.callsTo(`PUT ${API}/albums/neon-nights/tracks/order`)).toHaveLength(1));
    expect(sentJson(server.callsTo(`PUT ${API}/albums/neon-nights/tracks/order`)[0])).toEqual({ ids: ["neon-nights-2", "neon-nights-1"] });

    server.fetchMock.mockImplementationOnce(async () => apiError(409, "order_changed", "The list has changed since it was loaded."));
    fireEvent.click(screen.getByRole("button", { name: "Move Opening Lights up" }));
    expect(await screen.findByText("The list changed since it was loaded. It has been reloaded: please try again.")).toBeTruthy();
  });
});

describe("/admin/catalog: uploads", () => {
  async function openAudio(title = "After Hours") {
    renderCatalog();
    await screen.findByRole("heading", { level: 2, name: "Neon Nights" });
    fireEvent.click(screen.getByRole("button", { name: "Tracks of Neon Nights" }));
    fireEvent.click(screen.getByRole("button", { name: `Audio of ${title}` }));
    return dialog();
  }
  const choose = (form: HTMLElement, file: File) => fireEvent.change(within(form).getByLabelText("Audio file"), { target: { files: [file] } });

  it("uploads the file as the PUT body with a progress bar in percent and bytes, then shows the duration read", async () => {
    const server = fakeServer();
    const form = await openAudio();
    expect(within(form).getByText("Now: Remote: files.example.com")).toBeTruthy();
    const file = fileOf("song.mp3", 2 * MB);
    choose(form, file);
    fireEvent.click(within(form).getByRole("button", { name: "Upload" }));

    expect(FakeXHR.sent).toHaveLength(1);
    const xhr = FakeXHR.sent[0]!;
    expect([xhr.method, xhr.url, xhr.body]).toEqual(["PUT", `${API}/tracks/neon-nights-2/audio`, file]);
    const bar = within(form).getByRole("progressbar", { name: "Upload progress" }) as HTMLProgressElement;
    expect(bar.value).toBe(0);

    xhr.progress(MB, 2 * MB);
    expect(bar.value).toBe(MB);
    expect(bar.max).toBe(2 * MB);
    expect(within(form).getByText("50% uploaded (1 MB of 2 MB)")).toBeTruthy();
    expect(within(form).getByRole("button", { name: "Cancel upload" })).toBeTruthy();

    await xhr.respond(200, { track: { ...ALBUMS[0]!.tracks[1]!, durationSeconds: 187, audio: { kind: "file", format: "mp3" } }, durationDetected: true });
    expect(within(form).queryByRole("progressbar")).toBeNull();
    expect(within(form).getByText("Upload complete")).toBeTruthy();
    expect(within(form).getByText("Duration read from the file: 3:07")).toBeTruthy();
    expect(within(form).getByText("Now: MP3 file")).toBeTruthy();
    // The album list is fetched again to show the new audio and duration.
    await waitFor(() => expect(server.callsTo(`GET ${API}/albums`).length).toBeGreaterThanOrEqual(2));
  });

  it("says when the file did not tell its duration", async () => {
    fakeServer();
    const form = await openAudio();
    choose(form, fileOf("song.ogg", 1000, "audio/ogg"));
    fireEvent.click(within(form).getByRole("button", { name: "Upload" }));
    await FakeXHR.sent[0]!.respond(200, { track: { ...ALBUMS[0]!.tracks[1]!, audio: { kind: "file", format: "ogg" } }, durationDetected: false });
    expect(within(form).getByText("The file does not say how long it is: the duration stays 3:30.")).toBeTruthy();
  });

  it("cancels a running upload", async () => {
    fakeServer();
    const form = await openAudio();
    choose(form, fileOf("song.flac", 5 * MB, "audio/flac"));
    fireEvent.click(within(form).getByRole("button", { name: "Upload" }));
    FakeXHR.sent[0]!.progress(MB, 5 * MB);
    act(() => fireEvent.click(within(form).getByRole("button", { name: "Cancel upload" })));
    expect(FakeXHR.sent[0]!.aborted).toBe(true);
    expect(await within(form).findByText("Upload canceled")).toBeTruthy();
    expect(within(form).queryByRole("progressbar")).toBeNull();
    expect(within(form).getByRole("button", { name: "Upload" })).toBeTruthy();
  });

  it("refuses a file over 100 MB before sending anything: 'File too large'", async () => {
    fakeServer();
    const form = await openAudio();
    choose(form, fileOf("huge.wav", 101 * MB, "audio/wav"));
    expect(within(form).getByText("File too large: the maximum is 100 MB")).toBeTruthy();
    expect((within(form).getByRole("button", { name: "Upload" }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(form).getByLabelText("Audio file").getAttribute("aria-invalid")).toBe("true");
    expect(FakeXHR.sent).toHaveLength(0);
  });

  it("shows the server's refusals: a wrong type (415), too large (413), a lost connection", async () => {
    fakeServer();
    const form = await openAudio();
    choose(form, fileOf("notes.mp3", 1000));
    fireEvent.click(within(form).getByRole("button", { name: "Upload" }));
    await FakeXHR.sent[0]!.respond(415, { error: { code: "unsupported_type", message: "Please choose an MP3..." } });
    expect(within(form).getByText("Wrong file type: choose an MP3, AAC/M4A, Ogg/Opus, FLAC or WAV file")).toBeTruthy();

    fireEvent.click(within(form).getByRole("button", { name: "Upload" }));
    await FakeXHR.sent[1]!.respond(413, { error: { code: "too_large", message: "Audio files must be at most 100 MB" } });
    expect(within(form).getByText("File too large: the maximum is 100 MB")).toBeTruthy();

    fireEvent.click(within(form).getByRole("button", { name: "Upload" }));
    await FakeXHR.sent[2]!.fail();
    expect(await within(form).findByText("The connection was lost during the upload. Please try again.")).toBeTruthy();
  });

  it("sets a remote address instead, and says when its host is not allowed", async () => {
    const server = fakeServer();
    const form = await openAudio();
    const url = within(form).getByLabelText("Remote https URL") as HTMLInputElement;
    expect(url.value).toBe("https://files.example.com/a.mp3");
    fireEvent.change(url, { target: { value: "https://elsewhere.example.org/b.mp3" } });
    fireEvent.click(within(form).getByRole("button", { name: "Use this address" }));
    expect(await within(form).findByText("This host is not on the audio proxy's allowlist")).toBeTruthy();
    expect(url.getAttribute("aria-invalid")).toBe("true");

    fireEvent.change(url, { target: { value: "https://files.example.com/b.mp3" } });
    fireEvent.click(within(form).getByRole("button", { name: "Use this address" }));
    expect(await within(form).findByText("The track now plays from files.example.com.")).toBeTruthy();
    expect(server.callsTo(`PUT ${API}/tracks/neon-nights-2/audio-url`).map((c) => sentJson(c))).toEqual([
      { url: "https://elsewhere.example.org/b.mp3" },
      { url: "https://files.example.com/b.mp3" },
    ]);
  });

  it("uploads a cover through the same progress bar, refusing a wrong image type", async () => {
    fakeServer();
    renderCatalog();
    await screen.findByRole("heading", { level: 2, name: "Neon Nights" });
    fireEvent.click(screen.getByRole("button", { name: "Change the cover of Spring Love" }));
    const form = dialog();
    fireEvent.change(within(form).getByLabelText("Image"), { target: { files: [fileOf("cover.gif", 5000, "image/gif")] } });
    fireEvent.click(within(form).getByRole("button", { name: "Upload" }));
    expect(FakeXHR.sent[0]!.url).toBe(`${API}/albums/spring-love/cover`);
    await FakeXHR.sent[0]!.respond(415, { error: { code: "unsupported_type", message: "Please choose a JPEG, PNG or WebP image" } });
    expect(within(form).getByText("Wrong file type: choose a JPEG, PNG or WebP image")).toBeTruthy();
  });
});

describe("/admin/catalog: adding a track with its audio", () => {
  async function openAddTrack(locale: "en" | "pt-BR" = "en") {
    renderCatalog(locale);
    await screen.findByRole("heading", { level: 2, name: "Spring Love" });
    fireEvent.click(screen.getByRole("button", { name: locale === "en" ? "Tracks of Spring Love" : "Faixas de Spring Love" }));
    fireEvent.click(screen.getByRole("button", { name: locale === "en" ? "Add a track to Spring Love" : "Adicionar uma faixa a Spring Love" }));
    return dialog();
  }

  it("creates the track, then uploads the chosen audio with its progress, and closes", async () => {
    const server = fakeServer();
    const form = await openAddTrack();
    fireEvent.change(within(form).getByLabelText("Title"), { target: { value: "Spring Love (Remix)" } });
    const file = fileOf("remix.mp3", 2 * MB);
    fireEvent.change(within(form).getByLabelText("Audio file (optional)"), { target: { files: [file] } });
    fireEvent.click(within(form).getByRole("button", { name: "Create" }));

    await waitFor(() => expect(FakeXHR.sent).toHaveLength(1));
    expect(sentJson(server.callsTo(`POST ${API}/albums/spring-love/tracks`)[0])).toEqual({ title: "Spring Love (Remix)" });
    const xhr = FakeXHR.sent[0]!;
    expect([xhr.method, xhr.url, xhr.body]).toEqual(["PUT", `${API}/tracks/spring-love-1/audio`, file]);
    xhr.progress(MB, 2 * MB);
    expect((within(form).getByRole("progressbar", { name: "Upload progress" }) as HTMLProgressElement).value).toBe(MB);
    expect(within(form).getByText("50% uploaded (1 MB of 2 MB)")).toBeTruthy();
    expect((within(form).getByRole("button", { name: "Uploading the audio..." }) as HTMLButtonElement).disabled).toBe(true);

    await xhr.respond(200, {
      track: { ...track("spring-love-1", "spring-love", 1, "Spring Love (Remix)"), audio: { kind: "file", format: "mp3" } },
      durationDetected: true,
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("keeps the track when the upload fails, says so, and uploads again on request", async () => {
    const server = fakeServer();
    const form = await openAddTrack();
    fireEvent.change(within(form).getByLabelText("Title"), { target: { value: "Second Chance" } });
    fireEvent.change(within(form).getByLabelText("Audio file (optional)"), { target: { files: [fileOf("a.mp3", 1000)] } });
    fireEvent.click(within(form).getByRole("button", { name: "Create" }));
    await waitFor(() => expect(FakeXHR.sent).toHaveLength(1));
    await FakeXHR.sent[0]!.fail();

    const alert = await within(form).findByRole("alert");
    expect(alert.textContent).toBe(
      "The track was created, but its audio was not uploaded. Try the upload again, or close and add the audio later." +
        "The connection was lost during the upload. Please try again.",
    );
    // The track exists (created once), and the dialog offers the upload again, not a second track.
    expect(
      server
        .albums()
        .find((a) => a.id === "spring-love")!
        .tracks.map((t) => t.title),
    ).toEqual(["Second Chance"]);
    fireEvent.click(within(form).getByRole("button", { name: "Retry upload" }));
    await waitFor(() => expect(FakeXHR.sent).toHaveLength(2));
    expect(FakeXHR.sent[1]!.url).toBe(`${API}/tracks/spring-love-1/audio`);
    expect(server.callsTo(`POST ${API}/albums/spring-love/tracks`)).toHaveLength(1);
    await FakeXHR.sent[1]!.respond(200, {
      track: { ...track("spring-love-1", "spring-love", 1, "Second Chance"), audio: { kind: "file", format: "mp3" } },
      durationDetected: false,
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("creates a track without audio as before, and refuses an audio file over the limit before creating anything", async () => {
    const server = fakeServer();
    const form = await openAddTrack();
    fireEvent.change(within(form).getByLabelText("Title"), { target: { value: "Huge" } });
    fireEvent.change(within(form).getByLabelText("Audio file (optional)"), { target: { files: [fileOf("huge.wav", 101 * MB, "audio/wav")] } });
    expect(within(form).getByText("File too large: the maximum is 100 MB")).toBeTruthy();
    fireEvent.click(within(form).getByRole("button", { name: "Create" }));
    expect(server.callsTo(`POST ${API}/albums/spring-love/tracks`)).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText("Audio file (optional)"), { target: { files: [] } });
    fireEvent.click(within(form).getByRole("button", { name: "Create" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(server.callsTo(`POST ${API}/albums/spring-love/tracks`)).toHaveLength(1);
    expect(FakeXHR.sent).toHaveLength(0);
  });

  it("reads in Portuguese", async () => {
    fakeServer();
    const form = await openAddTrack("pt-BR");
    expect(within(form).getByText("Enviado assim que a faixa for criada. MP3, AAC/M4A, Ogg/Opus, FLAC ou WAV, até 100 MB.")).toBeTruthy();
    fireEvent.change(within(form).getByLabelText("Título"), { target: { value: "Outra" } });
    fireEvent.change(within(form).getByLabelText("Arquivo de áudio (opcional)"), { target: { files: [fileOf("a.mp3", 1000)] } });
    fireEvent.click(within(form).getByRole("button", { name: "Criar" }));
    await waitFor(() => expect(FakeXHR.sent).toHaveLength(1));
    expect(within(form).getByRole("button", { name: "Enviando o áudio..." })).toBeTruthy();
    await FakeXHR.sent[0]!.respond(415, { error: { code: "unsupported_type", message: "x" } });
    expect((await within(form).findByRole("alert")).textContent).toContain("A faixa foi criada, mas o áudio não foi enviado.");
    expect(within(form).getByRole("button", { name: "Tentar o envio de novo" })).toBeTruthy();
  });
});

describe("/admin/catalog: stations and channels", () => {
  it("shows an empty stations tab, then creates a station with the exact body", async () => {
    const server = fakeServer();
    renderCatalog();
    await screen.findByRole("heading", { level: 2, name: "Neon Nights" });
    fireEvent.click(screen.getByRole("tab", { name: "Radio stations" }));
    expect(await screen.findByText("No radio stations yet")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add station" }));
    const form = dialog();
    fireEvent.change(within(form).getByLabelText("Name"), { target: { value: "Night Drive" } });
    fireEvent.change(within(form).getByLabelText("Description (English)"), { target: { value: "Late songs" } });
    fireEvent.change(within(form).getByLabelText("Description (Portuguese)"), { target: { value: "Músicas tardias" } });
    fireEvent.click(within(form).getByLabelText("Curated"));
    fireEvent.click(within(form).getByLabelText("Commercial free"));
    fireEvent.click(within(form).getByLabelText("Every album in the catalog"));
    fireEvent.click(within(form).getByLabelText("Last Dance (1990)"));
    fireEvent.click(within(form).getByRole("button", { name: "Create" }));
    await waitFor(() => expect(server.callsTo(`POST ${API}/stations`)).toHaveLength(1));
    expect(sentJson(server.callsTo(`POST ${API}/stations`)[0])).toEqual({
      name: "Night Drive",
      namePtBr: null,
      descriptionEn: "Late songs",
      descriptionPtBr: "Músicas tardias",
      features: ["commercial_free", "curated"],
      sourceType: "catalog",
      albumIds: ["last-dance"],
      streamUrl: null,
    });
  });

  it("creates a channel with an optional Portuguese name, the Portuguese description left empty (pt-BR form)", async () => {
    const server = fakeServer();
    renderCatalog("pt-BR");
    await screen.findByRole("heading", { level: 2, name: "Neon Nights" });
    fireEvent.click(screen.getByRole("tab", { name: "Canais de TV" }));
    fireEvent.click(await screen.findByRole("button", { name: "Adicionar canal" }));
    const form = dialog();
    fireEvent.change(within(form).getByLabelText("Nome"), { target: { value: "Backstage" } });
    const ptName = within(form).getByLabelText("Nome (português)");
    expect(ptName.getAttribute("aria-describedby")).toBeTruthy();
    expect(within(form).getAllByText("Opcional: se ficar vazio, os visitantes que falam português veem o texto em inglês.")).toHaveLength(2);
    fireEvent.change(ptName, { target: { value: "Bastidores" } });
    fireEvent.change(within(form).getByLabelText("Descrição (inglês)"), { target: { value: "Behind the scenes" } });
    fireEvent.click(within(form).getByRole("button", { name: "Criar" }));
    await waitFor(() => expect(server.callsTo(`POST ${API}/channels`)).toHaveLength(1));
    expect(sentJson(server.callsTo(`POST ${API}/channels`)[0])).toMatchObject({
      name: "Backstage",
      namePtBr: "Bastidores",
      descriptionEn: "Behind the scenes",
      descriptionPtBr: "",
    });
  });

  it("asks a stream station for its address before sending", async () => {
    const server = fakeServer();
    renderCatalog();
    fireEvent.click(await screen.findByRole("tab", { name: "Radio stations" }));
    fireEvent.click(await screen.findByRole("button", { name: "Add station" }));
    const form = dialog();
    fireEvent.change(within(form).getByLabelText("Name"), { target: { value: "Live FM" } });
    fireEvent.change(within(form).getByLabelText("Description (English)"), { target: { value: "x" } });
    fireEvent.change(within(form).getByLabelText("Description (Portuguese)"), { target: { value: "x" } });
    fireEvent.click(within(form).getByLabelText("Remote stream"));
    fireEvent.click(within(form).getByRole("button", { name: "Create" }));
    expect(within(form).getByText("A stream station needs a stream URL")).toBeTruthy();
    expect(server.callsTo(`POST ${API}/stations`)).toHaveLength(0);
  });

  it("says when a list fails to load and loads it again on request", async () => {
    fakeServer({ failStations: true });
    renderCatalog();
    fireEvent.click(await screen.findByRole("tab", { name: "Radio stations" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load the catalog");
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeTruthy();
  });

  it("says in the station form when the albums to choose from fail to load, and loads them again on request", async () => {
    let fail = true;
    fakeServer({ failAlbums: () => fail });
    renderCatalog();
    fireEvent.click(await screen.findByRole("tab", { name: "Radio stations" }));
    fireEvent.click(await screen.findByRole("button", { name: "Add station" }));
    const form = dialog();
    fireEvent.click(within(form).getByLabelText("Every album in the catalog"));
    const alert = await within(form).findByRole("alert", {}, { timeout: 4000 });
    await waitFor(() => expect(within(alert).getByRole("button", { name: "Try again" }).hasAttribute("disabled")).toBe(false), { timeout: 4000 });
    expect(alert.textContent).toBe("The albums could not be loaded.Try again");
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await within(form).findByLabelText("Last Dance (1990)")).toBeTruthy();
  });

  it("shows the empty TV channels tab", async () => {
    fakeServer();
    renderCatalog();
    fireEvent.click(await screen.findByRole("tab", { name: "TV channels" }));
    expect(await screen.findByText("No TV channels yet")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add channel" })).toBeTruthy();
  });
});

describe("/admin/catalog in Portuguese", () => {
  it("reads in Portuguese: page, tabs, list, dialogs and upload texts", async () => {
    fakeServer();
    renderCatalog("pt-BR");
    expect(await screen.findByRole("heading", { level: 1, name: "Catálogo" })).toBeTruthy();
    await screen.findByRole("heading", { level: 2, name: "Neon Nights" });
    expect(screen.getByRole("tab", { name: "Álbuns" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Estações de rádio" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Canais de TV" })).toBeTruthy();
    expect(within(albumItem("Neon Nights")).getByText("1987 · Álbum · 2 faixas")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Adicionar álbum" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Excluir Neon Nights" }));
    expect(within(dialog()).getByText("Excluir “Neon Nights” e suas 2 faixas? O histórico de reproduções continua nas estatísticas de faixas.")).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole("button", { name: "Cancelar" }));

    fireEvent.click(screen.getByRole("button", { name: "Faixas de Neon Nights" }));
    fireEvent.click(screen.getByRole("button", { name: "Áudio de After Hours" }));
    const form = dialog();
    fireEvent.change(within(form).getByLabelText("Arquivo de áudio"), { target: { files: [fileOf("a.mp3", 2 * MB)] } });
    fireEvent.click(within(form).getByRole("button", { name: "Enviar" }));
    FakeXHR.sent[0]!.progress(MB, 2 * MB);
    expect(within(form).getByText("50% enviado (1 MB de 2 MB)")).toBeTruthy();
    await FakeXHR.sent[0]!.respond(415, { error: { code: "unsupported_type", message: "x" } });
    expect(within(form).getByText("Tipo de arquivo inválido: escolha um arquivo MP3, AAC/M4A, Ogg/Opus, FLAC ou WAV")).toBeTruthy();
  });
});

describe("/admin/catalog: a pre-order's teaser tracks (decision 118)", () => {
  it("the track dialog sends the teaser flag alone, and the row then says Teaser; in Portuguese too", async () => {
    const server = fakeServer();
    renderCatalog();
    await screen.findByRole("heading", { level: 2, name: "Neon Nights" });
    fireEvent.click(screen.getByRole("button", { name: "Tracks of Neon Nights" }));
    fireEvent.click(screen.getByRole("button", { name: "Edit Opening Lights" }));
    const form = dialog();
    fireEvent.click(within(form).getByRole("checkbox", { name: "Teaser: who pre-orders the album downloads it at once, before the release time" }));
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.callsTo(`PATCH ${API}/tracks/neon-nights-1`)).toHaveLength(1));
    expect(await sentJson(server.callsTo(`PATCH ${API}/tracks/neon-nights-1`)[0]!)).toEqual({ teaser: true });
    expect(await within(albumItem("Neon Nights")).findByText("Teaser")).toBeTruthy();
    cleanup();
    fakeServer();
    renderCatalog("pt-BR");
    await screen.findByRole("heading", { level: 2, name: "Neon Nights" });
    fireEvent.click(screen.getByRole("button", { name: "Faixas de Neon Nights" }));
    fireEvent.click(screen.getByRole("button", { name: "Editar Opening Lights" }));
    expect(within(dialog()).getByRole("checkbox", { name: /Faixa antecipada/ })).toBeTruthy();
  });
});
