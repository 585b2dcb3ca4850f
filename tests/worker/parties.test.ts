// Listening parties over HTTP: the public teaser list (upcoming, not cancelled, nothing private),
// the party and its play grant for each role (visitor, member, VIP, admin, banned) on a party open
// to everyone and on a VIP-only one, the grant only while the party is on (and a token that opens
// that track only, expiring with the party), and the back office: its gate, every form rule's 400
// with its code, and each write stored with its audit row.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, createUser, db, errorOf, type Role } from "./helpers";
import { auditCount, expectAdminOnly, userOf } from "./admin-gate-matrix";
import { listeningParties } from "../../worker/db/schema/music";
import { verifyMediaToken } from "../../worker/lib/media-token";
import type {
  AdminPartiesResponse,
  AdminPartyResponse,
  PartyPlayResponse,
  PartyResponse,
  PartySourcesResponse,
  PublicPartiesResponse,
} from "../../worker/contracts/parties/parties";

const D1 = (env as unknown as { DB: D1Database }).DB;
const SECRET = (env as unknown as { SESSION_SECRET: string }).SESSION_SECRET;
/** radio-heartline: three tracks of 80, 38 and 48 s (the demo seed, scripts/catalog/catalog.mjs). */
const ALBUM = "radio-heartline";
const ALBUM_SECONDS = 80 + 38 + 48;
const MIN = 60_000;

afterEach(() => {
  vi.useRealTimers();
});

type PartyFields = { title?: string; startsAt?: number; vipOnly?: boolean; sourceType?: "album" | "playlist"; sourceId?: string };

const body = ({ title = "Heartline night", startsAt = Date.now() + 60 * MIN, vipOnly = false, sourceType = "album", sourceId = ALBUM }: PartyFields = {}) => ({
  title,
  sourceType,
  sourceId,
  startsAt: new Date(startsAt).toISOString(),
  vipOnly,
});

/** Schedules a party through the back office; its id. */
async function schedule(fields: PartyFields = {}) {
  const res = await call("/api/admin/parties", { json: body(fields), cookie: (await userOf("admin")).cookie });
  expect(res.status).toBe(201);
  return (await res.json<AdminPartyResponse>()).party;
}

const cookieOf = async (role: Role) => (role === "visitor" ? undefined : (await createUser(role)).cookie);
const lastAudit = () => D1.prepare("SELECT * FROM audit_log ORDER BY id DESC LIMIT 1").first<{ action: string; target_id: string; summary: string }>();
const rowOf = (id: string) => D1.prepare("SELECT * FROM listening_parties WHERE id = ?").bind(id).first<Record<string, unknown>>();

describe("GET /api/parties (public teaser)", () => {
  it("lists upcoming and running parties, soonest first, never cancelled or ended ones, with nothing private", async () => {
    const later = await schedule({ title: "Later", startsAt: Date.now() + 120 * MIN });
    const soon = await schedule({ title: "Soon", startsAt: Date.now() + 10 * MIN, vipOnly: true });
    const running = await schedule({ title: "Running", startsAt: Date.now() - MIN });
    await schedule({ title: "Over", startsAt: Date.now() - 60 * MIN });
    const cancelled = await schedule({ title: "Cancelled", startsAt: Date.now() + 30 * MIN });
    expect((await call(`/api/admin/parties/${cancelled.id}/cancel`, { method: "POST", cookie: (await userOf("admin")).cookie })).status).toBe(200);

    const res = await call("/api/parties");
    expect(res.status).toBe(200);
    const { parties } = await res.json<PublicPartiesResponse>();
    expect(parties.map((p) => [p.title, p.phase])).toEqual([
      ["Running", "live"],
      ["Soon", "open"],
      ["Later", "upcoming"],
    ]);
    expect(Object.keys(parties[1]!).sort()).toEqual([
      "albumId",
      "coverUrl",
      "endsAt",
      "id",
      "minTierId",
      "phase",
      "sourceTitle",
      "sourceType",
      "startsAt",
      "title",
      "vipOnly",
    ]);
    expect(parties[1]).toMatchObject({
      id: soon.id,
      vipOnly: true,
      sourceType: "album",
      sourceTitle: "Radio Heartline",
      albumId: ALBUM,
      coverUrl: "/media/covers/radio-heartline.png",
    });
    expect(Date.parse(parties[2]!.endsAt) - Date.parse(parties[2]!.startsAt)).toBe(ALBUM_SECONDS * 1000);
    expect(parties.some((p) => p.id === later.id && p.id !== running.id)).toBe(true);
  });

  it("names a playlist by its title only: no playlist id, no owner", async () => {
    const admin = await userOf("admin");
    const playlist = await ownPlaylist(admin.cookie, ["radio-heartline-1"]);
    await schedule({ title: "Admin mix", sourceType: "playlist", sourceId: playlist });
    const { parties } = await (await call("/api/parties")).json<PublicPartiesResponse>();
    const party = parties.find((p) => p.title === "Admin mix")!;
    expect(party).toMatchObject({ sourceType: "playlist", sourceTitle: "Party mix", albumId: null });
    expect(JSON.stringify(party)).not.toContain(playlist);
    expect(JSON.stringify(party)).not.toContain(admin.id);
  });
});

/** A playlist of the member's own with these tracks; its id. */
async function ownPlaylist(cookie: string, trackIds: string[], name = "Party mix") {
  const res = await call("/api/playlists", { json: { name }, cookie });
  expect(res.status).toBe(201);
  const { playlist } = await res.json<{ playlist: { id: string } }>();
  for (const trackId of trackIds) expect((await call(`/api/playlists/${playlist.id}/tracks`, { json: { trackId }, cookie })).status).toBeLessThan(300);
  return playlist.id;
}

describe("GET /api/parties/:id and POST /api/parties/:id/play: who may", () => {
  const matrix: [Role, boolean, number, string | null][] = [
    ["visitor", false, 401, "unauthorized"],
    ["user", false, 200, null],
    ["vip", false, 200, null],
    ["admin", false, 200, null],
    ["banned", false, 401, "unauthorized"],
    ["visitor", true, 401, "unauthorized"],
    ["user", true, 403, "vip_required"],
    ["vip", true, 200, null],
    ["admin", true, 200, null],
    ["banned", true, 401, "unauthorized"],
  ];

  it.each(matrix)("%s on a party VIP only=%s: %i %s", async (role, vipOnly, status, code) => {
    const party = await schedule({ startsAt: Date.now() - 10_000, vipOnly });
    const cookie = await cookieOf(role);
    const read = await call(`/api/parties/${party.id}`, { cookie });
    expect(read.status).toBe(status);
    const play = await call(`/api/parties/${party.id}/play`, { method: "POST", cookie });
    expect(play.status).toBe(status);
    if (code) {
      expect((await errorOf(read)).code).toBe(code);
      expect((await errorOf(play)).code).toBe(code);
    } else {
      const { party: detail } = await read.json<PartyResponse>();
      expect(detail.tracks.map((t) => t.id)).toEqual(["radio-heartline-1", "radio-heartline-2", "radio-heartline-3"]);
      expect(detail.phase).toBe("live");
      const grant = await play.json<PartyPlayResponse>();
      expect(grant.trackId).toBe("radio-heartline-1");
    }
  });

  it("answers 400 invalid_input for a malformed id and 404 party_not_found for an unknown one", async () => {
    const cookie = (await createUser("vip")).cookie;
    const bad = await call("/api/parties/not-a-party", { cookie });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe("invalid_input");
    const missing = await call(`/api/parties/${crypto.randomUUID()}/play`, { method: "POST", cookie });
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).code).toBe("party_not_found");
  });
});

describe("POST /api/parties/:id/play: only while the party is on", () => {
  it("refuses before the start (409 party_not_started), after the end (409 party_ended) and when cancelled (409 party_cancelled)", async () => {
    const cookie = (await createUser("user")).cookie;
    const early = await schedule({ startsAt: Date.now() + 5 * MIN });
    const over = await schedule({ startsAt: Date.now() - 10 * MIN });
    const cancelled = await schedule({ startsAt: Date.now() - 10_000 });
    await call(`/api/admin/parties/${cancelled.id}/cancel`, { method: "POST", cookie: (await userOf("admin")).cookie });
    for (const [party, code] of [
      [early, "party_not_started"],
      [over, "party_ended"],
      [cancelled, "party_cancelled"],
    ] as const) {
      const res = await call(`/api/parties/${party.id}/play`, { method: "POST", cookie });
      expect(res.status, code).toBe(409);
      expect((await errorOf(res)).code).toBe(code);
    }
  });

  it("gives the track at server now - start, walked through the durations, and a token for that track that ends with the party", async () => {
    const startsAt = Date.now() - 5_000;
    const party = await schedule({ startsAt });
    const member = await createUser("user");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(startsAt + 100_000); // 80 s of the first track, then 20 s into the second
    const res = await call(`/api/parties/${party.id}/play`, { method: "POST", cookie: member.cookie });
    expect(res.status).toBe(200);
    const grant = await res.json<PartyPlayResponse>();
    expect(grant).toMatchObject({ index: 1, trackId: "radio-heartline-2", offsetSeconds: 20, serverTime: new Date(startsAt + 100_000).toISOString() });
    const token = new URL(grant.url, "https://x").searchParams.get("token")!;
    expect(await verifyMediaToken(SECRET, token, "track", "radio-heartline-2")).toBe(member.id);
    expect(await verifyMediaToken(SECRET, token, "track", "radio-heartline-1")).toBeNull();
    const endsAt = startsAt + ALBUM_SECONDS * 1000;
    expect(Date.parse(grant.expiresAt)).toBeLessThanOrEqual(endsAt + 60_000);
    vi.useRealTimers();
    // The token opens the track's media route (no file in the test bucket: 404, not 403)...
    expect((await call(grant.url)).status).toBe(404);
    // ...and not another track's.
    expect((await call(`/media/tracks/radio-heartline-1?token=${encodeURIComponent(token)}`)).status).toBe(403);
  });
});

describe("/api/admin/parties: the gate", () => {
  it("refuses every route to non-admins and writes nothing", async () => {
    const party = await schedule();
    const snapshot = async () => (await D1.prepare("SELECT * FROM listening_parties ORDER BY id").all()).results;
    for (const request of [
      { method: "GET", path: "/api/admin/parties" },
      { method: "GET", path: "/api/admin/parties/sources" },
      { method: "POST", path: "/api/admin/parties", json: body() },
      { method: "GET", path: `/api/admin/parties/${party.id}` },
      { method: "PUT", path: `/api/admin/parties/${party.id}`, json: body({ title: "Changed" }) },
      { method: "POST", path: `/api/admin/parties/${party.id}/cancel` },
      { method: "DELETE", path: `/api/admin/parties/${party.id}` },
    ]) {
      await expectAdminOnly(request, snapshot);
    }
  });
});

describe("/api/admin/parties: the form's rules (400 with a code, nothing stored)", () => {
  const cases: [string, unknown, string, string | undefined][] = [
    ["no title", { ...body(), title: "  " }, "title_required", "title"],
    ["a title too long", { ...body(), title: "x".repeat(121) }, "party_title_too_long", "title"],
    ["a bidi override in the title", { ...body(), title: "a\u202Eb" }, "invalid_characters", "title"],
    ["a start that is not a date", { ...body(), startsAt: "tomorrow" }, "event_date_invalid", "startsAt"],
    ["an unknown source type", { ...body(), sourceType: "station" }, "invalid_input", "sourceType"],
    ["VIP only not a boolean", { ...body(), vipOnly: "yes" }, "invalid_input", "vipOnly"],
    ["an extra field", { ...body(), tracks: [] }, "invalid_input", undefined],
    ["an unknown album", body({ sourceId: "no-such-album" }), "party_source_unknown", "sourceId"],
    ["a missing body", null, "invalid_input", undefined],
  ];

  it.each(cases)("%s → 400 %s", async (_label, json, code, field) => {
    const admin = await userOf("admin");
    const before = await auditCount();
    const res = await call("/api/admin/parties", { json, cookie: admin.cookie });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe(code);
    if (field) expect(error.field).toBe(field);
    expect(await auditCount()).toBe(before);
  });

  it("answers 400 bad_request for a body that is not JSON", async () => {
    const res = await call("/api/admin/parties", {
      body: "{not json",
      headers: { "content-type": "application/json" },
      cookie: (await userOf("admin")).cookie,
    });
    expect(res.status).toBe(400);
    expect(["bad_request", "invalid_input"]).toContain((await errorOf(res)).code);
  });

  it("refuses another member's playlist as unknown, and an empty own playlist (party_source_empty)", async () => {
    const admin = await userOf("admin");
    const theirs = await ownPlaylist((await createUser("vip")).cookie, ["radio-heartline-1"]);
    const res = await call("/api/admin/parties", { json: body({ sourceType: "playlist", sourceId: theirs }), cookie: admin.cookie });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("party_source_unknown");
    const empty = await ownPlaylist(admin.cookie, [], "Nothing yet");
    const none = await call("/api/admin/parties", { json: body({ sourceType: "playlist", sourceId: empty }), cookie: admin.cookie });
    expect(none.status).toBe(400);
    expect((await errorOf(none)).code).toBe("party_source_empty");
  });

  it("answers 404 party_not_found for an unknown or malformed id", async () => {
    const cookie = (await userOf("admin")).cookie;
    for (const path of [`/api/admin/parties/${crypto.randomUUID()}`, "/api/admin/parties/nope"]) {
      const res = await call(path, { cookie });
      expect(res.status).toBe(404);
      expect((await errorOf(res)).code).toBe("party_not_found");
    }
  });
});

describe("/api/admin/parties: writes are stored and audited", () => {
  it("creates from an album: the tracks saved with it, its length their sum, one audit row", async () => {
    const before = await auditCount();
    const startsAt = Date.now() + 30 * MIN;
    const party = await schedule({ title: "  Heartline\u0301 night ", startsAt, vipOnly: true });
    expect(await auditCount()).toBe(before + 1);
    expect(party).toMatchObject({
      title: "Heartliné night",
      durationSeconds: ALBUM_SECONDS,
      vipOnly: true,
      status: "scheduled",
      albumId: ALBUM,
      playlistId: null,
    });
    const row = (await rowOf(party.id))!;
    expect(row.duration_seconds).toBe(ALBUM_SECONDS);
    expect(row.starts_at).toBe(startsAt);
    expect(JSON.parse(row.tracks as string).map((t: { durationSeconds: number }) => t.durationSeconds)).toEqual([80, 38, 48]);
    const audit = (await lastAudit())!;
    expect([audit.action, audit.target_id]).toEqual(["party.create", party.id]);
    expect(JSON.parse(audit.summary).after).toMatchObject({ title: "Heartliné night", vipOnly: true, sourceTitle: "Radio Heartline" });
  });

  it("creates from the admin's own playlist, and lists both sources for the form", async () => {
    const admin = await userOf("admin");
    const playlist = await ownPlaylist(admin.cookie, ["radio-heartline-3", "radio-heartline-1"], "Admin picks");
    await ownPlaylist((await createUser("vip")).cookie, ["radio-heartline-1"], "Not the admin's");
    const party = await schedule({ sourceType: "playlist", sourceId: playlist });
    expect(party.tracks.map((t) => t.id)).toEqual(["radio-heartline-3", "radio-heartline-1"]);
    expect(party.durationSeconds).toBe(128);

    const sources = await (await call("/api/admin/parties/sources", { cookie: admin.cookie })).json<PartySourcesResponse>();
    expect(sources.playlists.map((p) => p.title)).toContain("Admin picks");
    expect(sources.playlists.map((p) => p.title)).not.toContain("Not the admin's");
    expect(sources.albums.find((a) => a.id === ALBUM)).toEqual({ id: ALBUM, title: "Radio Heartline", trackCount: 3, durationSeconds: ALBUM_SECONDS });
  });

  it("edits (audited with what changed), cancels (gone from the teaser) and deletes", async () => {
    const cookie = (await userOf("admin")).cookie;
    const party = await schedule({ title: "First", startsAt: Date.now() + 60 * MIN });
    const put = await call(`/api/admin/parties/${party.id}`, { method: "PUT", json: body({ title: "Second", startsAt: Date.parse(party.startsAt) }), cookie });
    expect(put.status).toBe(200);
    expect((await put.json<AdminPartyResponse>()).party.title).toBe("Second");
    expect((await rowOf(party.id))!.title).toBe("Second");
    let audit = (await lastAudit())!;
    expect(audit.action).toBe("party.update");
    expect(JSON.parse(audit.summary)).toEqual({ before: { title: "First" }, after: { title: "Second" } });

    const cancel = await call(`/api/admin/parties/${party.id}/cancel`, { method: "POST", cookie });
    expect(cancel.status).toBe(200);
    expect((await rowOf(party.id))!.status).toBe("cancelled");
    expect((await lastAudit())!.action).toBe("party.cancel");
    const listed = await (await call("/api/parties")).json<PublicPartiesResponse>();
    expect(listed.parties.map((p) => p.id)).not.toContain(party.id);
    const all = await (await call("/api/admin/parties", { cookie })).json<AdminPartiesResponse>();
    expect(all.parties.find((p) => p.id === party.id)?.status).toBe("cancelled");

    const del = await call(`/api/admin/parties/${party.id}`, { method: "DELETE", cookie });
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ deleted: party.id });
    expect(await rowOf(party.id)).toBeNull();
    audit = (await lastAudit())!;
    expect([audit.action, audit.target_id]).toEqual(["party.delete", party.id]);
    expect(await db().select().from(listeningParties)).not.toContainEqual(expect.objectContaining({ id: party.id }));
  });
});
