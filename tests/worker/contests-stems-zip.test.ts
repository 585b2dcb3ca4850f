// Downloading a contest's stems: one ZIP (stored entries holding exactly the stems' bytes, with the
// rules as LICENCE.txt) for a member who passes the stems gate, administrators too; a visitor 401,
// a member outside the gate 403, a contest that is not there 404; at most STEM_DOWNLOADS_PER_DAY a
// UTC day per member and contest, exact under racing requests, and again the next day by the clock.
import { describe, expect, it, vi } from "vitest";
import { unzipSync, strFromU8 } from "fflate";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { flac, mp3Cbr, wav } from "./media-fixtures";
import { ADMIN_API, API, CONTEST_ROLES, DAY, HOUR, contestsFileSetUp, count, createContest, userOfRole, validContest } from "./contests-fixtures";
import { STEM_DOWNLOADS_PER_DAY, type PublicContestResponse } from "../../worker/contracts/contests/contests";

let admin: TestUser;
let trackId: string;
contestsFileSetUp((made) => ({ admin, trackId } = made));

const STEMS = { "Drums.wav": wav({ seconds: 1 }), "bass.flac": flac({ seconds: 1 }), "Lead vox.mp3": mp3Cbr({ seconds: 2 }) };
const TYPES: Record<string, string> = { wav: "audio/wav", flac: "audio/flac", mp3: "audio/mpeg" };

async function contestWithStems(overrides: Parameters<typeof validContest>[1] = {}) {
  const contest = await createContest(admin, validContest(trackId, { rulesEn: "Stems for this contest only.", ...overrides }));
  for (const [name, bytes] of Object.entries(STEMS)) {
    const res = await call(`${ADMIN_API}/${contest.id}/stems/${encodeURIComponent(name)}`, {
      method: "PUT",
      body: bytes as unknown as BodyInit,
      cookie: admin.cookie,
      headers: { "content-type": TYPES[name.split(".").pop()!]! },
    });
    expect(res.status, await res.clone().text()).toBe(201);
  }
  return contest;
}

const download = (contestId: string, cookie: string | undefined) => call(`${API}/${contestId}/stems.zip`, { cookie });
const downloads = (contestId: string) => count("SELECT count(*) AS n FROM contest_stem_downloads WHERE contest_id = ?", contestId);

describe("the stems' ZIP", () => {
  it("holds exactly the stems' bytes, stored, and the rules as the licence", async () => {
    const contest = await contestWithStems();
    const fan = await createUser("user");
    const res = await download(contest.id, fan.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="remix-me-stems.zip"');
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const zip = new Uint8Array(await res.arrayBuffer());
    const files = unzipSync(zip);
    expect(Object.keys(files).sort()).toEqual([...Object.keys(STEMS), "LICENCE.txt"].sort());
    for (const [name, bytes] of Object.entries(STEMS)) expect(files[name], name).toEqual(bytes);
    expect(strFromU8(files["LICENCE.txt"]!)).toBe("Remix Me\r\n\r\nStems for this contest only.\r\n");
    // Stored, not deflated: each local header's method is 0.
    const view = new DataView(zip.buffer, zip.byteOffset);
    expect(view.getUint32(0, true)).toBe(0x04034b50);
    expect(view.getUint16(8, true)).toBe(0);
    expect(await downloads(contest.id)).toBe(1);
  });

  it("follows the stems gate for every role; the page says who may and why not", async () => {
    const contest = await contestWithStems({ stems: { access: "tier", tierId: "vip" } });
    const expected: Record<(typeof CONTEST_ROLES)[number], [number, string | null]> = {
      visitor: [401, "unauthorized"],
      member: [403, "contest_stems_not_allowed"],
      vip: [200, null],
      "inner circle": [200, null],
      "door staff": [403, "contest_stems_not_allowed"],
      banned: [401, "unauthorized"],
      admin: [200, null],
    };
    for (const role of CONTEST_ROLES) {
      const cookie = role === "visitor" ? undefined : (await userOfRole(role)).cookie;
      const before = await downloads(contest.id);
      const res = await download(contest.id, cookie);
      const [status, code] = expected[role];
      expect(res.status, role).toBe(status);
      if (code) expect((await errorOf(res)).code, role).toBe(code);
      else expect(Object.keys(unzipSync(new Uint8Array(await res.arrayBuffer()))), role).toHaveLength(4);
      expect(await downloads(contest.id), role).toBe(before + (status === 200 ? 1 : 0));

      const page = await call(`${API}/${contest.id}`, { cookie });
      const { contest: seen } = await page.json<PublicContestResponse>();
      expect(seen.stems, role).toEqual({ files: 3, bytes: Object.values(STEMS).reduce((n, b) => n + b.length, 0) });
      expect(seen.rights, role).toMatchObject({
        canDownloadStems: status === 200,
        stemsRefusal: status === 200 ? null : code,
        stemsGate: { access: "tier", tierName: "VIP" },
        // The download just made counts: one fewer left today.
        stemDownloadsLeft: status === 200 ? STEM_DOWNLOADS_PER_DAY - 1 : 0,
      });
    }
  });

  it("is 404 for a contest that is not there or not open yet, and for one without stems", async () => {
    const fan = await createUser("user");
    const unknown = await download("00000000-0000-4000-8000-000000000000", fan.cookie);
    expect([unknown.status, (await errorOf(unknown)).code]).toEqual([404, "contest_not_found"]);
    const later = await createContest(admin, validContest(trackId, {}, Date.now() + DAY));
    const early = await download(later.id, fan.cookie);
    expect([early.status, (await errorOf(early)).code]).toEqual([404, "contest_not_found"]);
    const empty = await createContest(admin, validContest(trackId));
    const none = await download(empty.id, fan.cookie);
    expect([none.status, (await errorOf(none)).code]).toEqual([404, "contest_stems_none"]);
    expect(await count("SELECT count(*) AS n FROM contest_stem_downloads WHERE user_id = ?", fan.id)).toBe(0);
  });
});

describe("the daily limit", () => {
  it("lets racing requests through exactly up to the limit, then 429, and again the next UTC day", async () => {
    const contest = await contestWithStems();
    const other = await contestWithStems();
    const fan = await createUser("user");
    // Tomorrow (UTC) from 01:00: the contests are open all of it.
    const tomorrow = (Math.floor(Date.now() / DAY) + 1) * DAY;
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(tomorrow + HOUR);

    const racing = await Promise.all(Array.from({ length: STEM_DOWNLOADS_PER_DAY + 4 }, () => download(contest.id, fan.cookie)));
    const ok = racing.filter((r) => r.status === 200);
    const refused = racing.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(STEM_DOWNLOADS_PER_DAY);
    for (const res of ok) expect(Object.keys(unzipSync(new Uint8Array(await res.arrayBuffer())))).toHaveLength(4);
    for (const res of refused) expect([res.status, (await errorOf(res)).code]).toEqual([429, "contest_stem_downloads_used_up"]);
    expect(await downloads(contest.id)).toBe(STEM_DOWNLOADS_PER_DAY);
    const left = async (cookie: string) =>
      (await (await call(`${API}/${contest.id}`, { cookie })).json<PublicContestResponse>()).contest.rights.stemDownloadsLeft;
    expect(await left(fan.cookie)).toBe(0);

    // Another contest's limit, and another member's, are their own.
    const elsewhere = await download(other.id, fan.cookie);
    expect(elsewhere.status).toBe(200);
    await elsewhere.arrayBuffer();
    const friend = await download(contest.id, (await createUser("user")).cookie);
    expect(friend.status).toBe(200);
    await friend.arrayBuffer();

    vi.setSystemTime(tomorrow + DAY - 1000);
    const lateSameDay = await download(contest.id, fan.cookie);
    expect([lateSameDay.status, (await errorOf(lateSameDay)).code]).toEqual([429, "contest_stem_downloads_used_up"]);
    vi.setSystemTime(tomorrow + DAY + 1000);
    const nextDay = await download(contest.id, fan.cookie);
    expect(nextDay.status).toBe(200);
    await nextDay.arrayBuffer();
    expect(await left(fan.cookie)).toBe(STEM_DOWNLOADS_PER_DAY - 1);
    expect(await downloads(contest.id)).toBe(STEM_DOWNLOADS_PER_DAY + 2);
  });
});
