// The local demo's remix contests (scripts/lib/demo-contests.mjs): one voting now on four demo
// members' entries whose remixes are playable (the audio generator's MP3s, under the keys the
// Worker gives entries, read by the Worker's own probe as within the duration limits), one taking
// entries; the phases stay so on every seed, which runs again without duplicating; never in what
// the production migrations make.
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { migratedDb } from "./migrated-db";
import { buildSeedSql } from "../../scripts/lib/demo-seed.mjs";
import { DEMO_CONTESTS, DEMO_CONTEST_ENTRY_AUDIO, DEMO_CONTEST_STEM_AUDIO, demoContestsSql } from "../../scripts/lib/demo-contests.mjs";
import { demoMediaJobs, generateDemoMedia } from "../../scripts/catalog/generate-demo-media.mjs";
import { audioDuration, detectAudioType } from "../../worker/lib/audio-probe";
import { probeBytes } from "../../worker/lib/probe-sink";
import { peaksFromText } from "../../worker/lib/peaks";
import { CONTEST_ID_PATTERN, ENTRY_DURATION_MAX_SECONDS, ENTRY_DURATION_MIN_SECONDS, contestPhaseAt } from "../../worker/contracts/contests/contests";

const PEPPER = "demo-seed-test-pepper-0123456789";
const NOW = Date.UTC(2026, 10, 29, 12);
const DAY = 24 * 3600_000;

async function seeded(now = NOW) {
  const database = migratedDb();
  database.exec(await buildSeedSql(PEPPER, now));
  database.exec(demoContestsSql(now).join("\n"));
  return database;
}
type Db = Awaited<ReturnType<typeof seeded>>;
const all = <T>(database: Db, sql: string, ...binds: (string | number)[]) =>
  database
    .prepare(sql)
    .all(...binds)
    .map((r) => ({ ...r }) as T);
type ContestTimes = { id: string; opensAt: number; entriesCloseAt: number; votingOpensAt: number; votingClosesAt: number; enter_access: string };
const contests = (database: Db) =>
  all<ContestTimes>(
    database,
    `SELECT id, opens_at AS opensAt, entries_close_at AS entriesCloseAt, voting_opens_at AS votingOpensAt, voting_closes_at AS votingClosesAt, enter_access
       FROM contests ORDER BY id`,
  );
const [VOTING, ENTERING] = DEMO_CONTESTS;

describe("the demo's remix contests", () => {
  it("are one voting now and one taking entries from every member", async () => {
    const database = await seeded();
    const rows = contests(database);
    expect(rows.map((c) => [c.id, contestPhaseAt(c, NOW), c.enter_access])).toEqual([
      [VOTING!.id, "voting", "members"],
      [ENTERING!.id, "entries", "members"],
    ]);
    for (const c of rows) expect(c.id).toMatch(CONTEST_ID_PATTERN);
  });

  it("hold four submitted entries by demo members, with their audio under the Worker's keys, and votes on others' entries only", async () => {
    const database = await seeded();
    const entries = all<{
      id: string;
      user_id: string;
      status: string;
      audio_key: string;
      duration_seconds: number;
      stream_key: string;
      stream_state: string;
      peaks: string;
    }>(
      database,
      "SELECT id, user_id, status, audio_key, duration_seconds, stream_key, stream_state, peaks FROM contest_entries WHERE contest_id = ? ORDER BY id",
      VOTING!.id,
    );
    expect(entries).toHaveLength(4);
    expect(new Set(entries.map((e) => e.user_id)).size).toBe(4);
    for (const entry of entries) {
      expect(entry.status).toBe("submitted");
      expect(entry.id).toMatch(CONTEST_ID_PATTERN);
      expect(entry.audio_key).toMatch(new RegExp(`^contest-entries/${entry.id}-[0-9a-f]{16}\\.mp3$`));
      expect(entry.duration_seconds).toBeGreaterThanOrEqual(ENTRY_DURATION_MIN_SECONDS);
      // Its own streaming copy with its waveform (decision 195): 200 levels, the loudest 255, faded in from near silence.
      expect([entry.stream_state, entry.stream_key]).toEqual(["ready", entry.audio_key]);
      const peaks = peaksFromText(entry.peaks)!;
      expect(peaks).toHaveLength(200);
      expect(Math.max(...peaks)).toBe(255);
      expect(peaks[0]).toBeLessThan(128);
    }
    expect(DEMO_CONTEST_ENTRY_AUDIO.map((a) => a.key).sort()).toEqual(entries.map((e) => e.audio_key).sort());
    const votes = all<{ n: number }>(
      database,
      "SELECT count(*) AS n FROM contest_votes v JOIN contest_entries e ON e.id = v.entry_id WHERE v.contest_id = ? AND e.user_id <> v.user_id",
      VOTING!.id,
    );
    expect(votes).toEqual([{ n: VOTING!.votes.length }]);
    expect(all(database, "SELECT count(*) AS n FROM contest_entries WHERE contest_id = ?", ENTERING!.id)).toEqual([{ n: 0 }]);
  });

  it("runs again without duplicating, moving the times so the phases stay, and takes back results computed since", async () => {
    const database = await seeded();
    database.exec(`UPDATE contests SET results_at = ${NOW} WHERE id = '${VOTING!.id}'`);
    const later = NOW + 30 * DAY;
    database.exec(demoContestsSql(later).join("\n"));
    expect(contests(database).map((c) => contestPhaseAt(c, later))).toEqual(["voting", "entries"]);
    expect(all(database, "SELECT results_at FROM contests WHERE id = ?", VOTING!.id)).toEqual([{ results_at: null }]);
    expect(all(database, "SELECT count(*) AS n FROM contest_entries")).toEqual([{ n: 4 }]);
    expect(all(database, "SELECT count(*) AS n FROM contest_votes")).toEqual([{ n: VOTING!.votes.length }]);
  });

  it("have entries the media step renders as playable MP3s the Worker's probe reads within the limits", async () => {
    const outDir = await mkdtemp(path.join(os.tmpdir(), "demo-contests-"));
    try {
      const jobs = await demoMediaJobs([], outDir, { contestEntries: DEMO_CONTEST_ENTRY_AUDIO });
      expect(jobs.map((job) => [job.kind, job.key])).toEqual(DEMO_CONTEST_ENTRY_AUDIO.map((a) => ["audio", a.key]));
      const media = await generateDemoMedia({ outDir, catalog: [], contestEntries: DEMO_CONTEST_ENTRY_AUDIO.slice(0, 1), threads: 1 });
      expect(media.files.map((f) => [f.key, f.contentType])).toEqual([[DEMO_CONTEST_ENTRY_AUDIO[0]!.key, "audio/mpeg"]]);
      const bytes = new Uint8Array(await readFile(media.files[0]!.path));
      const kind = detectAudioType(bytes);
      expect(kind?.format).toBe("mp3");
      const seconds = audioDuration(kind!, probeBytes(bytes))!;
      expect(seconds).toBeGreaterThanOrEqual(ENTRY_DURATION_MIN_SECONDS);
      expect(seconds).toBeLessThanOrEqual(ENTRY_DURATION_MAX_SECONDS);
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  }, 60_000);

  it("give the contest taking entries three WAV stems, rendered at the size their rows say, under the Worker's prefix", async () => {
    const database = await seeded();
    const stems = all<{ contest_id: string; name: string; r2_key: string; format: string; bytes: number }>(
      database,
      "SELECT contest_id, name, r2_key, format, bytes FROM contest_stems ORDER BY created_at",
    );
    expect(stems.map((s) => [s.contest_id, s.name, s.format])).toEqual([
      [ENTERING!.id, "Moonlight Boulevard - Drums.wav", "wav"],
      [ENTERING!.id, "Moonlight Boulevard - Bass.wav", "wav"],
      [ENTERING!.id, "Moonlight Boulevard - Lead.wav", "wav"],
    ]);
    for (const stem of stems) expect(stem.r2_key.startsWith(`contest-stems/${ENTERING!.id}/`)).toBe(true);
    database.exec(demoContestsSql(NOW + DAY).join("\n"));
    expect(all(database, "SELECT count(*) AS n FROM contest_stems")).toEqual([{ n: 3 }]);

    const outDir = await mkdtemp(path.join(os.tmpdir(), "demo-stems-"));
    try {
      const media = await generateDemoMedia({ outDir, catalog: [], contestEntries: [], contestStems: DEMO_CONTEST_STEM_AUDIO.slice(0, 1), threads: 1 });
      expect(media.files.map((f) => [f.key, f.contentType, f.bytes])).toEqual([[stems[0]!.r2_key, "audio/wav", stems[0]!.bytes]]);
      expect(detectAudioType(new Uint8Array(await readFile(media.files[0]!.path)))?.format).toBe("wav");
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  }, 60_000);

  it("are not in the production migrations", () => {
    const migrations = readdirSync("migrations")
      .filter((f) => f.endsWith(".sql"))
      .map((f) => readFileSync(`migrations/${f}`, "utf8"))
      .join("\n");
    expect(migrations).not.toMatch(/INSERT INTO `?contest/i);
    expect(migrations).not.toContain("Spring Love Remix Contest");
  });
});
