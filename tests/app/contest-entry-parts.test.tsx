// An entry's file in parts (decision 194) against a fake Worker: 8 MiB slices, one in flight, a
// reload resumed from the kept upload when the same file is picked again (name and size), a cut
// resumed from the status, a part the Worker lost sent again, a refusal ending the upload; on the
// page, a large file goes in parts with its progress, a stopped upload is said with how to go on,
// and each refusal by its code, in English and Portuguese.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "../../app/lib/api";
import { keptUpload, sendInParts, type EntryPartApi, type KeptUpload } from "../../app/features/contests/entry-parts";
import { ENTRY_PART_BYTES } from "../../worker/contracts/contests/limits";
import type { ContestEntryUpload } from "../../worker/contracts/contests/contests";
import { apiError, json } from "./accounts-harness";
import { ENTRIES_API, ENTRY_ID, contest, contestApi, entry, renderContest } from "./contest-enter-fixtures";

const P = ENTRY_PART_BYTES;
const UPLOAD_ID = "44444444-0000-4000-8000-000000000001";

/** A file of `size` bytes that is never allocated: its slices know their range. */
const bigFile = (size: number, name = "long-mix.wav") =>
  ({ name, size, type: "audio/wav", slice: (from: number, to: number) => ({ size: Math.min(to, size) - from, from }) }) as unknown as File;

/** A Worker holding one upload's parts, counting what is in flight at once. */
function fakeWorker(size: number, stored: number[] = []) {
  const parts = new Map(stored.map((n) => [n, Math.min(P, size - (n - 1) * P)]));
  let state: ContestEntryUpload["state"] = "uploading";
  let inFlight = 0;
  const calls: string[] = [];
  const puts: { n: number; size: number; from: number }[] = [];
  let maxInFlight = 0;
  const failures: Record<string, unknown[]> = {};
  const upload = (): ContestEntryUpload => ({
    id: UPLOAD_ID,
    entryId: ENTRY_ID,
    format: "wav",
    size,
    partBytes: P,
    partCount: Math.ceil(size / P),
    state,
    uploadedBytes: [...parts.values()].reduce((a, b) => a + b, 0),
  });
  const answer = () => ({
    upload: upload(),
    parts: state === "uploading" ? [...parts].sort(([a], [b]) => a - b).map(([number, n]) => ({ number, size: n })) : [],
  });
  const failing = (step: string) => {
    const next = failures[step]?.shift();
    if (next) throw next;
  };
  const api: EntryPartApi = {
    start: async () => {
      calls.push("start");
      failing("start");
      return answer();
    },
    status: async () => {
      calls.push("status");
      failing("status");
      return answer();
    },
    put: async (_id, n, body) => {
      calls.push(`put ${n}`);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await Promise.resolve();
      inFlight--;
      failing(`put ${n}`);
      const slice = body as unknown as { size: number; from: number };
      puts.push({ n, size: slice.size, from: slice.from });
      parts.set(n, slice.size);
      return { upload: upload(), part: { number: n, size: slice.size } };
    },
    complete: async () => {
      calls.push("complete");
      failing("complete");
      state = "done";
      return answer();
    },
  };
  return { api, calls, puts, parts, failures, maxInFlight: () => maxInFlight };
}

function memoryStore(kept?: KeptUpload) {
  const items = new Map<string, string>(kept ? [[`contest-entry-upload:${ENTRY_ID}`, JSON.stringify(kept)]] : []);
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

const noWait = () => Promise.resolve();
const options = (store: ReturnType<typeof memoryStore>, onProgress = (_l: number, _t: number) => {}) => ({
  entryId: ENTRY_ID,
  format: "wav" as const,
  store,
  onProgress,
  wait: noWait,
});

describe("sending an entry in parts", () => {
  it("slices the file into 8 MiB parts, one in flight, completes and forgets the upload", async () => {
    const size = 2 * P + 100;
    const worker = fakeWorker(size);
    const store = memoryStore();
    const seen: number[] = [];
    const outcome = await sendInParts(
      worker.api,
      bigFile(size),
      options(store, (loaded) => seen.push(loaded)),
    );
    expect(worker.calls).toEqual(["start", "put 1", "put 2", "put 3", "complete"]);
    expect(worker.puts).toEqual([
      { n: 1, size: P, from: 0 },
      { n: 2, size: P, from: P },
      { n: 3, size: 100, from: 2 * P },
    ]);
    expect(worker.maxInFlight()).toBe(1);
    expect(outcome).toEqual({ sent: 3, resumedFrom: 0 });
    expect(seen).toEqual([0, P, 2 * P, size, size]);
    expect(keptUpload(store, ENTRY_ID)).toBeNull();
  });

  it("after a reload, resumes the kept upload of the same file from the parts the Worker has", async () => {
    const size = 2 * P + 100;
    const worker = fakeWorker(size, [1]);
    const store = memoryStore({ uploadId: UPLOAD_ID, name: "long-mix.wav", size });
    const outcome = await sendInParts(worker.api, bigFile(size), options(store));
    expect(worker.calls).toEqual(["status", "put 2", "put 3", "complete"]);
    expect(outcome).toEqual({ sent: 2, resumedFrom: 1 });
  });

  it("starts anew for another file (its name or size differs), keeping the new upload's id", async () => {
    for (const kept of [
      { uploadId: "old", name: "other.wav", size: P + 1 },
      { uploadId: "old", name: "long-mix.wav", size: P + 2 },
    ]) {
      const worker = fakeWorker(P + 1);
      worker.failures.complete = [new ApiRequestError(409, "contest_entries_closed", "")];
      const store = memoryStore(kept);
      await expect(sendInParts(worker.api, bigFile(P + 1), options(store))).rejects.toMatchObject({ code: "contest_entries_closed" });
      expect(worker.calls.slice(0, 1)).toEqual(["start"]);
      // A refusal that ends the upload is not resumed.
      expect(keptUpload(store, ENTRY_ID)).toBeNull();
    }
  });

  it("keeps the upload for the next try when the connection stays down, and resumes after a cut", async () => {
    const size = 2 * P;
    const worker = fakeWorker(size);
    const cut = new ApiRequestError(0, "network_error", "");
    worker.failures["put 2"] = [cut, cut, cut, cut];
    worker.failures.status = [cut, cut, cut];
    const store = memoryStore();
    await expect(sendInParts(worker.api, bigFile(size), options(store))).rejects.toBe(cut);
    expect(keptUpload(store, ENTRY_ID)).toEqual({ uploadId: UPLOAD_ID, name: "long-mix.wav", size });
    // The connection is back: the same file sends only part 2.
    const again = await sendInParts(worker.api, bigFile(size), options(store));
    expect(again).toEqual({ sent: 1, resumedFrom: 1 });
    expect(worker.puts.map((p) => p.n)).toEqual([1, 2]);
  });

  it("sends a part again when the Worker misses it at completion", async () => {
    const size = 2 * P;
    const worker = fakeWorker(size);
    worker.failures.complete = [new ApiRequestError(409, "contest_upload_parts_missing", "")];
    const realPut = worker.api.put;
    worker.api.put = async (id, n, body) => {
      const answer = await realPut(id, n, body);
      if (n === 2 && worker.puts.length === 2) worker.parts.delete(2); // its answer came, the part did not stay
      return answer;
    };
    const outcome = await sendInParts(worker.api, bigFile(size), options(memoryStore()));
    expect(worker.calls).toEqual(["start", "put 1", "put 2", "complete", "status", "put 2", "complete"]);
    expect(outcome.sent).toBe(3);
  });

  it("stops on a refusal of the file's bytes and forgets the upload", async () => {
    const worker = fakeWorker(P + 1);
    worker.failures["put 1"] = [new ApiRequestError(415, "unsupported_type", "")];
    const store = memoryStore();
    await expect(sendInParts(worker.api, bigFile(P + 1), options(store))).rejects.toMatchObject({ code: "unsupported_type" });
    expect(worker.calls).toEqual(["start", "put 1"]);
    expect(keptUpload(store, ENTRY_ID)).toBeNull();
  });
});

describe("the page sending a large entry", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  const UPLOADS = `${ENTRIES_API}/${ENTRY_ID}/uploads`;
  const large = () => new File([new Uint8Array(P + 10)], "long-mix.wav", { type: "audio/wav" });
  const uploadAnswer = (state: ContestEntryUpload["state"], parts: { number: number; size: number }[] = []) => ({
    upload: { id: UPLOAD_ID, entryId: ENTRY_ID, format: "wav", size: P + 10, partBytes: P, partCount: 2, state, uploadedBytes: 0 },
    parts,
  });

  it("sends a file above 8 MiB in parts from the member's entries and says when it is done, in Portuguese", async () => {
    const api = contestApi({
      answer: contest({ maxUploadMb: 20 }),
      entries: [entry()],
      extra: {
        [`POST ${UPLOADS}`]: json(201, uploadAnswer("uploading")),
        [`PUT ${UPLOADS}/${UPLOAD_ID}/parts/1`]: json(200, { upload: uploadAnswer("uploading").upload, part: { number: 1, size: P } }),
        [`PUT ${UPLOADS}/${UPLOAD_ID}/parts/2`]: json(200, { upload: uploadAnswer("uploading").upload, part: { number: 2, size: 10 } }),
        [`POST ${UPLOADS}/${UPLOAD_ID}/complete`]: json(200, uploadAnswer("done")),
      },
    });
    renderContest("pt-BR");
    const list = await screen.findByRole("region", { name: "Suas inscrições" });
    fireEvent.change(within(list).getByLabelText("Enviar o áudio de Midnight Mix"), { target: { files: [large()] } });
    await waitFor(() => expect(api.callsTo(`POST ${UPLOADS}/${UPLOAD_ID}/complete`)).toHaveLength(1));
    const [, start] = api.callsTo(`POST ${UPLOADS}`)[0]!;
    expect(JSON.parse(String(start!.body))).toEqual({ format: "wav", size: P + 10 });
    expect(api.callsTo(`PUT ${UPLOADS}/${UPLOAD_ID}/parts/1`)).toHaveLength(1);
    expect(api.callsTo(`PUT ${UPLOADS}/${UPLOAD_ID}/parts/2`)).toHaveLength(1);
    expect(sessionStorage.getItem(`contest-entry-upload:${ENTRY_ID}`)).toBeNull();
  });

  for (const [locale, region, hint, label, closed] of [
    [
      "en",
      "Your entries",
      "The upload of long-mix.wav stopped before the end. Choose the same file to send the rest.",
      "Upload the audio of Midnight Mix",
      "This upload was given up (another one started, or it waited a day): choose the file again to start over.",
    ],
    [
      "pt-BR",
      "Suas inscrições",
      "O envio de long-mix.wav parou antes do fim. Escolha o mesmo arquivo para enviar o resto.",
      "Enviar o áudio de Midnight Mix",
      "Este envio foi abandonado (outro começou, ou ficou parado um dia): escolha o arquivo de novo para recomeçar.",
    ],
  ] as const) {
    it(`says a stopped upload and resumes it from the status when the same file is picked, or says why not (${locale})`, async () => {
      sessionStorage.setItem(`contest-entry-upload:${ENTRY_ID}`, JSON.stringify({ uploadId: UPLOAD_ID, name: "long-mix.wav", size: P + 10 }));
      const api = contestApi({
        answer: contest({ maxUploadMb: 20 }),
        entries: [entry()],
        extra: {
          [`GET ${UPLOADS}/${UPLOAD_ID}`]: json(200, uploadAnswer("uploading", [{ number: 1, size: P }])),
          [`PUT ${UPLOADS}/${UPLOAD_ID}/parts/2`]: apiError(409, "contest_upload_closed", "English"),
        },
      });
      renderContest(locale);
      const list = await screen.findByRole("region", { name: region });
      expect(list.textContent).toContain(hint);
      fireEvent.change(within(list).getByLabelText(label), { target: { files: [large()] } });
      expect((await within(list).findByRole("alert")).textContent).toBe(closed);
      expect(api.callsTo(`POST ${UPLOADS}`)).toHaveLength(0);
      expect(api.callsTo(`PUT ${UPLOADS}/${UPLOAD_ID}/parts/1`)).toHaveLength(0);
      expect(api.callsTo(`PUT ${UPLOADS}/${UPLOAD_ID}/parts/2`)).toHaveLength(1);
      // A closed upload is not resumed again: the hint goes.
      expect(list.textContent).not.toContain(hint);
    });
  }
});
