// Entering a remix contest (decision 184): who may enter by the contest's gate and their account,
// the licence, a draft and its audio (WAV, FLAC or MP3 as declared, up to the contest's size,
// within the duration limits; anything else refused with nothing stored), edits until the
// deadline by the clock, withdrawing, the bound on entries per member under racing tabs, and the
// fair order. Another member's draft is a 404.
import { describe, expect, it, vi } from "vitest";
import { call, createUser, errorOf, ruleError, type TestUser } from "./helpers";
import { flac, mp3Cbr, notMedia, wav } from "./media-fixtures";
import {
  API,
  CONTEST_ROLES,
  DAY,
  HOUR,
  MEDIA,
  addEvent,
  contestsFileSetUp,
  count,
  createContest,
  giveTicket,
  rows,
  submittedEntry,
  userOfRole,
  validContest,
  type EntryInput,
} from "./contests-fixtures";
import {
  CONTEST_ENTRY_MESSAGES,
  type ContestEntriesResponse,
  type ContestEntryResponse,
  type PublicContestResponse,
} from "../../worker/contracts/contests/contests";

let admin: TestUser;
let trackId: string;
contestsFileSetUp((made) => ({ admin, trackId } = made));

const ENTRY: EntryInput = { title: "Midnight Mix", note: "More bass.", acceptLicence: true };
const enter = (contestId: string, cookie: string | undefined, json: unknown = ENTRY) => call(`${API}/${contestId}/entries`, { method: "POST", json, cookie });
const upload = (contestId: string, entryId: string, cookie: string, body: Uint8Array, type: string) =>
  call(`${API}/${contestId}/entries/${entryId}/audio`, { method: "PUT", body: body as unknown as BodyInit, cookie, headers: { "content-type": type } });
const stored = async () => ({
  entries: await rows("SELECT id, status, title, note, audio_key, duration_seconds FROM contest_entries ORDER BY id"),
  // An earlier test's streaming copy (decision 195) may land at any moment: the uploads' own files are compared.
  audio: (await MEDIA.list({ prefix: "contest-entries/" })).objects
    .map((o) => o.key)
    .filter((key) => !key.endsWith(".stream.mp3"))
    .sort(),
});

async function draftOf(contestId: string, user: TestUser) {
  const res = await enter(contestId, user.cookie);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json<ContestEntryResponse>()).entry;
}

describe("who may enter", () => {
  it("follows the contest's tier gate for every role", async () => {
    const contest = await createContest(admin, validContest(trackId, { enter: { access: "tier", tierId: "vip" } }));
    const expected: Record<(typeof CONTEST_ROLES)[number], [number, string | null]> = {
      visitor: [401, "unauthorized"],
      member: [403, "contest_enter_not_allowed"],
      vip: [201, null],
      "inner circle": [201, null],
      "door staff": [403, "contest_enter_not_allowed"],
      banned: [401, "unauthorized"],
      admin: [201, null],
    };
    for (const role of CONTEST_ROLES) {
      const cookie = role === "visitor" ? undefined : (await userOfRole(role)).cookie;
      const before = await count("SELECT count(*) AS n FROM contest_entries");
      const res = await enter(contest.id, cookie);
      const [status, code] = expected[role];
      expect(res.status, role).toBe(status);
      if (code) expect((await errorOf(res)).code, role).toBe(code);
      expect(await count("SELECT count(*) AS n FROM contest_entries"), role).toBe(before + (status === 201 ? 1 : 0));
    }
  });

  it("admits ticket holders of the event only, and tells the member what they may do", async () => {
    const eventId = await addEvent();
    const contest = await createContest(admin, validContest(trackId, { enter: { access: "ticket", eventId }, stems: { access: "ticket", eventId } }));
    const fan = await createUser("user");
    const rightsOf = async () => (await (await call(`${API}/${contest.id}`, { cookie: fan.cookie })).json<PublicContestResponse>()).contest.rights;
    expect(await rightsOf()).toMatchObject({ canEnter: false, canDownloadStems: false });
    expect((await errorOf(await enter(contest.id, fan.cookie))).code).toBe("contest_enter_not_allowed");
    await giveTicket(fan, eventId);
    expect(await rightsOf()).toMatchObject({ canEnter: true, canDownloadStems: true });
    expect((await enter(contest.id, fan.cookie)).status).toBe(201);
  });

  it("tells the page why a visitor or a member may not send a new entry, and who may", async () => {
    const now = Date.now();
    const contest = await createContest(admin, validContest(trackId, { enter: { access: "tier", tierId: "vip" } }, now));
    const rightsOf = async (cookie?: string, lang = "en") =>
      (await (await call(`${API}/${contest.id}?lang=${lang}`, { cookie })).json<PublicContestResponse>()).contest.rights;
    const vip = await userOfRole("vip");
    const unverified = await createUser("vip", { unverified: true });
    const expected: [string | undefined, boolean, string | null][] = [
      [undefined, false, "unauthorized"],
      [(await userOfRole("member")).cookie, false, "contest_enter_not_allowed"],
      [unverified.cookie, false, "email_unverified"],
      [vip.cookie, true, null],
      [admin.cookie, true, null],
    ];
    for (const [cookie, canEnter, enterRefusal] of expected) {
      expect(await rightsOf(cookie), String(enterRefusal)).toMatchObject({ canEnter, enterRefusal, enterGate: { access: "tier", tierName: "VIP" } });
    }
    await draftOf(contest.id, vip);
    expect(await rightsOf(vip.cookie)).toMatchObject({ canEnter: false, enterRefusal: "contest_entries_used_up" });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now + DAY + HOUR);
    expect(await rightsOf(admin.cookie)).toMatchObject({ canEnter: false, enterRefusal: "contest_entries_closed" });
  });

  it("asks an unverified account to verify first, storing nothing", async () => {
    const contest = await createContest(admin, validContest(trackId));
    const fan = await createUser("user", { unverified: true });
    const res = await enter(contest.id, fan.cookie);
    expect([res.status, (await errorOf(res)).code]).toEqual([403, "email_unverified"]);
    expect(await count("SELECT count(*) AS n FROM contest_entries WHERE contest_id = ?", contest.id)).toBe(0);
  });

  it("hides a contest before it opens and refuses entries after the deadline, by the clock", async () => {
    const now = Date.now();
    const contest = await createContest(admin, validContest(trackId, {}, now + DAY));
    const fan = await createUser("user");
    expect((await call(`${API}/${contest.id}`, { cookie: fan.cookie })).status).toBe(404);
    expect((await errorOf(await enter(contest.id, fan.cookie))).code).toBe("contest_not_found");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now + DAY);
    expect((await enter(contest.id, fan.cookie)).status).toBe(201);
    vi.setSystemTime(now + 2 * DAY);
    const late = await enter(contest.id, (await createUser("user")).cookie);
    expect([late.status, (await errorOf(late)).code]).toEqual([409, "contest_entries_closed"]);
  });

  it("refuses an entry without the licence accepted, storing nothing", async () => {
    const contest = await createContest(admin, validContest(trackId));
    const fan = await createUser("user");
    for (const json of [{ ...ENTRY, acceptLicence: false }, { title: "No licence" }]) {
      const res = await enter(contest.id, fan.cookie, json);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatchObject(ruleError(CONTEST_ENTRY_MESSAGES.licenceRequired, "acceptLicence"));
    }
    const blank = await enter(contest.id, fan.cookie, { ...ENTRY, title: " " });
    expect(await errorOf(blank)).toMatchObject(ruleError(CONTEST_ENTRY_MESSAGES.titleRequired, "title"));
    expect(await count("SELECT count(*) AS n FROM contest_entries WHERE contest_id = ?", contest.id)).toBe(0);
  });
});

describe("entries per member", () => {
  it("takes exactly the contest's number from 10 tabs at once", async () => {
    const contest = await createContest(admin, validContest(trackId, { entriesPerMember: 2 }));
    const fan = await createUser("user");
    const answers = await Promise.all(Array.from({ length: 10 }, () => enter(contest.id, fan.cookie)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, ...Array<number>(8).fill(409)]);
    for (const res of answers.filter((r) => r.status === 409)) expect((await errorOf(res)).code).toBe("contest_entries_used_up");
    expect(await count("SELECT count(*) AS n FROM contest_entries WHERE user_id = ?", fan.id)).toBe(2);
  });

  it("gives a withdrawn entry's place back", async () => {
    const contest = await createContest(admin, validContest(trackId));
    const fan = await createUser("user");
    const first = await draftOf(contest.id, fan);
    expect((await errorOf(await enter(contest.id, fan.cookie))).code).toBe("contest_entries_used_up");
    expect((await call(`${API}/${contest.id}/entries/${first.id}`, { method: "DELETE", cookie: fan.cookie })).status).toBe(204);
    expect((await enter(contest.id, fan.cookie)).status).toBe(201);
  });
});

describe("the remix's audio", () => {
  it("stores a WAV, FLAC or MP3 that is what it claims, with its duration, and submits the entry", async () => {
    const contest = await createContest(admin, validContest(trackId, { entriesPerMember: 3 }));
    const fan = await createUser("user");
    for (const [bytes, type, seconds] of [
      [wav({ seconds: 40 }), "audio/wav", 40],
      [flac({ seconds: 95 }), "audio/flac", 95],
      [mp3Cbr({ seconds: 61 }), "audio/mpeg", 61],
    ] as const) {
      const draft = await draftOf(contest.id, fan);
      const res = await upload(contest.id, draft.id, fan.cookie, bytes, type);
      expect(res.status, type).toBe(200);
      const { entry } = await res.json<ContestEntryResponse>();
      expect(entry).toMatchObject({ status: "submitted", durationSeconds: seconds, mine: true });
      // The route plays the original until its streaming copy is made (decision 195, contest-entry-streams.test.ts).
      const played = await call(entry.audioUrl!);
      expect(played.status).toBe(200);
      expect([type, "audio/mpeg"]).toContain(played.headers.get("content-type"));
      await played.arrayBuffer();
      const [row] = await rows<{ audio_key: string }>("SELECT audio_key FROM contest_entries WHERE id = ?1", entry.id);
      const body = new Uint8Array(await (await MEDIA.get(row!.audio_key))!.arrayBuffer());
      expect(body.length === bytes.length && body.every((b, i) => b === bytes[i]), "the bytes sent").toBe(true);
    }
  }, 60_000);

  it("refuses a file that is not the audio it claims, too short, too long or too large, storing nothing", async () => {
    const contest = await createContest(admin, validContest(trackId, { maxUploadMb: 5 }));
    const fan = await createUser("user");
    const draft = await draftOf(contest.id, fan);
    const before = await stored();
    const cases: [Uint8Array, string, number, string][] = [
      [mp3Cbr({ seconds: 40 }), "audio/wav", 415, "unsupported_type"],
      [notMedia(), "audio/mpeg", 415, "unsupported_type"],
      [wav({ seconds: 40 }), "video/mp4", 415, "unsupported_type"],
      [mp3Cbr({ seconds: 10 }), "audio/mpeg", 400, "contest_entry_duration"],
      [mp3Cbr({ seconds: 16 * 60, kbps: 32 }), "audio/mpeg", 400, "contest_entry_duration"],
      [wav({ seconds: 400 }), "audio/wav", 413, "too_large"],
    ];
    for (const [bytes, type, status, code] of cases) {
      const res = await upload(contest.id, draft.id, fan.cookie, bytes, type);
      expect([res.status, (await errorOf(res)).code], `${type} ${bytes.length}`).toEqual([status, code]);
    }
    expect(await stored()).toEqual(before);
  }, 60_000);

  it("keeps another member's draft and audio out of reach: 404, nothing changed", async () => {
    const contest = await createContest(admin, validContest(trackId));
    const fan = await createUser("user");
    const other = await createUser("user");
    const draft = await draftOf(contest.id, fan);
    const before = await stored();
    const at = `${API}/${contest.id}/entries/${draft.id}`;
    for (const [method, path, json] of [
      ["GET", at, undefined],
      ["PATCH", at, { title: "Mine now" }],
      ["DELETE", at, undefined],
    ] as const) {
      const res = await call(path, { method, json, cookie: other.cookie });
      expect([res.status, (await errorOf(res)).code], method).toEqual([404, "contest_entry_not_found"]);
    }
    const res = await upload(contest.id, draft.id, other.cookie, wav({ seconds: 40 }), "audio/wav");
    expect([res.status, (await errorOf(res)).code]).toEqual([404, "contest_entry_not_found"]);
    expect((await call(at)).status).toBe(404);
    const listed = await (await call(`${API}/${contest.id}/entries`, { cookie: other.cookie })).json<ContestEntriesResponse>();
    expect(listed.entries).toEqual([]);
    expect(await stored()).toEqual(before);
  }, 60_000);
});

describe("editing and withdrawing", () => {
  it("edits until the deadline by the clock, then refuses, changing nothing", async () => {
    const now = Date.now();
    const contest = await createContest(admin, validContest(trackId, {}, now));
    const fan = await createUser("user");
    const draft = await draftOf(contest.id, fan);
    const at = `${API}/${contest.id}/entries/${draft.id}`;
    const edited = await call(at, { method: "PATCH", json: { title: "Sunrise Mix", note: "" }, cookie: fan.cookie });
    expect((await edited.json<ContestEntryResponse>()).entry).toMatchObject({ title: "Sunrise Mix", note: "" });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now + DAY + HOUR);
    const before = await stored();
    const late = await call(at, { method: "PATCH", json: { title: "Too late" }, cookie: fan.cookie });
    expect([late.status, (await errorOf(late)).code]).toEqual([409, "contest_entries_closed"]);
    const lateAudio = await upload(contest.id, draft.id, fan.cookie, wav({ seconds: 40 }), "audio/wav");
    expect([lateAudio.status, (await errorOf(lateAudio)).code]).toEqual([409, "contest_entries_closed"]);
    expect(await stored()).toEqual(before);
  }, 60_000);

  it("withdraws at any time, taking the entry off the list and its votes away", async () => {
    const now = Date.now();
    const contest = await createContest(admin, validContest(trackId, {}, now));
    const fan = await createUser("user");
    const entryId = await submittedEntry(contest.id, fan);
    const voter = await createUser("user");
    await D1exec("INSERT INTO contest_votes (contest_id, entry_id, user_id, cast_at) VALUES (?, ?, ?, 0)", contest.id, entryId, voter.id);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now + DAY + HOUR);
    expect((await call(`${API}/${contest.id}/entries/${entryId}`, { method: "DELETE", cookie: fan.cookie })).status).toBe(204);
    expect(await rows("SELECT status FROM contest_entries WHERE id = ?", entryId)).toEqual([{ status: "withdrawn" }]);
    expect(await count("SELECT count(*) AS n FROM contest_votes WHERE entry_id = ?", entryId)).toBe(0);
    const listed = await (await call(`${API}/${contest.id}/entries`)).json<ContestEntriesResponse>();
    expect(listed.entries).toEqual([]);
    const again = await call(`${API}/${contest.id}/entries/${entryId}`, { method: "DELETE", cookie: fan.cookie });
    expect(again.status).toBe(404);
  });
});

describe("the fair order", () => {
  it("shuffles per listener with a stable seed, never by time", async () => {
    const contest = await createContest(admin, validContest(trackId));
    for (let i = 0; i < 8; i++) await submittedEntry(contest.id, await createUser("user"), `Remix ${i}`);
    const orderOf = async (cookie?: string, seed?: string) =>
      (await (await call(`${API}/${contest.id}/entries${seed ? `?seed=${seed}` : ""}`, { cookie })).json<ContestEntriesResponse>()).entries.map((e) => e.id);
    const a = await createUser("user");
    const b = await createUser("user");
    const first = await orderOf(a.cookie);
    expect(first).toHaveLength(8);
    expect(await orderOf(a.cookie)).toEqual(first);
    expect(await orderOf(b.cookie)).not.toEqual(first);
    expect(await orderOf(undefined, "visitorseed1")).toEqual(await orderOf(undefined, "visitorseed1"));
    expect(await orderOf(undefined, "visitorseed1")).not.toEqual(await orderOf(undefined, "visitorseed2"));
    const listed = await (await call(`${API}/${contest.id}/entries`, { cookie: a.cookie })).json<ContestEntriesResponse>();
    for (const entry of listed.entries) expect(Object.keys(entry).some((key) => /vote(s|Count)$|score/i.test(key))).toBe(false);
  });
});

const D1exec = async (sql: string, ...binds: unknown[]) => {
  const { D1 } = await import("./contests-fixtures");
  await D1.prepare(sql)
    .bind(...binds)
    .run();
};
