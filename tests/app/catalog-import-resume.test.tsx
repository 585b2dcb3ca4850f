// /admin/catalog/import (decisions 119, 120): the two ways in the review test does not take. An
// import left unfinished by a reload goes on when the admin drops the same files again: each slot
// takes the file of its name and size, only the parts the Worker lacks are sent, and it completes;
// a file of the right name whose size differs is not sent and the page names it, in both
// languages, and keeps the import offered. A folder dragged onto the drop area (entries walked,
// nested folders, readEntries answering in batches) makes the same plan as the folder picker.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { IMPORT_PART_BYTES, importPartCount, type ImportFile, type ImportState } from "#contracts/music/admin-catalog-import.ts";
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

const one = taggedMp3({ seconds: 0.3, tags: { title: "Canção do Mar", album: "Mar", track: "1", year: 2024 } });
const two = taggedMp3({ seconds: 0.3, tags: { title: "Você", album: "Mar", track: "2", year: 2024 } });
// Two parts: a master the reload interrupted after its first.
const wav = taggedWav({ seconds: 48, tags: { title: "Você", album: "Mar", track: "2" } });
const cover = new Uint8Array(encodePng(2, 2, () => [9, 9, 9]));

type Slot = ImportFile & { parts: Map<number, number> };

/** The Worker holding an import a reload interrupted: the cover and 02.mp3 sent, the master's part 1 of 2. */
function interruptedImport({ coverName = "cover.png", coverSent = true, first = one } = {}) {
  const slot = (id: string, kind: ImportFile["kind"], name: string, format: ImportFile["format"], size: number, stored: number[] = []): Slot => ({
    id,
    kind,
    albumId: "al1",
    trackId: null,
    name,
    format,
    size,
    state: stored.length === importPartCount(size) ? "done" : stored.length > 0 ? "uploading" : "pending",
    failure: null,
    uploadedBytes: 0,
    partCount: importPartCount(size),
    parts: new Map(stored.map((n) => [n, Math.min(IMPORT_PART_BYTES, size - (n - 1) * IMPORT_PART_BYTES)])),
  });
  const slots = [
    slot("fc", "cover", coverName, "png", cover.length, coverSent ? [1] : []),
    slot("f1", "audio", "01.mp3", "mp3", first.length),
    slot("f2", "audio", "02.mp3", "mp3", two.length, [1]),
    slot("f3", "master", "02.wav", "wav", wav.length, [1]),
  ];
  const view = ({ parts, ...file }: Slot): ImportFile => ({ ...file, uploadedBytes: [...parts.values()].reduce((a, b) => a + b, 0) });
  const state = (): ImportState => ({
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
          { id: "t2", title: "Você", number: 2, isrc: null, audioFileId: "f2", masterFileId: "f3" },
        ],
      },
    ],
    files: slots.map(view),
  });
  /** Every part the page sent, in order: "<slot> <part> <bytes>". */
  const puts: string[] = [];
  const routes: Parameters<typeof mockApi>[0] = {
    "GET /api/auth/me": json(200, { user: null }),
    [`GET ${API}/imp1`]: () => json(200, state()),
  };
  for (const s of slots) {
    const parts = () => [...s.parts].map(([number, size]) => ({ number, size, etag: `e${number}` }));
    routes[`GET ${API}/imp1/files/${s.id}`] = () => json(200, { file: view(s), parts: parts() });
    for (let n = 1; n <= s.partCount; n++)
      routes[`PUT ${API}/imp1/files/${s.id}/parts/${n}`] = async (request) => {
        const size = (await request.arrayBuffer()).byteLength;
        puts.push(`${s.id} ${n} ${size}`);
        s.parts.set(n, size);
        s.state = "uploading";
        return json(200, { file: view(s), part: { number: n, size, etag: `e${n}` } });
      };
    routes[`POST ${API}/imp1/files/${s.id}/complete`] = () => {
      if (s.parts.size < s.partCount) return json(409, { error: { code: "import_parts_missing", message: "" } });
      s.state = "done";
      return json(200, { file: view(s), parts: parts() });
    };
  }
  const api = mockApi(routes);
  sessionStorage.setItem("catalog-import", "imp1");
  return { api, puts, slots };
}

/**
 * The upload reads, hashes and sends each file in turn: on a loaded 2-core machine (the suite runs
 * other stages beside this one) that took more than Testing Library's default second.
 */
const DONE_WAIT = { timeout: 10_000 };

describe("an unfinished import after a reload", () => {
  it("takes the same files dropped again by name and size, sends only the missing parts, and completes", async () => {
    const { api, puts, slots } = interruptedImport();
    renderImportPage();
    expect(await screen.findByText("2 of 4 files are uploaded. Drop the same folder or ZIP again to send the rest.")).toBeTruthy();
    await pickFolder([fileAt("Mar/01.mp3", one), fileAt("Mar/02.mp3", two), fileAt("Mar/02.wav", wav), fileAt("Mar/cover.png", cover)]);
    await screen.findByText(/The drafts are in the catalog/, {}, DONE_WAIT);
    // 01.mp3 whole, and the master's second part only: its last bytes.
    expect(puts).toEqual(["f1 1 " + one.length, `f3 2 ${wav.length - IMPORT_PART_BYTES}`]);
    expect(slots.map((s) => s.state)).toEqual(["done", "done", "done", "done"]);
    expect(api.callsTo(`POST ${API}/imp1/files/f1/complete`)).toHaveLength(1);
    expect(api.callsTo(`POST ${API}/imp1/files/f3/complete`)).toHaveLength(1);
    expect(api.callsTo(`POST ${API}/imp1/files/fc/complete`)).toHaveLength(0);
    expect(api.callsTo(`POST ${API}`)).toHaveLength(0);
    expect(sessionStorage.getItem("catalog-import")).toBeNull();
    expect(screen.queryByRole("heading", { name: "An import is not finished" })).toBeNull();
  });

  it.each([
    {
      locale: "en" as const,
      missing: "1 file of the import was not in what you dropped.",
      otherSize: "01.mp3: the file dropped is not the one being imported (its size differs), so it was not sent",
      offered: "3 of 4 files are uploaded. Drop the same folder or ZIP again to send the rest.",
      done: /The drafts are in the catalog/,
    },
    {
      locale: "pt-BR" as const,
      missing: "1 arquivo da importação não estava no que você soltou.",
      otherSize: "01.mp3: o arquivo solto não é o que está sendo importado (o tamanho é outro), então não foi enviado",
      offered: "3 de 4 arquivos foram enviados. Solte a mesma pasta ou o mesmo ZIP de novo para enviar o resto.",
      done: /Os rascunhos estão no catálogo/,
    },
  ])("does not send a file of the right name whose size differs, says so, and goes on when the right one is dropped ($locale)", async (text) => {
    const { puts, slots } = interruptedImport();
    renderImportPage(text.locale);
    // Another take of 01.mp3: same name, another size.
    const otherTake = taggedMp3({ seconds: 0.5, tags: { title: "Canção do Mar (demo)", album: "Mar", track: "1" } });
    expect(otherTake.length).not.toBe(one.length);
    await pickFolder([fileAt("Mar/01.mp3", otherTake), fileAt("Mar/02.mp3", two), fileAt("Mar/02.wav", wav), fileAt("Mar/cover.png", cover)]);
    expect(await screen.findByText(text.otherSize)).toBeTruthy();
    expect(screen.getByText(text.missing)).toBeTruthy();
    expect(puts).toEqual([`f3 2 ${wav.length - IMPORT_PART_BYTES}`]);
    expect(slots.find((s) => s.id === "f1")!.state).toBe("pending");
    expect(sessionStorage.getItem("catalog-import")).toBe("imp1");
    expect(screen.getByText(text.offered)).toBeTruthy();

    await pickFolder([fileAt("Mar/01.mp3", one)]);
    await screen.findByText(text.done, {}, DONE_WAIT);
    expect(puts).toEqual([`f3 2 ${wav.length - IMPORT_PART_BYTES}`, `f1 1 ${one.length}`]);
    expect(sessionStorage.getItem("catalog-import")).toBeNull();
  });

  it("names a file not dropped at all", async () => {
    const { puts } = interruptedImport();
    renderImportPage();
    await screen.findByText(/2 of 4 files are uploaded/);
    await pickFolder([fileAt("Mar/01.mp3", one), fileAt("Mar/02.mp3", two)]);
    expect(await screen.findByText("02.wav: not found")).toBeTruthy();
    expect(puts).toEqual([`f1 1 ${one.length}`]);
  });

  it("a cover that was the picture inside an audio file is taken from that file again", async () => {
    const withCover = taggedMp3({ seconds: 0.3, tags: { title: "Canção do Mar", album: "Mar", track: "1", cover: { mime: "image/png", bytes: cover } } });
    const { puts } = interruptedImport({ coverName: "01.png", coverSent: false, first: withCover });
    renderImportPage();
    await screen.findByText(/1 of 4 files are uploaded/);
    await pickFolder([fileAt("Mar/01.mp3", withCover), fileAt("Mar/02.mp3", two), fileAt("Mar/02.wav", wav)]);
    await screen.findByText(/The drafts are in the catalog/, {}, DONE_WAIT);
    expect(puts).toEqual([`fc 1 ${cover.length}`, `f1 1 ${withCover.length}`, `f3 2 ${wav.length - IMPORT_PART_BYTES}`]);
  });
});

/** A dragged folder as Chromium hands it over: entries to walk, readEntries one entry per batch. */
type Tree = { [name: string]: Uint8Array | Tree };
function entryOf(name: string, node: Uint8Array | Tree, parent: string): FileSystemEntry {
  const fullPath = `${parent}/${name}`;
  if (node instanceof Uint8Array) {
    const file = new File([node as Uint8Array<ArrayBuffer>], name);
    return { isFile: true, isDirectory: false, name, fullPath, file: (ok: (f: File) => void) => ok(file) } as unknown as FileSystemEntry;
  }
  const children = Object.entries(node).map(([child, sub]) => entryOf(child, sub, fullPath));
  return {
    isFile: false,
    isDirectory: true,
    name,
    fullPath,
    createReader: () => {
      let at = 0;
      return { readEntries: (ok: (batch: FileSystemEntry[]) => void) => ok(children.slice(at, ++at)) };
    },
  } as unknown as FileSystemEntry;
}

const dataTransferOf = (tree: Tree) => ({
  items: Object.entries(tree).map(([name, node]) => ({ kind: "file", webkitGetAsEntry: () => entryOf(name, node, "") })),
  files: [],
  types: ["Files"],
});

/** The plan the page sends for what came in, once uploaded. */
async function planSent(bringIn: () => Promise<void>) {
  const api = mockApi({
    "GET /api/auth/me": json(200, { user: null }),
    [`POST ${API}`]: json(500, { error: { code: "internal", message: "stop here" } }),
  });
  renderImportPage();
  await bringIn();
  const table = await screen.findByRole("table", { name: "Tracks of Mar" });
  const rows = within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => (within(row).getByRole("textbox", { name: /^Title, track/ }) as HTMLInputElement).value);
  const cover = (screen.getByLabelText("Cover") as HTMLSelectElement).selectedOptions[0]?.textContent;
  await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Upload and create drafts" })));
  await waitFor(() => expect(api.callsTo(`POST ${API}`)).toHaveLength(1));
  const plan = sentJson(api.callsTo(`POST ${API}`)[0]);
  cleanup();
  return { rows, cover, plan };
}

describe("a folder dragged onto the drop area", () => {
  it("walks its nested folders and makes the same plan as the folder picker", async () => {
    const tree: Tree = {
      Mar: { "01.mp3": one, "cover.png": cover, "CD 2": { "02.mp3": two, Extras: { "notes.mp3": new TextEncoder().encode("not audio") } } },
    };
    const dropped = await planSent(async () => {
      const zone = (await screen.findByText("Drop a folder or a ZIP here")).closest(".catalog-import-drop")!;
      fireEvent.dragOver(zone, { dataTransfer: dataTransferOf(tree) });
      await act(async () => void fireEvent.drop(zone, { dataTransfer: dataTransferOf(tree) }));
    });
    expect(screen.queryByText("Drop a folder or a ZIP here")).toBeNull();
    const picked = await planSent(() =>
      pickFolder([
        fileAt("Mar/01.mp3", one),
        fileAt("Mar/cover.png", cover),
        fileAt("Mar/CD 2/02.mp3", two),
        fileAt("Mar/CD 2/Extras/notes.mp3", new TextEncoder().encode("not audio")),
      ]),
    );
    expect(dropped.rows).toEqual(["Canção do Mar", "Você"]);
    expect(dropped.cover).toBe("cover.png");
    expect(dropped).toEqual(picked);
    expect(dropped.plan).toMatchObject({
      releases: [{ title: "Mar", cover: { name: "cover.png" }, tracks: [{ audio: { name: "01.mp3" } }, { audio: { name: "02.mp3" } }] }],
    });
  });
});
