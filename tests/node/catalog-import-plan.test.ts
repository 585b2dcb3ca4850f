// The folder import's plan (decision 120): files grouped by album, a lossless master and an MP3
// of the same track joined, sidecar lyrics matched by name, the cover chosen, problems found; a
// ZIP read entry by entry; the plan sent to the Worker and its slots matched back to the files.
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { planImport, problemsOf, needsEncoding, type ScannedFile } from "../../app/features/admin/catalog-import/model";
import { buildPlan, type HeldFile } from "../../app/features/admin/catalog-import/plan";
import { scanDropped } from "../../app/features/admin/catalog-import/scan";
import { zipEntries } from "../../app/features/admin/catalog-import/unzip";
import { encodePng } from "../../scripts/lib/png.mjs";
import { lrcOf, taggedFlac, taggedMp3 } from "../../scripts/lib/tagged-audio.mjs";

const audio = (id: string, path: string, kind: ScannedFile["kind"], tags: Partial<NonNullable<ScannedFile["tags"]>>): ScannedFile => ({
  id,
  path,
  size: 100,
  kind,
  tags: { credits: [], ...tags },
});

describe("the import's plan", () => {
  const files: ScannedFile[] = [
    audio("a1", "Mar/01 Canção.flac", "flac", { album: "Canção do Mar", title: "Canção", track: 1, year: 2024 }),
    audio("a2", "Mar/01 Canção.mp3", "mp3", { album: "Canção do Mar", title: "Canção", track: 1 }),
    audio("a3", "Mar/02 Você.flac", "flac", { album: "canção do mar ", title: "Você", track: 2 }),
    { id: "l1", path: "Mar/02 Você.lrc", size: 20, kind: "lyrics", text: "[00:01.00]Você\n" },
    { id: "c1", path: "Mar/scan.png", size: 20, kind: "png" },
    { id: "c2", path: "Mar/Cover.jpg", size: 20, kind: "jpeg" },
    { id: "x1", path: "Mar/notes.mp3", size: 20, kind: "unsupported" },
    audio("b1", "Other/03.mp3", "mp3", { track: 3 }),
    audio("b2", "Other/03 again.mp3", "mp3", { title: "Three", track: 3 }),
    { id: "b3", path: "Other/broken.flac", size: 20, kind: "flac", unreadable: true },
  ];

  it("groups by album tag, else by folder, and joins a track's master and MP3", () => {
    const draft = planImport(files);
    expect(draft.releases.map((r) => [r.title, r.year, r.coverFileId, r.tracks.length])).toEqual([
      ["Canção do Mar", 2024, "c2", 2],
      ["Other", null, null, 3],
    ]);
    const [first, second] = draft.releases[0]!.tracks;
    expect(first).toMatchObject({ title: "Canção", number: 1, masterFileId: "a1", streamingFileId: "a2", fileIds: ["a1", "a2"] });
    expect(second).toMatchObject({
      title: "Você",
      masterFileId: "a3",
      streamingFileId: null,
      lyrics: { language: "en", synced: true, text: "[00:01.00]Você" },
    });
    expect(needsEncoding(first!)).toBe(false);
    expect(needsEncoding(second!)).toBe(true);
    expect(draft.refused.map((f) => f.id)).toEqual(["x1"]);
  });

  it("marks a missing title, a duplicate number, an unreadable file and a bad ISRC, each blocking", () => {
    const draft = planImport(files);
    expect(problemsOf(draft)).toEqual([
      { code: "missing_title", releaseKey: "folder:Other", trackKey: expect.stringContaining("03") },
      { code: "duplicate_number", releaseKey: "folder:Other", trackKey: expect.any(String) },
      { code: "duplicate_number", releaseKey: "folder:Other", trackKey: expect.any(String) },
      { code: "unreadable", releaseKey: "folder:Other", trackKey: expect.stringContaining("broken") },
      { code: "missing_title", releaseKey: "folder:Other", trackKey: expect.stringContaining("broken") },
      { code: "missing_number", releaseKey: "folder:Other", trackKey: expect.stringContaining("broken") },
    ]);
    const other = draft.releases[1]!;
    other.tracks = other.tracks.filter((t) => !t.unreadable);
    other.tracks[0]!.title = "Três";
    other.tracks[1]!.number = 4;
    other.tracks[1]!.isrc = "BR-1";
    expect(problemsOf(draft).map((p) => p.code)).toEqual(["invalid_isrc"]);
    other.tracks[1]!.isrc = "BRABC2400001";
    expect(problemsOf(draft)).toEqual([]);
  });
});

describe("a track's place read from its file name when the tags have none", () => {
  it('reads "1-03 Title" as disc 1, track 3 and "2-01 Title" as disc 2, track 1', () => {
    const untagged = (id: string, path: string): ScannedFile => ({ id, path, size: 100, kind: "mp3", tags: { credits: [], album: "Discs" } });
    const draft = planImport([untagged("a", "Discs/1-03 Three.mp3"), untagged("b", "Discs/2-01 One.mp3"), untagged("c", "Discs/05 - Five.mp3")]);
    expect(draft.releases[0]!.tracks.map((t) => [t.disc, t.number])).toEqual([
      [1, 3],
      [1, 5],
      [2, 1],
    ]);
  });
});

describe("masters paired with their streaming files by name", () => {
  const untaggedWav = (id: string, path: string): ScannedFile => ({ id, path, size: 100, kind: "wav", tags: { credits: [], durationSeconds: 200 } });

  it("joins an untagged WAV to the tagged MP3 of the same number and title, as one track of its album", () => {
    const draft = planImport([
      untaggedWav("w3", "Export/03 - Última Dança.wav"),
      audio("m3", "Export/03 - Última Dança.mp3", "mp3", { album: "Noite", title: "Última Dança", track: 3 }),
      untaggedWav("w4", "Export/04 Outra Vez.wav"),
      audio("m4", "Export/04 - outra vez.mp3", "mp3", { album: "Noite", title: "Outra Vez", track: 4 }),
    ]);
    expect(draft.releases.map((r) => r.title)).toEqual(["Noite"]);
    expect(draft.releases[0]!.tracks.map((t) => [t.number, t.title, t.masterFileId, t.streamingFileId])).toEqual([
      [3, "Última Dança", "w3", "m3"],
      [4, "Outra Vez", "w4", "m4"],
    ]);
    expect(problemsOf(draft)).toEqual([]);
  });

  it("leaves a file of another title, or in another folder, where it is", () => {
    const draft = planImport([
      untaggedWav("w3", "Export/03 - Outra.wav"),
      untaggedWav("w9", "Elsewhere/03 - Última Dança.wav"),
      audio("m3", "Export/03 - Última Dança.mp3", "mp3", { album: "Noite", title: "Última Dança", track: 3 }),
    ]);
    expect(draft.releases.map((r) => [r.title, r.tracks.map((t) => t.fileIds)])).toEqual([
      ["Elsewhere", [["w9"]]],
      ["Export", [["w3"]]],
      ["Noite", [["m3"]]],
    ]);
  });
});

describe("the lyrics' language", () => {
  const lyrics = (language?: "en" | "pt-BR") => ({ text: "Ó mar", synced: false, ...(language ? { language } : {}) });

  it("is the lyrics' own, else the file's, else the one most of the album declares, else English", () => {
    const draft = planImport([
      audio("a1", "Mar/01.mp3", "mp3", { album: "Mar", title: "Um", track: 1, lyrics: lyrics("pt-BR") }),
      audio("a2", "Mar/02.mp3", "mp3", { album: "Mar", title: "Dois", track: 2, lyrics: lyrics() }),
      audio("a3", "Mar/03.mp3", "mp3", { album: "Mar", title: "Three", track: 3, lyrics: lyrics(), language: "en" }),
      audio("a4", "Mar/04.mp3", "mp3", { album: "Mar", title: "Quatro", track: 4, lyrics: lyrics("pt-BR") }),
      audio("a5", "Mar/05.mp3", "mp3", { album: "Mar", title: "Cinco", track: 5 }),
      audio("b1", "Sea/01.mp3", "mp3", { album: "Sea", title: "One", track: 1, lyrics: lyrics() }),
      { id: "l5", path: "Mar/05.lrc", size: 20, kind: "lyrics", text: "[00:01.00]Cinco\n" },
    ]);
    expect(draft.releases.map((r) => r.tracks.map((t) => t.lyrics?.language ?? null))).toEqual([["pt-BR", "pt-BR", "en", "pt-BR", "pt-BR"], ["en"]]);
  });
});

describe("reading a dropped folder or zip", () => {
  const cover = new Uint8Array(encodePng(2, 2, () => [1, 2, 3]));
  const flac = taggedFlac({ seconds: 0.5, tags: { TITLE: "Você", ALBUM: "Mar", TRACKNUMBER: "1", DATE: "2024" }, cover: { mime: "image/png", bytes: cover } });
  const mp3 = taggedMp3({ seconds: 0.5, tags: { title: "Ó", album: "Mar", track: "2" } });

  it("opens a zip entry by entry and reads each file by its content", async () => {
    const zip = zipSync({
      "Mar/01.flac": flac,
      "Mar/02.wav": mp3,
      "Mar/01.lrc": new TextEncoder().encode(lrcOf([{ ms: 500, text: "Ó mar" }])),
      "__MACOSX/._01.flac": new Uint8Array(4),
      ".DS_Store": new Uint8Array(4),
      "Mar/.DS_Store": new Uint8Array(4),
      "Mar/._02.wav": new Uint8Array(4),
      "Mar/": new Uint8Array(0),
    });
    const entries: string[] = [];
    for await (const entry of zipEntries(new Blob([zip]))) entries.push(`${entry.path}:${entry.blob.size}`);
    expect(entries).toEqual([`Mar/01.flac:${flac.length}`, `Mar/02.wav:${mp3.length}`, "Mar/01.lrc:16"]);

    const progress: string[] = [];
    const scan = await scanDropped([{ path: "album.zip", blob: new Blob([zip]) }], (done, total) => progress.push(`${done}/${total}`));
    expect(scan.files.map((f) => [f.path, f.kind])).toEqual([
      ["album/Mar/01.flac", "flac"],
      ["album/Mar/02.wav", "mp3"],
      ["album/Mar/01.lrc", "lyrics"],
    ]);
    expect(progress.at(-1)).toBe("3/4");
    const draft = planImport(scan.files);
    expect(draft.releases[0]!.tracks.map((t) => [t.title, t.lyrics?.text ?? null])).toEqual([
      ["Você", "[00:00.50]Ó mar"],
      ["Ó", null],
    ]);
    // The cover embedded in the FLAC, as a file of its own for the Worker.
    const built = buildPlan(draft.releases, scan.held, new Map([[draft.releases[0]!.tracks[0]!.key, new Blob([new Uint8Array(7)])]]), "Lola Rivera");
    // The MP3 made from the master is announced with its ID3 tag (the cover inside it too).
    const madeSize = built.plan.releases[0]!.tracks[0]!.audio.size;
    expect(madeSize).toBeGreaterThan(7 + cover.length);
    expect(built.plan.releases[0]).toMatchObject({
      title: "Mar",
      type: "Single",
      year: 2024,
      cover: { name: "01.png", format: "png", size: cover.length },
      tracks: [
        {
          title: "Você",
          number: 1,
          audio: { name: "01.mp3", format: "mp3", size: madeSize },
          master: { name: "01.flac", format: "flac", size: flac.length },
          lyrics: [{ locale: "en", synced: true, body: "[00:00.50]Ó mar" }],
        },
        { title: "Ó", number: 2, audio: { name: "02.wav", format: "mp3", size: mp3.length }, master: null, lyrics: [] },
      ],
    });
  });
});

describe("matching the Worker's slots to the files", () => {
  it("gives each slot its file by the plan's order", async () => {
    const held = new Map<string, HeldFile>([
      ["m", { blob: new Blob(["master"]), name: "1.flac", kind: "flac" }],
      ["s", { blob: new Blob(["mp3"]), name: "2.mp3", kind: "mp3" }],
    ]);
    const draft = planImport([
      audio("m", "A/1.flac", "flac", { album: "A", title: "One", track: 2 }),
      audio("s", "A/2.mp3", "mp3", { album: "A", title: "Two", track: 1 }),
    ]);
    const encoded = new Blob(["encoded"]);
    const built = buildPlan(draft.releases, held, new Map([[draft.releases[0]!.tracks[1]!.key, encoded]]), "Lola Rivera");
    expect(built.plan.releases[0]!.tracks.map((t) => t.title)).toEqual(["Two", "One"]);
    const slot = (id: string) => ({
      id,
      kind: "audio" as const,
      albumId: "al",
      trackId: null,
      name: "",
      format: "mp3" as const,
      size: 1,
      state: "pending" as const,
      failure: null,
      uploadedBytes: 0,
      partCount: 1,
    });
    const pairs = built.blobs({
      id: "imp",
      createdAt: "",
      albums: [
        {
          id: "al",
          title: "A",
          year: 2024,
          coverFileId: null,
          tracks: [
            { id: "t1", title: "Two", number: 1, isrc: null, audioFileId: "s1", masterFileId: null },
            { id: "t2", title: "One", number: 2, isrc: null, audioFileId: "s2", masterFileId: "s3" },
          ],
        },
      ],
      files: [slot("s1"), slot("s2"), slot("s3")],
    });
    expect(pairs.map((p) => p.slot.id)).toEqual(["s1", "s2", "s3"]);
    expect(pairs[0]!.blob).toBe(held.get("s")!.blob);
    expect(pairs[2]!.blob).toBe(held.get("m")!.blob);
    // The encoder's bytes behind their tag.
    expect(new TextDecoder().decode(await pairs[1]!.blob.arrayBuffer())).toMatch(/^ID3[\s\S]*encoded$/);
  });
});
