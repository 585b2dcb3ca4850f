// A contest's stems in the back office: the administrator uploads them one file per request
// (WAV, FLAC or MP3 by their bytes, as their Content-Type says; bounded in size and in number per
// contest), lists and deletes them, each write audited; members, visitors and banned accounts get
// nothing, and a refused upload stores nothing, in D1 or in R2.
import { describe, expect, it } from "vitest";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { heldBody } from "./held-body";
import { flac, mp3Cbr, notMedia, wav } from "./media-fixtures";
import { ADMIN_API, MEDIA, contestsFileSetUp, count, createContest, rows, validContest } from "./contests-fixtures";
import { CONTEST_STEMS_MAX, STEM_MAX_MB, type AdminContestStemResponse, type AdminContestStemsResponse } from "../../worker/contracts/contests/contests";

let admin: TestUser;
let trackId: string;
contestsFileSetUp((made) => ({ admin, trackId } = made));

const put = (contestId: string, name: string, cookie: string | undefined, body: Uint8Array, type: string) =>
  call(`${ADMIN_API}/${contestId}/stems/${encodeURIComponent(name)}`, {
    method: "PUT",
    body: body as unknown as BodyInit,
    cookie,
    headers: { "content-type": type },
  });
/** A stem upload declaring `declared` bytes and sending none until it has its answer: refused by the declared size alone. */
async function putDeclared(path: string, declared: number) {
  const body = heldBody();
  const res = await call(path, {
    method: "PUT",
    body: body.stream,
    cookie: admin.cookie,
    headers: { "content-length": String(declared), "content-type": "audio/wav" },
  });
  body.end();
  return res;
}
const stored = async (contestId: string) => ({
  stems: await rows("SELECT name, format, bytes FROM contest_stems WHERE contest_id = ? ORDER BY name", contestId),
  files: (await MEDIA.list({ prefix: `contest-stems/${contestId}/` })).objects.length,
  audit: await count("SELECT count(*) AS n FROM audit_log WHERE action LIKE 'contest.stem_%' AND target_id = ?", contestId),
});

describe("uploading a stem", () => {
  it("stores each format under the contest's private prefix, audited, and lists them with their sizes", async () => {
    const contest = await createContest(admin, validContest(trackId));
    const drums = wav({ seconds: 1 });
    const bass = flac({ seconds: 1 });
    const vox = mp3Cbr({ seconds: 2 });
    const answers = [await put(contest.id, "Drums", admin.cookie, drums, "audio/wav"), await put(contest.id, "bass.flac", admin.cookie, bass, "audio/flac")];
    answers.push(await put(contest.id, "Lead vox", admin.cookie, vox, "audio/mpeg"));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201]);
    expect((await answers[0]!.json<AdminContestStemResponse>()).stem).toMatchObject({ name: "Drums.wav", format: "wav", bytes: drums.length });

    const list = await call(`${ADMIN_API}/${contest.id}/stems`, { cookie: admin.cookie });
    expect(list.status).toBe(200);
    const { stems } = await list.json<AdminContestStemsResponse>();
    expect(stems.map((s) => [s.name, s.format, s.bytes])).toEqual([
      ["Drums.wav", "wav", drums.length],
      ["bass.flac", "flac", bass.length],
      ["Lead vox.mp3", "mp3", vox.length],
    ]);
    const keys = (await rows<{ r2_key: string }>("SELECT r2_key FROM contest_stems WHERE contest_id = ?", contest.id)).map((r) => r.r2_key);
    for (const key of keys) {
      expect(key.startsWith(`contest-stems/${contest.id}/`)).toBe(true);
      expect((await call(`/media/${key}`)).status).toBe(404);
    }
    const audit = await rows<{ action: string; actor_id: string }>(
      "SELECT action, actor_id FROM audit_log WHERE target_id = ? AND action = 'contest.stem_add'",
      contest.id,
    );
    expect(audit).toEqual(Array.from({ length: 3 }, () => ({ action: "contest.stem_add", actor_id: admin.id })));
  });

  it("is for administrators only, storing nothing for anyone else", async () => {
    const contest = await createContest(admin, validContest(trackId));
    const cases: [string, string | undefined, number, string][] = [
      ["visitor", undefined, 401, "unauthorized"],
      ["member", (await createUser("user")).cookie, 403, "admin_required"],
      ["vip", (await createUser("vip")).cookie, 403, "admin_required"],
      ["banned", (await createUser("banned")).cookie, 401, "unauthorized"],
    ];
    for (const [role, cookie, status, code] of cases) {
      const res = await put(contest.id, "Drums", cookie, wav({ seconds: 1 }), "audio/wav");
      expect([res.status, (await errorOf(res)).code], role).toEqual([status, code]);
      const list = await call(`${ADMIN_API}/${contest.id}/stems`, { cookie });
      expect(list.status, role).toBe(status);
      await list.body?.cancel();
    }
    expect(await stored(contest.id)).toEqual({ stems: [], files: 0, audit: 0 });
  });

  it("refuses bad input with its code and stores nothing", async () => {
    const contest = await createContest(admin, validContest(trackId));
    const cases: [string, () => Promise<Response>, number, string][] = [
      ["not audio", () => put(contest.id, "Drums", admin.cookie, notMedia(), "audio/wav"), 415, "unsupported_type"],
      ["a FLAC sent as MP3", () => put(contest.id, "Drums", admin.cookie, flac({ seconds: 1 }), "audio/mpeg"), 415, "unsupported_type"],
      ["an untyped body", () => put(contest.id, "Drums", admin.cookie, wav({ seconds: 1 }), "application/octet-stream"), 415, "unsupported_type"],
      ["a bad name", () => put(contest.id, "../drums", admin.cookie, wav({ seconds: 1 }), "audio/wav"), 400, "contest_stem_name_invalid"],
      ["a name too long", () => put(contest.id, "d".repeat(81), admin.cookie, wav({ seconds: 1 }), "audio/wav"), 400, "contest_stem_name_invalid"],
      ["over the size", () => putDeclared(`${ADMIN_API}/${contest.id}/stems/Drums`, STEM_MAX_MB * 1024 * 1024 + 1), 413, "too_large"],
      ["another contest", () => put("00000000-0000-4000-8000-000000000000", "Drums", admin.cookie, wav({ seconds: 1 }), "audio/wav"), 404, "contest_not_found"],
    ];
    for (const [label, send, status, code] of cases) {
      const res = await send();
      expect([res.status, (await errorOf(res)).code], label).toEqual([status, code]);
    }
    expect(await stored(contest.id)).toEqual({ stems: [], files: 0, audit: 0 });
  });

  it("refuses a name already taken and a stem past the contest's number, keeping only the first files", async () => {
    const contest = await createContest(admin, validContest(trackId));
    expect((await put(contest.id, "Drums", admin.cookie, wav({ seconds: 1 }), "audio/wav")).status).toBe(201);
    const again = await put(contest.id, "Drums.wav", admin.cookie, wav({ seconds: 2 }), "audio/wav");
    expect([again.status, (await errorOf(again)).code]).toEqual([409, "contest_stem_exists"]);
    expect(await stored(contest.id)).toMatchObject({ files: 1, audit: 1 });

    // The rest up to the maximum at once: racing uploads cannot pass it either.
    const racing = await Promise.all(
      Array.from({ length: CONTEST_STEMS_MAX + 2 }, (_, i) => put(contest.id, `Track ${i}`, admin.cookie, mp3Cbr({ seconds: 1 }), "audio/mpeg")),
    );
    const statuses = racing.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(CONTEST_STEMS_MAX - 1);
    for (const res of racing.filter((r) => r.status !== 201)) expect([res.status, (await errorOf(res)).code]).toEqual([409, "contest_stems_full"]);
    for (const res of racing.filter((r) => r.status === 201)) await res.body?.cancel();
    expect(await stored(contest.id)).toMatchObject({ files: CONTEST_STEMS_MAX, audit: CONTEST_STEMS_MAX });
    expect((await stored(contest.id)).stems).toHaveLength(CONTEST_STEMS_MAX);
  });
});

describe("deleting a stem", () => {
  it("removes its row and its file, audited; an unknown name is 404; members cannot", async () => {
    const contest = await createContest(admin, validContest(trackId));
    expect((await put(contest.id, "Drums", admin.cookie, wav({ seconds: 1 }), "audio/wav")).status).toBe(201);
    const del = (name: string, cookie: string | undefined) =>
      call(`${ADMIN_API}/${contest.id}/stems/${encodeURIComponent(name)}`, { method: "DELETE", cookie });

    const member = await del("Drums.wav", (await createUser("user")).cookie);
    expect([member.status, (await errorOf(member)).code]).toEqual([403, "admin_required"]);
    const visitor = await del("Drums.wav", undefined);
    expect(visitor.status).toBe(401);
    await visitor.body?.cancel();
    expect(await stored(contest.id)).toMatchObject({ files: 1, audit: 1 });

    const unknown = await del("Bass.wav", admin.cookie);
    expect([unknown.status, (await errorOf(unknown)).code]).toEqual([404, "contest_stem_not_found"]);
    expect((await del("Drums.wav", admin.cookie)).status).toBe(204);
    expect(await stored(contest.id)).toEqual({ stems: [], files: 0, audit: 2 });
    const twice = await del("Drums.wav", admin.cookie);
    expect([twice.status, (await errorOf(twice)).code]).toEqual([404, "contest_stem_not_found"]);
  });
});
