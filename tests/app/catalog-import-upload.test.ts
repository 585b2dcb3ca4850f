// The folder import's uploads (decision 120) against a fake part API behind the app's own fetch
// wrapper: parts are slices of the file, a dropped connection is retried after asking which parts
// the Worker holds, a reload sends only the missing parts, and a refusal is not retried.
import { afterEach, describe, expect, it } from "vitest";
import { IMPORT_PART_BYTES, importPartCount, type ImportFile, type ImportPart } from "#contracts/music/admin-catalog-import.ts";
import { partApiOf, uploadFile } from "../../app/features/admin/catalog-import/upload";
import { setApiTransport } from "../../app/lib/api";

type Slot = ImportFile & { parts: Map<number, Uint8Array> };

/** An in-memory Worker: one import's slots, each part's bytes, and the requests it saw. */
function fakeWorker(slots: Slot[]) {
  const seen: string[] = [];
  let dropNext = 0;
  let dropBeforeStoring = false;
  const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const partsOf = (slot: Slot): ImportPart[] =>
    [...slot.parts].sort(([a], [b]) => a - b).map(([number, bytes]) => ({ number, size: bytes.length, etag: `e${number}` }));
  const view = ({ parts, ...file }: Slot): ImportFile => ({ ...file, uploadedBytes: [...parts.values()].reduce((n, b) => n + b.length, 0) });
  setApiTransport(async (path, init) => {
    const method = init.method ?? "GET";
    const match = /^\/api\/admin\/catalog\/import\/imp1\/files\/([^/]+)(?:\/(parts\/(\d+)|complete))?$/.exec(path);
    const slot = slots.find((s) => s.id === match?.[1]);
    if (!match || !slot) return answer(404, { error: { code: "import_file_not_found", message: "" } });
    seen.push(`${method} ${match[2] ?? "status"}`);
    if (method === "GET") return answer(200, { file: view(slot), parts: partsOf(slot) });
    if (method === "PUT") {
      const bytes = new Uint8Array(await (init.body as Blob).arrayBuffer());
      // A dropped connection before the Worker stored the part, or after: the page hears nothing.
      if (!(dropNext > 0 && dropBeforeStoring)) slot.parts.set(Number(match[3]), bytes);
      if (dropNext > 0) {
        dropNext--;
        throw new TypeError("Failed to fetch");
      }
      slot.state = "uploading";
      return answer(200, { file: view(slot), part: { number: Number(match[3]), size: bytes.length, etag: "e" } });
    }
    if (slot.parts.size < importPartCount(slot.size)) return answer(409, { error: { code: "import_parts_missing", message: "" } });
    slot.state = "done";
    return answer(200, { file: view(slot), parts: partsOf(slot) });
  });
  return {
    seen,
    dropNextPut: (n: number, beforeStoring = false) => {
      dropNext = n;
      dropBeforeStoring = beforeStoring;
    },
  };
}

function slotOf(id: string, size: number): Slot {
  return {
    id,
    kind: "master",
    albumId: "a",
    trackId: "t",
    name: `${id}.flac`,
    format: "flac",
    size,
    state: "pending",
    failure: null,
    uploadedBytes: 0,
    partCount: importPartCount(size),
    parts: new Map(),
  };
}

/** A file whose every byte says where it is, so a part from the wrong place shows. */
function fileOf(size: number): Blob {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 4096) bytes[i] = (i / 4096) % 251;
  return new Blob([bytes]);
}

const noWait = async () => {};

/** A plain loop: an element-wise deep equal of 8 MiB takes a minute. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

afterEach(() => setApiTransport((path, init) => fetch(path, init)));

describe("uploading an import's file in parts", () => {
  it("sends each part as its slice, reports the bytes stored and finishes the slot", async () => {
    const size = 2 * IMPORT_PART_BYTES + 1000;
    const slot = slotOf("m1", size);
    const worker = fakeWorker([slot]);
    const file = fileOf(size);
    const progress: number[] = [];
    const done = await uploadFile(partApiOf("imp1"), slot, file, { onProgress: (n) => progress.push(n), wait: noWait });
    expect(done.state).toBe("done");
    expect(worker.seen).toEqual(["GET status", "PUT parts/1", "PUT parts/2", "PUT parts/3", "POST complete"]);
    expect(progress).toEqual([0, IMPORT_PART_BYTES, 2 * IMPORT_PART_BYTES, size, size]);
    const whole = new Uint8Array(await file.arrayBuffer());
    expect(sameBytes(slot.parts.get(2)!, whole.subarray(IMPORT_PART_BYTES, 2 * IMPORT_PART_BYTES))).toBe(true);
    expect(sameBytes(slot.parts.get(1)!, whole.subarray(0, IMPORT_PART_BYTES))).toBe(true);
    expect(slot.parts.get(3)?.length).toBe(1000);
  });

  it("after a dropped connection asks what is stored and goes on with the next part", async () => {
    const size = 2 * IMPORT_PART_BYTES;
    const slot = slotOf("m2", size);
    const worker = fakeWorker([slot]);
    worker.dropNextPut(1);
    const waits: number[] = [];
    await uploadFile(partApiOf("imp1"), slot, fileOf(size), { onProgress: () => {}, wait: async (ms) => void waits.push(ms) });
    // Part 1 reached the Worker though its answer was lost: it is not sent again.
    expect(worker.seen).toEqual(["GET status", "PUT parts/1", "GET status", "PUT parts/2", "POST complete"]);
    expect(waits).toEqual([1000]);
    expect(slot.state).toBe("done");
  });

  it("after a reload sends only the parts the Worker does not hold", async () => {
    const size = 3 * IMPORT_PART_BYTES;
    const slot = slotOf("m3", size);
    const file = fileOf(size);
    slot.parts.set(1, new Uint8Array(await file.slice(0, IMPORT_PART_BYTES).arrayBuffer()));
    slot.parts.set(3, new Uint8Array(await file.slice(2 * IMPORT_PART_BYTES).arrayBuffer()));
    slot.state = "uploading";
    const worker = fakeWorker([slot]);
    const progress: number[] = [];
    await uploadFile(partApiOf("imp1"), slot, file, { onProgress: (n) => progress.push(n), wait: noWait });
    expect(worker.seen).toEqual(["GET status", "PUT parts/2", "POST complete"]);
    expect(progress[0]).toBe(2 * IMPORT_PART_BYTES);
  });

  it("gives up after its tries and does not retry a refusal", async () => {
    const slot = slotOf("m4", 10);
    const worker = fakeWorker([slot]);
    worker.dropNextPut(9, true);
    await expect(uploadFile(partApiOf("imp1"), slot, fileOf(10), { onProgress: () => {}, attempts: 3, wait: noWait })).rejects.toThrow("Failed to fetch");
    expect(worker.seen.filter((s) => s.startsWith("PUT"))).toHaveLength(3);
    expect(slot.state).not.toBe("done");

    const gone = slotOf("m5", 10);
    setApiTransport(async () => new Response(JSON.stringify({ error: { code: "import_file_not_found", message: "" } }), { status: 404 }));
    await expect(uploadFile(partApiOf("imp1"), gone, fileOf(10), { onProgress: () => {}, wait: noWait })).rejects.toMatchObject({
      status: 404,
      code: "import_file_not_found",
    });
  });

  it("a finished slot is not sent again", async () => {
    const slot = { ...slotOf("m6", 10), state: "done" as const };
    const worker = fakeWorker([slot]);
    const progress: number[] = [];
    await uploadFile(partApiOf("imp1"), slot, fileOf(10), { onProgress: (n) => progress.push(n), wait: noWait });
    expect(worker.seen).toEqual([]);
    expect(progress).toEqual([10]);
  });
});
