// An entry's audio in parts, resumable (decision 194): start declares the format and size (bounded
// by the contest's), each 8 MiB part streams at its exact length, part 1's bytes must be the
// declared format (else 415 and the upload given up), the status lists the stored parts so a page
// sends the rest, and complete joins, reads the duration and submits the entry in one conditional
// write (two racing completes write once). Only the entrant, only before the deadline by the clock,
// one live upload per entry; stale uploads are aborted by the contests' hourly job.
import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { flac, wav } from "./media-fixtures";
import { API, DAY, HOUR, MEDIA, contestsFileSetUp, count, createContest, rows, userOfRole, validContest } from "./contests-fixtures";
import {
  ENTRY_PART_BYTES,
  ENTRY_UPLOAD_STALE_AFTER_MS,
  type ContestEntryResponse,
  type ContestEntryUploadPartResponse,
  type ContestEntryUploadResponse,
} from "../../worker/contracts/contests/contests";

let admin: TestUser;
let trackId: string;
contestsFileSetUp((made) => ({ admin, trackId } = made));

/** 50 s of 44.1 kHz stereo 16-bit PCM: 8.8 MB, two parts (a full 8 MiB one and a short last one). */
const TWO_PARTS = wav({ seconds: 50, sampleRate: 44100, channels: 2 });
const partOf = (bytes: Uint8Array, n: number) => bytes.slice((n - 1) * ENTRY_PART_BYTES, n * ENTRY_PART_BYTES);

const base = (contestId: string, entryId: string) => `${API}/${contestId}/entries/${entryId}/uploads`;
const start = (contestId: string, entryId: string, cookie: string | undefined, json: unknown) =>
  call(base(contestId, entryId), { method: "POST", json, cookie });
const status = (contestId: string, entryId: string, uploadId: string, cookie: string | undefined) =>
  call(`${base(contestId, entryId)}/${uploadId}`, { cookie });
const putPart = (contestId: string, entryId: string, uploadId: string, n: number | string, cookie: string | undefined, body: Uint8Array) =>
  call(`${base(contestId, entryId)}/${uploadId}/parts/${n}`, {
    method: "PUT",
    body: body as unknown as BodyInit,
    cookie,
    headers: { "content-type": "application/octet-stream" },
  });
const complete = (contestId: string, entryId: string, uploadId: string, cookie: string | undefined) =>
  call(`${base(contestId, entryId)}/${uploadId}/complete`, { method: "POST", cookie });

const uploadRows = (entryId: string) =>
  rows<{ id: string; state: string; failure: string | null; r2_key: string }>(
    "SELECT id, state, failure, r2_key FROM contest_entry_uploads WHERE entry_id = ? ORDER BY created_at, id",
    entryId,
  );
const partCount = (uploadId: string) => count("SELECT count(*) AS n FROM contest_entry_upload_parts WHERE upload_id = ?", uploadId);
const entryRow = async (entryId: string) =>
  (
    await rows<{ status: string; audio_key: string | null; audio_bytes: number | null; duration_seconds: number | null }>(
      "SELECT status, audio_key, audio_bytes, duration_seconds FROM contest_entries WHERE id = ?",
      entryId,
    )
  )[0]!;
/** The entry's stored files, its streaming copy (made by a queue job beside the upload, decision 195) left out. */
const objectsOf = async (entryId: string) =>
  (await MEDIA.list({ prefix: `contest-entries/${entryId}` })).objects
    .map((o) => o.key)
    .filter((key) => !key.endsWith(".stream.mp3"))
    .sort();

async function expectCode(res: Response, statusCode: number, code: string) {
  const text = await res.clone().text();
  expect([res.status, (await errorOf(res)).code], text).toEqual([statusCode, code]);
}

async function draftOf(contestId: string, user: TestUser) {
  const res = await call(`${API}/${contestId}/entries`, { method: "POST", json: { title: "Long Mix", note: "", acceptLicence: true }, cookie: user.cookie });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json<ContestEntryResponse>()).entry;
}

async function started(contestId: string, entryId: string, user: TestUser, size = TWO_PARTS.length, format = "wav") {
  const res = await start(contestId, entryId, user.cookie, { format, size });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json<ContestEntryUploadResponse>()).upload;
}

async function setUp(overrides = {}) {
  const now = Date.now();
  const contest = await createContest(admin, validContest(trackId, overrides, now));
  const fan = await createUser("user");
  const draft = await draftOf(contest.id, fan);
  return { now, contest, fan, draft };
}

describe("an entry uploaded in parts", () => {
  it("resumes from the stored parts after a cut, completes once, and replaces the file sent before", async () => {
    const { contest, fan, draft } = await setUp();
    // A small file first, by the single PUT: the upload in parts replaces it.
    const small = await call(`${API}/${contest.id}/entries/${draft.id}/audio`, {
      method: "PUT",
      body: wav({ seconds: 40 }) as unknown as BodyInit,
      cookie: fan.cookie,
      headers: { "content-type": "audio/wav" },
    });
    expect(small.status).toBe(200);
    const before = (await entryRow(draft.id)).audio_key!;

    const upload = await started(contest.id, draft.id, fan);
    expect(upload).toMatchObject({ format: "wav", size: TWO_PARTS.length, partCount: 2, partBytes: ENTRY_PART_BYTES, state: "uploading", uploadedBytes: 0 });
    const first = await putPart(contest.id, draft.id, upload.id, 1, fan.cookie, partOf(TWO_PARTS, 1));
    expect(first.status, await first.clone().text()).toBe(200);
    expect((await first.json<ContestEntryUploadPartResponse>()).part).toEqual({ number: 1, size: ENTRY_PART_BYTES });

    // The cut: part 2 never arrived. Completing now is refused with nothing written.
    await expectCode(await complete(contest.id, draft.id, upload.id, fan.cookie), 409, "contest_upload_parts_missing");
    expect((await entryRow(draft.id)).audio_key).toBe(before);
    // The reloaded page asks what is stored and sends only the rest.
    const asked = await (await status(contest.id, draft.id, upload.id, fan.cookie)).json<ContestEntryUploadResponse>();
    expect(asked.parts).toEqual([{ number: 1, size: ENTRY_PART_BYTES }]);
    expect(asked.upload.uploadedBytes).toBe(ENTRY_PART_BYTES);
    expect((await putPart(contest.id, draft.id, upload.id, 2, fan.cookie, partOf(TWO_PARTS, 2))).status).toBe(200);

    // Two racing completes: both answer the finished upload, the entry is written once.
    const [a, b] = await Promise.all([complete(contest.id, draft.id, upload.id, fan.cookie), complete(contest.id, draft.id, upload.id, fan.cookie)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const answers = [await a.json<ContestEntryUploadResponse>(), await b.json<ContestEntryUploadResponse>()];
    for (const answer of answers) expect(answer).toEqual({ upload: { ...upload, state: "done", uploadedBytes: TWO_PARTS.length }, parts: [] });
    const [row] = await uploadRows(draft.id);
    expect(await entryRow(draft.id)).toEqual({ status: "submitted", audio_key: row!.r2_key, audio_bytes: TWO_PARTS.length, duration_seconds: 50 });
    expect(await objectsOf(draft.id)).toEqual([row!.r2_key]);
    expect((await MEDIA.head(row!.r2_key))?.size).toBe(TWO_PARTS.length);
    expect(await partCount(upload.id)).toBe(0);

    // Asked again later: the same answer, nothing written.
    const updated = (await rows<{ updated_at: number }>("SELECT updated_at FROM contest_entries WHERE id = ?", draft.id))[0]!.updated_at;
    const again = await complete(contest.id, draft.id, upload.id, fan.cookie);
    expect(await again.json()).toEqual(answers[0]);
    expect((await rows<{ updated_at: number }>("SELECT updated_at FROM contest_entries WHERE id = ?", draft.id))[0]!.updated_at).toBe(updated);
    // The entry plays from its audio route: the file itself until its streaming copy is made, then the copy.
    const played = await call(`${API}/${contest.id}/entries/${draft.id}/audio`, { cookie: fan.cookie });
    const playedBytes = (await played.arrayBuffer()).byteLength;
    if (played.headers.get("content-type") === "audio/mpeg") expect(played.status).toBe(200);
    else expect([played.status, played.headers.get("content-type"), playedBytes]).toEqual([200, "audio/wav", TWO_PARTS.length]);
  });

  it("takes a part sent twice once, and keeps one live upload per entry, even from racing starts", async () => {
    const { contest, fan, draft } = await setUp();
    const first = await started(contest.id, draft.id, fan);
    for (let i = 0; i < 2; i++) expect((await putPart(contest.id, draft.id, first.id, 1, fan.cookie, partOf(TWO_PARTS, 1))).status).toBe(200);
    expect(await partCount(first.id)).toBe(1);

    const racing = await Promise.all(Array.from({ length: 4 }, () => start(contest.id, draft.id, fan.cookie, { format: "wav", size: TWO_PARTS.length })));
    expect(racing.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const live = (await uploadRows(draft.id)).filter((u) => u.state === "uploading");
    expect(live).toHaveLength(1);
    expect((await uploadRows(draft.id)).filter((u) => u.state === "failed").every((u) => u.failure === "replaced")).toBe(true);
    await expectCode(await putPart(contest.id, draft.id, first.id, 2, fan.cookie, partOf(TWO_PARTS, 2)), 409, "contest_upload_closed");
    expect(await partCount(first.id)).toBe(0);
  });
});

describe("who may upload", () => {
  it("is the entrant only: a visitor and a banned member 401, another member and an admin 404, nothing stored", async () => {
    const { contest, fan, draft } = await setUp();
    const upload = await started(contest.id, draft.id, fan);
    const banned = await userOfRole("banned");
    const other = await createUser("user");
    const cases: [string, string | undefined, number, string][] = [
      ["visitor", undefined, 401, "unauthorized"],
      ["banned", banned.cookie, 401, "unauthorized"],
      ["another member", other.cookie, 404, "contest_entry_not_found"],
      ["admin", admin.cookie, 404, "contest_entry_not_found"],
    ];
    for (const [who, cookie, code, error] of cases) {
      await expectCode(await start(contest.id, draft.id, cookie, { format: "wav", size: 1000 }), code, error);
      await expectCode(await status(contest.id, draft.id, upload.id, cookie), code, error);
      await expectCode(await putPart(contest.id, draft.id, upload.id, 1, cookie, partOf(TWO_PARTS, 1)), code, error);
      await expectCode(await complete(contest.id, draft.id, upload.id, cookie), code, error);
      expect(await uploadRows(draft.id), who).toHaveLength(1);
      expect(await partCount(upload.id), who).toBe(0);
    }
    // Another member's upload named under the member's own entry is as unknown as a missing one.
    const theirs = await draftOf(contest.id, other);
    const theirUpload = await started(contest.id, theirs.id, other);
    await expectCode(await status(contest.id, draft.id, theirUpload.id, fan.cookie), 404, "contest_upload_not_found");
    await expectCode(await putPart(contest.id, draft.id, theirUpload.id, 1, fan.cookie, partOf(TWO_PARTS, 1)), 404, "contest_upload_not_found");
    await expectCode(await status(contest.id, draft.id, "not-an-id", fan.cookie), 404, "contest_upload_not_found");
    expect(await partCount(theirUpload.id)).toBe(0);
  });
});

describe("bad input", () => {
  it("refuses a start that names no format, no size or more than the contest allows, storing nothing", async () => {
    const { contest, fan, draft } = await setUp({ maxUploadMb: 10 });
    const cases: [unknown, number, string][] = [
      [{ format: "ogg", size: 1000 }, 400, "contest_upload_format_invalid"],
      [{ format: "wav", size: 0 }, 400, "contest_upload_size_invalid"],
      [{ format: "wav", size: 1.5 }, 400, "contest_upload_size_invalid"],
      [{ format: "wav", size: 10 * 1024 * 1024 + 1 }, 413, "too_large"],
    ];
    for (const [json, code, error] of cases) await expectCode(await start(contest.id, draft.id, fan.cookie, json), code, error);
    expect(await uploadRows(draft.id)).toEqual([]);
    expect(await objectsOf(draft.id)).toEqual([]);
  });

  it("refuses a part of the wrong size, out of range or before part 1, storing nothing", async () => {
    const { contest, fan, draft } = await setUp();
    const upload = await started(contest.id, draft.id, fan);
    const one = partOf(TWO_PARTS, 1);
    await expectCode(await putPart(contest.id, draft.id, upload.id, 2, fan.cookie, partOf(TWO_PARTS, 2)), 409, "contest_upload_first_part_first");
    await expectCode(await putPart(contest.id, draft.id, upload.id, 0, fan.cookie, one), 400, "contest_upload_part_invalid");
    await expectCode(await putPart(contest.id, draft.id, upload.id, 3, fan.cookie, one.slice(0, 100)), 400, "contest_upload_part_invalid");
    await expectCode(await putPart(contest.id, draft.id, upload.id, "x", fan.cookie, one), 400, "contest_upload_part_invalid");
    await expectCode(await putPart(contest.id, draft.id, upload.id, 1, fan.cookie, one.slice(0, ENTRY_PART_BYTES - 1)), 400, "upload_incomplete");
    const long = new Uint8Array(ENTRY_PART_BYTES + 1);
    long.set(one);
    await expectCode(await putPart(contest.id, draft.id, upload.id, 1, fan.cookie, long), 413, "too_large");
    expect(await partCount(upload.id)).toBe(0);
    expect((await uploadRows(draft.id))[0]).toMatchObject({ state: "uploading" });
  });

  it("gives the upload up when part 1 is not the declared format: 415, aborted, nothing stored", async () => {
    const { contest, fan, draft } = await setUp();
    const upload = await started(contest.id, draft.id, fan);
    const notWav = new Uint8Array(ENTRY_PART_BYTES);
    notWav.set(flac({ seconds: 40 }));
    await expectCode(await putPart(contest.id, draft.id, upload.id, 1, fan.cookie, notWav), 415, "unsupported_type");
    expect(await uploadRows(draft.id)).toEqual([expect.objectContaining({ state: "failed", failure: "unsupported_type" })]);
    await expectCode(await putPart(contest.id, draft.id, upload.id, 1, fan.cookie, partOf(TWO_PARTS, 1)), 409, "contest_upload_closed");
    await expectCode(await complete(contest.id, draft.id, upload.id, fan.cookie), 409, "contest_upload_closed");
    expect(await partCount(upload.id)).toBe(0);
    expect(await entryRow(draft.id)).toMatchObject({ status: "draft", audio_key: null });
    expect(await objectsOf(draft.id)).toEqual([]);
  });

  it("refuses a remix outside the duration limits on complete, deleting the joined file", async () => {
    const { contest, fan, draft } = await setUp();
    const short = wav({ seconds: 10, sampleRate: 44100, channels: 2 });
    const upload = await started(contest.id, draft.id, fan, short.length);
    expect((await putPart(contest.id, draft.id, upload.id, 1, fan.cookie, short)).status).toBe(200);
    await expectCode(await complete(contest.id, draft.id, upload.id, fan.cookie), 400, "contest_entry_duration");
    expect(await uploadRows(draft.id)).toEqual([expect.objectContaining({ state: "failed", failure: "duration" })]);
    expect(await entryRow(draft.id)).toMatchObject({ status: "draft", audio_key: null });
    expect(await objectsOf(draft.id)).toEqual([]);
  });

  it("refuses every step after the entry deadline, by the clock, storing nothing", async () => {
    const { now, contest, fan, draft } = await setUp();
    const upload = await started(contest.id, draft.id, fan);
    expect((await putPart(contest.id, draft.id, upload.id, 1, fan.cookie, partOf(TWO_PARTS, 1))).status).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now + DAY + HOUR);
    await expectCode(await start(contest.id, draft.id, fan.cookie, { format: "wav", size: 1000 }), 409, "contest_entries_closed");
    await expectCode(await putPart(contest.id, draft.id, upload.id, 2, fan.cookie, partOf(TWO_PARTS, 2)), 409, "contest_entries_closed");
    await expectCode(await complete(contest.id, draft.id, upload.id, fan.cookie), 409, "contest_entries_closed");
    expect(await uploadRows(draft.id)).toHaveLength(1);
    expect(await partCount(upload.id)).toBe(1);
    expect(await entryRow(draft.id)).toMatchObject({ status: "draft", audio_key: null });
    // The status still answers, so the page can say why.
    expect((await status(contest.id, draft.id, upload.id, fan.cookie)).status).toBe(200);
  });
});

describe("abandoned uploads", () => {
  const runHourly = (scheduledTime: number) => worker.scheduled(createScheduledController({ scheduledTime, cron: "0 * * * *" }), env, createExecutionContext());

  it("are given up by the contests' hourly job a day after their last part, their parts aborted", async () => {
    const { contest, fan, draft } = await setUp();
    const upload = await started(contest.id, draft.id, fan);
    expect((await putPart(contest.id, draft.id, upload.id, 1, fan.cookie, partOf(TWO_PARTS, 1))).status).toBe(200);
    const lastPartAt = Date.now();
    await runHourly(lastPartAt + ENTRY_UPLOAD_STALE_AFTER_MS - 60_000);
    expect((await uploadRows(draft.id))[0]).toMatchObject({ state: "uploading" });
    await runHourly(lastPartAt + ENTRY_UPLOAD_STALE_AFTER_MS + 60_000);
    expect((await uploadRows(draft.id))[0]).toMatchObject({ state: "failed", failure: "expired" });
    expect(await partCount(upload.id)).toBe(0);
    await expectCode(await complete(contest.id, draft.id, upload.id, fan.cookie), 409, "contest_upload_closed");
    expect(await objectsOf(draft.id)).toEqual([]);
  });
});
