// /admin/catalog/import (decision 120) with generated MP3s dropped through the folder picker: the
// review table groups them by album, marks a missing title and a duplicate number and blocks the
// upload until they are fixed; a file refused by its content is listed apart; the upload sends
// the plan as edited, each file in parts, and links to the drafts; a reloaded page offers the
// unfinished import; the empty state; the page in Portuguese.
import { zipSync } from "fflate";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ImportFile, ImportState } from "#contracts/music/admin-catalog-import.ts";
import { encodePng } from "../../scripts/lib/png.mjs";
import { taggedMp3, taggedWav } from "../../scripts/lib/tagged-audio.mjs";
import { json, mockApi, sentJson } from "./accounts-harness";
import { pickFolder, renderImportPage } from "./fixtures/catalog-import";

const API = "/api/admin/catalog/import";

function fileAt(path: string, bytes: Uint8Array): File {
  const file = new File([bytes as Uint8Array<ArrayBuffer>], path.slice(path.lastIndexOf("/") + 1));
  Object.defineProperty(file, "webkitRelativePath", { value: path });
  return file;
}

const one = taggedMp3({ seconds: 0.3, tags: { title: "Canção do Mar", album: "Mar", track: "1", year: 2024, isrc: "BRABC2400001" } });
const two = taggedMp3({ seconds: 0.3, tags: { album: "Mar", track: "1", year: 2024 } });
const cover = new Uint8Array(encodePng(2, 2, () => [9, 9, 9]));

const slot = (id: string, name: string, size: number, extra: Partial<ImportFile> = {}): ImportFile => ({
  id,
  kind: "audio",
  albumId: "al1",
  trackId: null,
  name,
  format: "mp3",
  size,
  state: "pending",
  failure: null,
  uploadedBytes: 0,
  partCount: 1,
  ...extra,
});

function fakeWorker() {
  let state: ImportState = {
    id: "imp1",
    createdAt: "2026-11-28T00:00:00.000Z",
    albums: [
      {
        id: "al1",
        title: "Mar",
        year: 2024,
        coverFileId: "fc",
        tracks: [
          { id: "t1", title: "Canção do Mar", number: 1, isrc: null, audioFileId: "f1", masterFileId: null },
          { id: "t2", title: "Você", number: 2, isrc: null, audioFileId: "f2", masterFileId: null },
        ],
      },
    ],
    files: [slot("fc", "cover.png", cover.length, { kind: "cover", format: "png" }), slot("f1", "01.mp3", one.length), slot("f2", "02.mp3", two.length)],
  };
  const done = (id: string) => {
    state = { ...state, files: state.files.map((f) => (f.id === id ? { ...f, state: "done", uploadedBytes: f.size } : f)) };
    return state.files.find((f) => f.id === id)!;
  };
  const routes: Parameters<typeof mockApi>[0] = {
    "GET /api/auth/me": json(200, { user: null }),
    [`POST ${API}`]: () => json(201, state),
    [`GET ${API}/imp1`]: () => json(200, state),
  };
  for (const f of state.files) {
    routes[`GET ${API}/imp1/files/${f.id}`] = () => json(200, { file: state.files.find((x) => x.id === f.id), parts: [] });
    routes[`PUT ${API}/imp1/files/${f.id}/parts/1`] = async (request) =>
      json(200, { file: f, part: { number: 1, size: (await request.arrayBuffer()).byteLength, etag: "e" } });
    routes[`POST ${API}/imp1/files/${f.id}/complete`] = () => json(200, { file: done(f.id), parts: [] });
  }
  return mockApi(routes);
}

describe("the import's review", () => {
  it("marks the problems, blocks the upload until they are fixed, then uploads the plan as edited", async () => {
    const api = fakeWorker();
    const { queryClient } = renderImportPage();
    // The catalog's albums as this tab last read them: stale once the drafts exist.
    queryClient.setQueryData(["admin", "catalog", "albums"], { albums: [] });
    await pickFolder([
      fileAt("Mar/01.mp3", one),
      fileAt("Mar/02.mp3", two),
      fileAt("Mar/notes.mp3", new TextEncoder().encode("not audio at all")),
      fileAt("Mar/cover.png", cover),
    ]);
    const table = await screen.findByRole("table", { name: "Tracks of Mar" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    // The untitled track sorts first among the two numbered 1.
    expect(within(rows[0]!).getByText("Missing title")).toBeTruthy();
    expect(within(rows[0]!).getByText("Same disc and number as another track")).toBeTruthy();
    expect(within(rows[1]!).getByText("Same disc and number as another track")).toBeTruthy();
    expect(within(rows[0]!).getByRole("textbox", { name: "Title, track 1" }).getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("3 problems must be fixed before uploading.")).toBeTruthy();
    const upload = screen.getByRole("button", { name: "Upload and create drafts" }) as HTMLButtonElement;
    expect(upload.disabled).toBe(true);
    expect(screen.getByText(/notes\.mp3: not an audio file/)).toBeTruthy();
    expect((screen.getByLabelText("Cover") as HTMLSelectElement).value).not.toBe("");

    fireEvent.change(within(rows[0]!).getByRole("textbox", { name: "Title, track 1" }), { target: { value: "Você" } });
    expect(upload.disabled).toBe(true);
    fireEvent.change(within(rows[0]!).getByRole("spinbutton", { name: "No., track 1" }), { target: { value: "2" } });
    expect(upload.disabled).toBe(false);
    expect(within(table).getAllByText("Ready")).toHaveLength(2);

    await act(async () => void fireEvent.click(upload));
    await screen.findByText(/The drafts are in the catalog/);
    expect(screen.getByRole("link", { name: "Open Mar in the catalog" }).getAttribute("href")).toBe("/admin/catalog?album=al1");
    expect(sentJson(api.callsTo(`POST ${API}`)[0])).toEqual({
      releases: [
        {
          title: "Mar",
          type: "Single",
          year: 2024,
          cover: { name: "cover.png", format: "png", size: cover.length },
          tracks: [
            {
              title: "Canção do Mar",
              disc: 1,
              number: 1,
              isrc: "BRABC2400001",
              credits: [],
              lyrics: [],
              audio: { name: "01.mp3", format: "mp3", size: one.length },
              master: null,
            },
            {
              title: "Você",
              disc: 1,
              number: 2,
              isrc: null,
              credits: [],
              lyrics: [],
              audio: { name: "02.mp3", format: "mp3", size: two.length },
              master: null,
            },
          ],
        },
      ],
    });
    for (const id of ["fc", "f1", "f2"]) expect(api.callsTo(`POST ${API}/imp1/files/${id}/complete`)).toHaveLength(1);
    const sent = api.callsTo(`PUT ${API}/imp1/files/f2/parts/1`)[0]?.[1]?.body as Blob;
    expect(sent.size).toBe(two.length);
    expect(sessionStorage.getItem("catalog-import")).toBeNull();
    expect(queryClient.getQueryState(["admin", "catalog", "albums"])?.isInvalidated).toBe(true);
  });

  it("a track left out takes its problems with it", async () => {
    fakeWorker();
    renderImportPage();
    await pickFolder([fileAt("Mar/01.mp3", one), fileAt("Mar/02.mp3", two)]);
    await screen.findByRole("table", { name: "Tracks of Mar" });
    fireEvent.click(screen.getByRole("button", { name: "Leave out track 1" }));
    expect((screen.getByRole("button", { name: "Upload and create drafts" }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(/problems? must be fixed/)).toBeNull();
  });

  it("pairs an untagged WAV with its MP3 by name, and offers any dropped lossless file as a master", async () => {
    fakeWorker();
    renderImportPage();
    const wav = taggedWav({ seconds: 0.2, tags: {}, id3: false });
    const other = taggedWav({ seconds: 0.2, tags: {}, id3: false, seed: 2 });
    await pickFolder([fileAt("Mar/01 - Canção do Mar.mp3", one), fileAt("Mar/01 - Canção do Mar.wav", wav), fileAt("Mastered/final take.wav", other)]);
    const table = await screen.findByRole("table", { name: "Tracks of Mar" });
    expect(within(table).getAllByRole("row")).toHaveLength(2);
    const master = within(table).getByLabelText("Master (sold), track 1") as HTMLSelectElement;
    expect(master.selectedOptions[0]?.textContent).toBe("01 - Canção do Mar.wav");
    expect([...master.options].map((o) => o.textContent)).toEqual(["No master", "01 - Canção do Mar.wav", "final take.wav"]);
  });

  it("reads a dropped ZIP as a folder", async () => {
    fakeWorker();
    renderImportPage();
    const zip = zipSync({ "Mar/01.mp3": one, "Mar/02.mp3": two, "Mar/cover.png": cover });
    const input = await screen.findByTestId("catalog-import-files");
    Object.defineProperty(input, "files", { value: [new File([zip], "Mar.zip")], configurable: true });
    await act(async () => void fireEvent.change(input));
    const table = await screen.findByRole("table", { name: "Tracks of Mar" });
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    expect((screen.getByLabelText("Cover") as HTMLSelectElement).selectedOptions[0]?.textContent).toBe("cover.png");
  });

  it("says when nothing dropped is audio", async () => {
    fakeWorker();
    renderImportPage();
    await pickFolder([fileAt("x/readme.txt", new TextEncoder().encode("hello"))]);
    expect(await screen.findByText("No audio file was found in what you dropped.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Upload and create drafts" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("offers an unfinished import after a reload", async () => {
    fakeWorker();
    sessionStorage.setItem("catalog-import", "imp1");
    renderImportPage();
    expect(await screen.findByRole("heading", { name: "An import is not finished" })).toBeTruthy();
    expect(screen.getByText("0 of 3 files are uploaded. Drop the same folder or ZIP again to send the rest.")).toBeTruthy();
  });

  it("in Portuguese", async () => {
    fakeWorker();
    renderImportPage("pt-BR");
    await pickFolder([fileAt("Mar/01.mp3", one), fileAt("Mar/02.mp3", two)]);
    await screen.findByRole("table", { name: "Faixas de Mar" });
    expect(screen.getByText("Falta o título")).toBeTruthy();
    await waitFor(() => expect(screen.getByText("3 problemas precisam ser corrigidos antes do envio.")).toBeTruthy());
  });
});
