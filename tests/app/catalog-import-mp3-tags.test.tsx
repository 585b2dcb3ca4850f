// /admin/catalog/import: the MP3 the page makes from a lossless master carries an ID3v2.4 tag
// (title, the site's artist, album, track n/N, disc, year, ISRC, the album's cover), read back by
// music-metadata from the bytes the page sent; the plan announced that tagged size; and an import
// a reload interrupted makes the very same file again from the Worker's answer and the files
// dropped again. The encoder (WebAudio and a Web Worker, which jsdom has not) answers fixed MP3
// frames, made by the real encoder.
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { parseBuffer } from "music-metadata";
import { describe, expect, it, vi } from "vitest";
import type { ImportFile, ImportPlan, ImportState } from "#contracts/music/admin-catalog-import.ts";
import { ChunkedMp3Encoder } from "../../app/features/admin/catalog-import/mp3Encode";
import { encodePng } from "../../scripts/lib/png.mjs";
import { taggedWav, testPcm } from "../../scripts/lib/tagged-audio.mjs";
import { json, mockApi, sentJson } from "./accounts-harness";
import { pickFolder, renderImportPage } from "./fixtures/catalog-import";

const frames = (() => {
  const encoder = new ChunkedMp3Encoder(1, 44100);
  const pcm = Float32Array.from(testPcm(1), (v) => v / 32768);
  return new Uint8Array([...encoder.encode(pcm), ...encoder.finish()]);
})();

vi.mock("../../app/features/admin/catalog-import/encodeMaster", () => ({
  encodeMaster: async () => new Blob([frames as Uint8Array<ArrayBuffer>], { type: "audio/mpeg" }),
}));

const API = "/api/admin/catalog/import";
const ARTIST = "Lola Rivera";
const cover = new Uint8Array(encodePng(3, 3, () => [200, 40, 90]));
const wav = taggedWav({ seconds: 0.2, tags: { title: "Última Dança", album: "Coração", track: "1", year: 2023, isrc: "BR-ABC-23-00003" } });
const other = taggedWav({ seconds: 0.2, tags: { title: "Segunda", album: "Coração", track: "2", year: 2023 }, seed: 2 });

function fileAt(path: string, bytes: Uint8Array): File {
  const file = new File([bytes as Uint8Array<ArrayBuffer>], path.slice(path.lastIndexOf("/") + 1));
  Object.defineProperty(file, "webkitRelativePath", { value: path });
  return file;
}

const slot = (id: string, kind: ImportFile["kind"], name: string, format: ImportFile["format"], size: number): ImportFile => ({
  id,
  kind,
  albumId: "al1",
  trackId: null,
  name,
  format,
  size,
  state: "pending",
  failure: null,
  uploadedBytes: 0,
  partCount: 1,
});

/** The Worker: takes the plan, stores what it says (as readImportState answers it) and every part sent. */
function fakeWorker(unfinished: ImportState | null = null) {
  const sent = new Map<string, Uint8Array>();
  let state = unfinished;
  const routes: Parameters<typeof mockApi>[0] = {
    "GET /api/auth/me": json(200, { user: null }),
    "GET /api/admin/settings": json(200, { settings: { artistName: ARTIST } }),
    [`POST ${API}`]: async (request) => {
      const plan = (await request.json()) as ImportPlan;
      const release = plan.releases[0]!;
      const [first, second] = release.tracks;
      state = {
        id: "imp1",
        createdAt: "2026-11-29T00:00:00.000Z",
        albums: [
          {
            id: "al1",
            title: release.title,
            year: release.year,
            coverFileId: "fc",
            tracks: [
              { id: "t1", title: first!.title, number: 1, isrc: "BRABC2300003", audioFileId: "f1", masterFileId: "m1" },
              { id: "t2", title: second!.title, number: 2, isrc: null, audioFileId: "f2", masterFileId: "m2" },
            ],
          },
        ],
        files: [
          slot("fc", "cover", release.cover!.name, release.cover!.format, release.cover!.size),
          slot("f1", "audio", first!.audio.name, "mp3", first!.audio.size),
          slot("m1", "master", first!.master!.name, "wav", first!.master!.size),
          slot("f2", "audio", second!.audio.name, "mp3", second!.audio.size),
          slot("m2", "master", second!.master!.name, "wav", second!.master!.size),
        ],
      };
      return json(201, state);
    },
    [`GET ${API}/imp1`]: () => json(200, state),
  };
  for (const id of ["fc", "f1", "m1", "f2", "m2"]) {
    const file = () => state!.files.find((f) => f.id === id)!;
    routes[`GET ${API}/imp1/files/${id}`] = () => json(200, { file: file(), parts: [] });
    routes[`PUT ${API}/imp1/files/${id}/parts/1`] = async (request) => {
      const bytes = new Uint8Array(await request.arrayBuffer());
      sent.set(id, bytes);
      return json(200, { file: file(), part: { number: 1, size: bytes.length, etag: "e" } });
    };
    routes[`POST ${API}/imp1/files/${id}/complete`] = () => {
      state = { ...state!, files: state!.files.map((f) => (f.id === id ? { ...f, state: "done", uploadedBytes: f.size } : f)) };
      return json(200, { file: file(), parts: [] });
    };
  }
  const api = mockApi(routes);
  return { api, sent, state: () => state! };
}

const DONE_WAIT = { timeout: 10_000 };
const dropped = () => [fileAt("Coração/01.wav", wav), fileAt("Coração/02.wav", other), fileAt("Coração/cover.png", cover)];

async function importOnce() {
  const worker = fakeWorker();
  renderImportPage();
  await pickFolder(dropped());
  await screen.findByRole("table", { name: "Tracks of Coração" });
  await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Upload and create drafts" })));
  await screen.findByText(/The drafts are in the catalog/, {}, DONE_WAIT);
  return worker;
}

describe("the MP3 made from a master", () => {
  it("carries every tag and the album's cover, and the plan announced the tagged file's size", async () => {
    const { api, sent } = await importOnce();
    const plan = sentJson(api.callsTo(`POST ${API}`)[0]) as ImportPlan;
    const mp3 = sent.get("f1")!;
    expect(plan.releases[0]!.tracks[0]!.audio).toEqual({ name: "01.mp3", format: "mp3", size: mp3.length });
    expect(mp3.length).toBeGreaterThan(frames.length + cover.length);
    // The encoder's frames follow the tag untouched.
    expect([...mp3.subarray(mp3.length - frames.length)]).toEqual([...frames]);

    const { common, format, native } = await parseBuffer(mp3, { mimeType: "audio/mpeg" });
    expect(format.tagTypes).toContain("ID3v2.4");
    expect(common.title).toBe("Última Dança");
    expect(common.artist).toBe(ARTIST);
    expect(common.album).toBe("Coração");
    expect(common.track).toEqual({ no: 1, of: 2 });
    expect(common.disk).toEqual({ no: 1, of: null });
    expect(common.year).toBe(2023);
    expect(common.isrc).toEqual(["BRABC2300003"]);
    expect(common.picture).toHaveLength(1);
    expect(common.picture![0]).toMatchObject({ format: "image/png", type: "Cover (front)" });
    expect([...common.picture![0]!.data]).toEqual([...cover]);
    expect(native["ID3v2.4"]!.map((t) => t.id).sort()).toEqual(["APIC", "TALB", "TDRC", "TIT2", "TPE1", "TPOS", "TRCK", "TSRC"]);

    const second = await parseBuffer(sent.get("f2")!, { mimeType: "audio/mpeg" });
    expect(second.common).toMatchObject({ title: "Segunda", track: { no: 2, of: 2 }, artist: ARTIST });
    expect(second.common.isrc).toBeUndefined();
  });

  it("is made again byte for byte when an interrupted import goes on, so its size matches the slot", async () => {
    const first = await importOnce();
    const made = first.sent.get("f1")!;
    cleanup();
    const interrupted: ImportState = {
      ...first.state(),
      files: first.state().files.map((f) => (f.id === "f1" ? { ...f, state: "pending", uploadedBytes: 0 } : f)),
    };
    // The Worker answers the import as the reload finds it: only 01.mp3 is still to send.
    const second = fakeWorker(interrupted);
    sessionStorage.setItem("catalog-import", "imp1");
    renderImportPage();
    await screen.findByText(/4 of 5 files are uploaded/);
    await pickFolder(dropped());
    await screen.findByText(/The drafts are in the catalog/, {}, DONE_WAIT);
    await waitFor(() => expect(second.sent.get("f1")).toBeDefined());
    expect([...second.sent.get("f1")!]).toEqual([...made]);
    expect(second.api.callsTo(`POST ${API}`)).toHaveLength(0);
  });
});
