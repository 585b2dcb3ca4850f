// One gate for every path to a track before its release (decision 151): an album in early access for
// Inner Circle is not played by the radio (whose stations play one track to every VIP at once),
// nor granted by a listening party, nor its credits read, nor offered "Notify me" as out, to a VIP
// below the tier (403 tier_required), a member without VIP (403 vip_required) or a visitor (401);
// Inner Circle and the admin get each. After the release day every path opens as for any track.
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listeningParties } from "../../worker/db/schema/music";
import { forget } from "../../worker/lib/memo";
import type { PartyTrack } from "../../worker/contracts/parties/parties";
import type { NowPlayingResponse } from "../../worker/contracts/radio";
import { call, createUser, db, errorOf, type TestUser } from "./helpers";
import { addInnerCircle } from "./tier-fixtures";
import { mp3Cbr } from "./media-fixtures";

const D1 = (env as unknown as { DB: D1Database }).DB;
const media = (env as unknown as { MEDIA: R2Bucket }).MEDIA;
const HOUR = 3_600_000;

const ALBUM = "zz-gate-early";
const TRACK = `${ALBUM}-1`;
const AUDIO = "audio/zz-gate-early.mp3";

type Who = "visitor" | "member" | "vip" | "innerCircle" | "admin";
const users = {} as Record<Exclude<Who, "visitor">, TestUser>;
const cookieOf = (who: Who) => (who === "visitor" ? undefined : users[who].cookie);

let stationId = "";
let partyId = "";

async function setReleaseAt(at: number) {
  await D1.prepare("UPDATE albums SET release_at = ?2 WHERE id = ?1").bind(ALBUM, at).run();
  forget("music:");
}

beforeAll(async () => {
  await addInnerCircle();
  await D1.batch([
    D1.prepare(
      "INSERT INTO albums (id, title, year, type, position, release_at, early_access_at, early_min_tier_id) VALUES (?1, 'Gate Circle', 2026, 'Album', 970, ?2, ?3, 'inner-circle')",
    ).bind(ALBUM, Date.now() + 2 * HOUR, Date.now() - HOUR),
    D1.prepare("INSERT INTO tracks (id, album_id, title, number, duration_seconds, audio_key) VALUES (?1, ?2, 'Closed Door', 1, 120, ?3)").bind(
      TRACK,
      ALBUM,
      AUDIO,
    ),
    D1.prepare("INSERT INTO track_credits (track_id, role, name, position) VALUES (?1, 'producer', 'Gate Keeper', 0)").bind(TRACK),
  ]);
  await media.put(AUDIO, mp3Cbr({ seconds: 120, kbps: 32 }));
  forget("music:");
  users.member = await createUser("user");
  users.vip = await createUser("vip");
  users.innerCircle = await createUser("vip", { tierId: "inner-circle" });
  users.admin = await createUser("admin");

  const created = await call("/api/admin/catalog/stations", {
    json: { name: "Gate Radio", descriptionEn: "Gate", descriptionPtBr: "Portão", sourceType: "catalog", albumIds: [ALBUM] },
    cookie: users.admin.cookie,
  });
  expect(created.status).toBe(201);
  stationId = (await created.json<{ station: { id: string } }>()).station.id;

  partyId = crypto.randomUUID();
  const tracks: PartyTrack[] = [{ id: TRACK, title: "Closed Door", albumId: ALBUM, albumTitle: "Gate Circle", coverUrl: null, durationSeconds: 120 }];
  await db()
    .insert(listeningParties)
    .values({
      id: partyId,
      title: "Open party, early track",
      sourceType: "album",
      albumId: ALBUM,
      sourceTitle: "Gate Circle",
      tracks,
      durationSeconds: 120,
      startsAt: new Date(Date.now() - 1000),
      vipOnly: false,
      minTierId: null,
    });
});

afterAll(() => setReleaseAt(Date.now() + 2 * HOUR));

const outcome = async (res: Response) => [res.status, res.status === 200 ? null : (await errorOf(res)).code];

describe("the radio plays to every VIP at once: a track early for a higher tier waits for its release", () => {
  const nowPlaying = async () => (await (await call(`/api/radio/stations/${stationId}/now-playing`)).json<NowPlayingResponse>()).nowPlaying.current;

  it("before the release day the station plays nothing and tunes to nothing, whoever asks", async () => {
    expect(await nowPlaying()).toBeNull();
    for (const [who, expected] of [
      ["visitor", [401, "unauthorized"]],
      ["member", [403, "vip_required"]],
      ["vip", [409, "empty_rotation"]],
      ["innerCircle", [409, "empty_rotation"]],
      ["admin", [409, "empty_rotation"]],
    ] as const)
      expect(await outcome(await call(`/api/radio/stations/${stationId}/tune`, { method: "POST", cookie: cookieOf(who) })), who).toEqual(expected);
  });

  it("an early release for VIP and above is on the air for every VIP", async () => {
    await D1.prepare("UPDATE albums SET early_min_tier_id = NULL WHERE id = ?1").bind(ALBUM).run();
    forget("music:");
    try {
      expect(JSON.stringify(await nowPlaying())).toContain(TRACK);
      const res = await call(`/api/radio/stations/${stationId}/tune`, { method: "POST", cookie: users.vip.cookie });
      expect(res.status).toBe(200);
      expect((await res.json<{ url: string }>()).url).toMatch(new RegExp(`^/media/tracks/${TRACK}\\?token=`));
    } finally {
      await D1.prepare("UPDATE albums SET early_min_tier_id = 'inner-circle' WHERE id = ?1").bind(ALBUM).run();
      forget("music:");
    }
  });
});

describe("paths that answer per listener", () => {
  const party = (who: Who) => call(`/api/parties/${partyId}/play`, { method: "POST", cookie: cookieOf(who) });
  const credits = (who: Who) => call(`/api/music/tracks/${TRACK}/credits`, { cookie: cookieOf(who) });
  const EXPECTED: Record<Who, [number, string | null]> = {
    visitor: [401, "unauthorized"],
    member: [403, "vip_required"],
    vip: [403, "tier_required"],
    innerCircle: [200, null],
    admin: [200, null],
  };

  it.each(Object.keys(EXPECTED) as Who[])("a party's grant for an early track: %s", async (who) => {
    expect(await outcome(await party(who))).toEqual(EXPECTED[who]);
  });

  it.each(Object.keys(EXPECTED) as Who[])("an early track's credits: %s", async (who) => {
    const res = await credits(who);
    expect(await outcome(res.clone())).toEqual(EXPECTED[who]);
    if (res.status === 200) {
      expect((await res.json<{ credits: { name: string }[] }>()).credits.map((c) => c.name)).toEqual(["Gate Keeper"]);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("Notify me: a VIP below the tier may wait for it; Inner Circle hears it already (409)", async () => {
    expect(await outcome(await call(`/api/notify-me/track/${TRACK}`, { method: "POST", json: {}, cookie: users.vip.cookie }))).toEqual([200, null]);
    expect(await outcome(await call(`/api/notify-me/album/${ALBUM}`, { method: "POST", json: {}, cookie: users.vip.cookie }))).toEqual([200, null]);
    for (const path of [`track/${TRACK}`, `album/${ALBUM}`])
      expect(await outcome(await call(`/api/notify-me/${path}`, { method: "POST", json: {}, cookie: users.innerCircle.cookie })), path).toEqual([
        409,
        "already_released",
      ]);
  });

  it("after the release day the party plays it to every member, its credits to everyone, and the radio has it", async () => {
    await setReleaseAt(Date.now() - 1);
    try {
      for (const who of ["member", "vip", "innerCircle", "admin"] as const) expect(await outcome(await party(who)), who).toEqual([200, null]);
      expect(await outcome(await party("visitor"))).toEqual([401, "unauthorized"]);
      for (const who of Object.keys(EXPECTED) as Who[]) expect(await outcome(await credits(who)), who).toEqual([200, null]);
      const tuned = await call(`/api/radio/stations/${stationId}/tune`, { method: "POST", cookie: users.vip.cookie });
      expect(tuned.status).toBe(200);
    } finally {
      await setReleaseAt(Date.now() + 2 * HOUR);
    }
  });
});
