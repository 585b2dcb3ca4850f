// A contest entry's streaming copy and waveform (decision 195). Timeouts of 60 s: the job decodes
// and encodes audio in the test's workerd, on a machine shared with other runs. Storing an entry's
// audio queues a job (the jobs queue, Miniflare's under the tests, delivered by itself) that writes
// an MP3 copy of a WAV or FLAC beside it, tagged (title, remixer, contest), and the waveform's 200
// peaks on the row; an MP3 entry is its own copy. The audio route then serves the copy, with
// Range. A redelivered job writes nothing again; a file the job cannot read is marked failed and
// the original plays; entries left pending are queued again by the hourly catch-up.
import { env } from "cloudflare:workers";
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { parseBuffer } from "music-metadata";
import worker from "../../worker/index";
import type { AppEnv } from "../../worker/env";
import { wavToFlac } from "../../worker/lib/flac";
import { queuePendingEntryStreams, STREAM_CATCH_UP_AFTER_MS, STREAM_CATCH_UP_ATTEMPTS } from "../../worker/services/contests/entry-stream";
import { call, createUser, type TestUser } from "./helpers";
import { convertAudio, flac as headerOnlyFlac } from "./media-fixtures";
import { API, D1, MEDIA, addTrack, createContest, userOfRole, validContest } from "./contests-fixtures";
import type { ContestEntriesResponse, ContestEntryResponse } from "../../worker/contracts/contests/contests";

/**
 * A WAV of a two-note tone, loud for its first half and quiet for its second, so its waveform has
 * a shape: `seconds` long at `rate`, 16 or 24 bits, `channels` channels.
 */
function toneWav(seconds: number, { rate = 44_100, bits = 16, channels = 2 }: { rate?: number; bits?: 16 | 24; channels?: number } = {}): Uint8Array {
  const frames = Math.round(seconds * rate);
  const width = bits / 8;
  const data = frames * channels * width;
  const out = new Uint8Array(44 + data);
  const view = new DataView(out.buffer);
  out.set(new TextEncoder().encode("RIFF"), 0);
  view.setUint32(4, 36 + data, true);
  out.set(new TextEncoder().encode("WAVEfmt "), 8);
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * channels * width, true);
  view.setUint16(32, channels * width, true);
  view.setUint16(34, bits, true);
  out.set(new TextEncoder().encode("data"), 36);
  view.setUint32(40, data, true);
  const max = 2 ** (bits - 1) - 1;
  let at = 44;
  for (let i = 0; i < frames; i++) {
    const level = i < frames / 2 ? 0.8 : 0.05;
    for (let ch = 0; ch < channels; ch++) {
      const v = Math.round(level * Math.sin((2 * Math.PI * (330 + 110 * ch) * i) / rate) * max);
      out[at] = v & 0xff;
      out[at + 1] = (v >> 8) & 0xff;
      if (width === 3) out[at + 2] = (v >> 16) & 0xff;
      at += width;
    }
  }
  return out;
}

type StreamRow = { audio_key: string; stream_key: string | null; stream_state: string | null; peaks: string | null; stream_queued_at: number | null };
const rowOf = (id: string) =>
  D1.prepare("SELECT audio_key, stream_key, stream_state, peaks, stream_queued_at FROM contest_entries WHERE id = ?1").bind(id).first<StreamRow>();

/** Waits (polling, no fixed sleep) until the entry's job has finished one way or the other. */
const settled = (id: string): Promise<StreamRow> =>
  vi.waitFor(
    async () => {
      const row = (await rowOf(id))!;
      if (row.stream_state === "pending") throw new Error("still pending");
      return row;
    },
    { timeout: 50_000, interval: 50 },
  );

/** Delivers a job message to the Worker's queue handler as the queue would, again. */
async function deliver(body: unknown) {
  const batch = createMessageBatch("freestyle-lovers-campaigns", [{ id: `m-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 2, body }]);
  const ctx = createExecutionContext();
  await worker.queue(batch, env as unknown as AppEnv, ctx);
  return getQueueResult(batch, ctx);
}

let contestId: string;
let fan: TestUser;
beforeAll(async () => {
  const admin = await userOfRole("admin");
  const contest = await createContest(admin, validContest(await addTrack(), { titleEn: "Night Drive Remix Contest", entriesPerMember: 5 }));
  contestId = contest.id;
});
// A fan of their own per test: a member may enter a contest a few times only.
beforeEach(async () => {
  fan = await createUser("user");
});

/** A draft of the fan's with `bytes` stored as its audio; the entry's id. */
async function enterWith(bytes: Uint8Array, type: string, title = "Midnight Mix"): Promise<string> {
  const draft = await call(`${API}/${contestId}/entries`, { method: "POST", json: { title, note: "", acceptLicence: true }, cookie: fan.cookie });
  expect(draft.status, await draft.clone().text()).toBe(201);
  const { entry } = await draft.json<ContestEntryResponse>();
  const res = await call(`${API}/${contestId}/entries/${entry.id}/audio`, {
    method: "PUT",
    body: bytes as unknown as BodyInit,
    cookie: fan.cookie,
    headers: { "content-type": type },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return entry.id;
}

const audioOf = (entryId: string, headers: Record<string, string> = {}) => call(`${API}/${contestId}/entries/${entryId}/audio`, { headers });
const listed = async (entryId: string) =>
  (await (await call(`${API}/${contestId}/entries`, { cookie: fan.cookie })).json<ContestEntriesResponse>()).entries.find((e) => e.id === entryId)!;

/** The waveform's loud first half stands well above its quiet second half. */
function expectShape(peaks: number[]) {
  expect(peaks).toHaveLength(200);
  expect(peaks.every((p) => Number.isInteger(p) && p >= 0 && p <= 255)).toBe(true);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  expect(Math.max(...peaks)).toBe(255);
  expect(mean(peaks.slice(10, 90))).toBeGreaterThan(mean(peaks.slice(110, 190)) * 2);
}

describe("an entry's streaming copy", () => {
  let wavStream: Uint8Array;

  it.each([
    ["a 16-bit 44.1 kHz stereo WAV", () => toneWav(32), "audio/wav", "wav"],
    ["a 24-bit 96 kHz stereo FLAC", async () => convertAudio(wavToFlac, toneWav(31, { rate: 96_000, bits: 24 })), "audio/flac", "flac"],
  ] as const)(
    "is an MP3 made from %s, tagged, with its waveform, and the page plays it with Range",
    async (_, make, type, ext) => {
      const bytes = await make();
      const id = await enterWith(bytes, type, `Midnight Mix (${ext})`);
      const row = await settled(id);
      expect(row.audio_key).toMatch(new RegExp(`^contest-entries/${id}-[0-9a-f]{16}\\.${ext}$`));
      expect(row).toMatchObject({ stream_state: "ready", stream_key: row.audio_key.replace(`.${ext}`, ".stream.mp3") });
      expect((await MEDIA.head(row.audio_key))?.size, "the original stays").toBe(bytes.length);

      const entry = await listed(id);
      expect(entry.streamState).toBe("ready");
      expectShape(entry.peaks!);

      const res = await audioOf(id);
      expect([res.status, res.headers.get("content-type")]).toEqual([200, "audio/mpeg"]);
      const mp3 = new Uint8Array(await res.arrayBuffer());
      const { common, format } = await parseBuffer(mp3, { mimeType: "audio/mpeg" });
      expect(format.container).toBe("MPEG");
      expect(Math.abs(format.duration! - (ext === "wav" ? 32 : 31))).toBeLessThanOrEqual(1);
      expect(format.tagTypes).toContain("ID3v2.4");
      expect([common.title, common.artist, common.album]).toEqual([`Midnight Mix (${ext})`, fan.username, "Night Drive Remix Contest"]);
      if (ext === "wav") wavStream = mp3;

      const part = await audioOf(id, { range: "bytes=100-1099" });
      expect([part.status, part.headers.get("content-range")]).toEqual([206, `bytes 100-1099/${mp3.length}`]);
      const partBytes = new Uint8Array(await part.arrayBuffer());
      expect(partBytes.every((b, i) => b === mp3[100 + i])).toBe(true);
    },
    60_000,
  );

  it("is the MP3 itself for an MP3 entry, whose waveform is read from its frames", async () => {
    expect(wavStream, "the WAV case ran first").toBeDefined();
    const id = await enterWith(wavStream, "audio/mpeg");
    const row = await settled(id);
    expect(row).toMatchObject({ stream_state: "ready", stream_key: row.audio_key });
    expect(row.audio_key).toMatch(/\.mp3$/);
    expect((await MEDIA.list({ prefix: `contest-entries/${id}` })).objects).toHaveLength(1);
    expectShape((await listed(id)).peaks!);
    const res = await audioOf(id);
    expect([res.status, res.headers.get("content-type")]).toEqual([200, "audio/mpeg"]);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(wavStream);
  }, 60_000);

  it("is written once however often its job is delivered", async () => {
    const id = await enterWith(toneWav(31, { rate: 22_050, channels: 1 }), "audio/wav");
    const first = await settled(id);
    expect(first.stream_state).toBe("ready");
    const object = (await MEDIA.head(first.stream_key!))!;
    const message = { type: "contest_entry_stream", entryId: id, audioKey: first.audio_key };
    const results = await Promise.all([deliver(message), deliver(message)]);
    expect(results.map((r) => r.explicitAcks.length)).toEqual([1, 1]);
    expect(await rowOf(id)).toEqual(first);
    expect((await MEDIA.head(first.stream_key!))!.uploaded.getTime(), "the copy was not written again").toBe(object.uploaded.getTime());

    // Two deliveries at once while pending (the row set back by hand): one copy, recorded once, no orphan.
    await D1.prepare("UPDATE contest_entries SET stream_state = 'pending', stream_key = NULL, peaks = NULL WHERE id = ?1").bind(id).run();
    await Promise.all([deliver(message), deliver(message)]);
    expect(await rowOf(id)).toEqual(first);
    expect((await MEDIA.list({ prefix: `contest-entries/${id}` })).objects.map((o) => o.key).sort()).toEqual([first.audio_key, first.stream_key].sort());
  }, 60_000);

  it("replaces the copy when the audio is replaced, leaving no orphan", async () => {
    const id = await enterWith(toneWav(31, { rate: 22_050, channels: 1 }), "audio/wav");
    const first = await settled(id);
    const res = await call(`${API}/${contestId}/entries/${id}/audio`, {
      method: "PUT",
      body: toneWav(33, { rate: 22_050, channels: 1 }) as unknown as BodyInit,
      cookie: fan.cookie,
      headers: { "content-type": "audio/wav" },
    });
    expect(res.status).toBe(200);
    const second = await settled(id);
    expect(second.stream_state).toBe("ready");
    expect(second.stream_key).not.toBe(first.stream_key);
    expect((await MEDIA.list({ prefix: `contest-entries/${id}` })).objects.map((o) => o.key).sort()).toEqual([second.audio_key, second.stream_key].sort());
  }, 60_000);

  it("is marked failed for a file the job cannot read, and the original plays", async () => {
    const bytes = headerOnlyFlac({ seconds: 40 });
    const id = await enterWith(bytes, "audio/flac");
    const row = await settled(id);
    expect(row).toMatchObject({ stream_state: "failed", stream_key: null, peaks: null });
    expect((await MEDIA.list({ prefix: `contest-entries/${id}` })).objects.map((o) => o.key)).toEqual([row.audio_key]);
    expect(await listed(id)).toMatchObject({ streamState: "failed", peaks: null });
    const res = await audioOf(id);
    expect([res.status, res.headers.get("content-type")]).toEqual([200, "audio/flac"]);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
  }, 60_000);

  it("serves the original while the copy is made, then the hourly catch-up queues what waited long", async () => {
    const id = await enterWith(toneWav(31, { rate: 22_050, channels: 1 }), "audio/wav");
    const made = await settled(id);
    // As if its message had been lost: pending, queued an hour ago.
    const queuedAt = Date.now() - 2 * STREAM_CATCH_UP_AFTER_MS;
    await D1.prepare("UPDATE contest_entries SET stream_state = 'pending', stream_key = NULL, peaks = NULL, stream_queued_at = ?2 WHERE id = ?1")
      .bind(id, queuedAt)
      .run();
    expect(await listed(id)).toMatchObject({ streamState: "pending", peaks: null });
    const original = await audioOf(id);
    expect([original.status, original.headers.get("content-type")]).toEqual([200, "audio/wav"]);
    await original.arrayBuffer();

    const now = Date.now();
    expect(await queuePendingEntryStreams(env as unknown as AppEnv, now)).toBeGreaterThanOrEqual(1);
    expect((await rowOf(id))!.stream_queued_at).toBe(now);
    // Queued just now: the next run leaves it to its message.
    await queuePendingEntryStreams(env as unknown as AppEnv, now + 1000);
    expect((await rowOf(id))!.stream_queued_at).toBe(now);
    expect(await settled(id)).toEqual({ ...made, stream_queued_at: now });
  }, 60_000);

  it("gives up an entry the catch-up queued as often as it may: failed, the original plays, nothing queued again", async () => {
    const id = await enterWith(toneWav(31, { rate: 22_050, channels: 1 }), "audio/wav");
    await settled(id);
    // As if every job had died past its CPU: still pending after the last of its attempts.
    const queuedAt = Date.now() - 2 * STREAM_CATCH_UP_AFTER_MS;
    await D1.prepare(
      "UPDATE contest_entries SET stream_state = 'pending', stream_key = NULL, peaks = NULL, stream_queued_at = ?2, stream_attempts = ?3 WHERE id = ?1",
    )
      .bind(id, queuedAt, STREAM_CATCH_UP_ATTEMPTS)
      .run();
    await queuePendingEntryStreams(env as unknown as AppEnv, Date.now());
    expect(await D1.prepare("SELECT stream_state, stream_queued_at, stream_attempts FROM contest_entries WHERE id = ?1").bind(id).first()).toEqual({
      stream_state: "failed",
      stream_queued_at: queuedAt,
      stream_attempts: STREAM_CATCH_UP_ATTEMPTS,
    });
    const res = await audioOf(id);
    expect([res.status, res.headers.get("content-type")]).toEqual([200, "audio/wav"]);
    await res.arrayBuffer();
  }, 60_000);
});
