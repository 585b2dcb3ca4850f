// A track's lyrics and credits (decision 112): the back office writes them (administrators only,
// each write audited, bad input refused with its code and nothing stored), the site reads credits
// wherever the track is public and lyrics as its release says (public, or VIP and above), and a
// track still in early access keeps its lyrics for those who hear it in full.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, errorOf, type TestUser } from "./helpers";
import { auditCount, cookieFor, expectAdminOnly, userOf } from "./admin-gate-matrix";
import { createDoorStaff } from "./check-in-fixtures";
import { currentLineIndex, type TrackCreditsResponse, type TrackLyricsResponse } from "../../worker/contracts/music/track-details";
import { syncedLines } from "../../worker/lib/lrc";

const D1 = (env as unknown as { DB: D1Database }).DB;
const API = "/api/admin/catalog";
const TRACK = "radio-heartline-1";
const ALBUM = "radio-heartline";

const LRC = "[ar:Demo]\n[00:01.50]First line\n[00:04.00][00:20.00]Chorus\n[00:09.25] Second line \n";

let admin: TestUser;
beforeAll(async () => {
  admin = await userOf("admin");
});

const putLyrics = (json: unknown, { track = TRACK, locale = "en", cookie = admin.cookie } = {}) =>
  call(`${API}/tracks/${track}/lyrics/${locale}`, { method: "PUT", json, cookie });
const putCredits = (json: unknown, { track = TRACK, cookie = admin.cookie } = {}) => call(`${API}/tracks/${track}/credits`, { method: "PUT", json, cookie });
const lyricsRows = () =>
  D1.prepare("SELECT track_id, locale, synced, body FROM track_lyrics ORDER BY track_id, locale")
    .all()
    .then((r) => r.results);
const creditRows = () =>
  D1.prepare("SELECT track_id, position, role, name, detail FROM track_credits ORDER BY track_id, position")
    .all()
    .then((r) => r.results);
const trackFields = (id = TRACK) => D1.prepare("SELECT isrc, label, recorded_on FROM tracks WHERE id = ?1").bind(id).first();
const snapshot = async () => ({ lyrics: await lyricsRows(), credits: await creditRows(), track: await trackFields() });

async function expectCode(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect((await errorOf(res)).code).toBe(code);
}

const CREDITS = {
  credits: [
    { role: "performer", name: "Cia Rivera", detail: "vocals" },
    { role: "writer", name: "Ana Souza", detail: null },
    { role: "producer", name: "DJ Marcos", detail: "" },
  ],
  isrc: "br-abc-24-00001",
  label: "Freestyle Lovers Records",
  recordedOn: "2024-05-31",
};

describe("reading synced lyrics", () => {
  it("orders timed lines, repeats a line at each of its times, drops metadata and applies the offset", () => {
    expect(syncedLines(LRC)).toEqual([
      { ms: 1500, text: "First line" },
      { ms: 4000, text: "Chorus" },
      { ms: 9250, text: "Second line" },
      { ms: 20000, text: "Chorus" },
    ]);
    expect(syncedLines("[offset:500]\r\n[00:02.00]Sooner")).toEqual([{ ms: 1500, text: "Sooner" }]);
    expect(syncedLines("no times here\n[ti:Title]")).toEqual([]);
  });

  it("finds the line sung at a moment", () => {
    const lines = syncedLines(LRC);
    expect([0, 1500, 3999, 4000, 30_000].map((ms) => currentLineIndex(lines, ms))).toEqual([-1, 0, 0, 1, 3]);
  });
});

describe("who may write lyrics and credits", () => {
  it("only administrators: the others are refused and nothing is written", async () => {
    // The demo seed gives every track an ISRC of its own (country XX), and nothing may change it.
    const { isrc } = (await trackFields()) as { isrc: string };
    expect(isrc).toMatch(/^XXDEM\d{7}$/);
    await expectAdminOnly({ method: "PUT", path: `${API}/tracks/${TRACK}/lyrics/en`, json: { synced: false, body: "La la" } }, snapshot);
    await expectAdminOnly({ method: "DELETE", path: `${API}/tracks/${TRACK}/lyrics/en` }, snapshot);
    await expectAdminOnly({ method: "PUT", path: `${API}/tracks/${TRACK}/credits`, json: CREDITS }, snapshot);
    await expectAdminOnly({ method: "PUT", path: `${API}/albums/${ALBUM}/lyrics-access`, json: { access: "vip" } }, snapshot);
    await expectAdminOnly({ method: "GET", path: `${API}/tracks/${TRACK}/details` }, snapshot);
    const door = await createDoorStaff();
    await expectCode(await putLyrics({ synced: false, body: "La la" }, { cookie: door.cookie }), 403, "admin_required");
    expect(await snapshot()).toEqual({ lyrics: [], credits: [], track: { isrc, label: null, recorded_on: null } });
  });
});

describe("writing lyrics", () => {
  it("stores plain and synced lyrics per language, replaces them, audits each write", async () => {
    const before = await auditCount();
    const plain = await putLyrics({ synced: false, body: "Primeira linha\r\nSegunda" }, { locale: "pt-BR" });
    expect(plain.status).toBe(200);
    const synced = await putLyrics({ synced: true, body: LRC });
    expect(synced.status).toBe(200);
    const body = (await synced.json()) as { lyrics: TrackLyricsResponse["lyrics"] };
    expect(body.lyrics.map((l) => [l.locale, l.synced, l.lines.length])).toEqual([
      ["en", true, 4],
      ["pt-BR", false, 0],
    ]);
    expect(await lyricsRows()).toEqual([
      { track_id: TRACK, locale: "en", synced: 1, body: LRC.trim() },
      { track_id: TRACK, locale: "pt-BR", synced: 0, body: "Primeira linha\nSegunda" },
    ]);
    expect(await putLyrics({ synced: false, body: "Replaced" })).toHaveProperty("status", 200);
    expect((await lyricsRows())[0]).toMatchObject({ locale: "en", synced: 0, body: "Replaced" });
    expect(await auditCount()).toBe(before + 3);
    const last = await D1.prepare("SELECT action, target_id FROM audit_log ORDER BY id DESC LIMIT 1").first();
    expect(last).toEqual({ action: "track.lyrics", target_id: TRACK });
  });

  it("refuses bad input with its code and stores nothing", async () => {
    const before = await snapshot();
    const audits = await auditCount();
    await expectCode(await putLyrics({ synced: false, body: "   " }), 400, "lyrics_required");
    await expectCode(await putLyrics({ synced: false, body: "x".repeat(20_001) }), 400, "lyrics_too_long");
    await expectCode(await putLyrics({ synced: true, body: "no timed line\n[ar:Someone]" }), 400, "lyrics_not_synced");
    await expectCode(await putLyrics({ synced: false, body: "lone \ud800 surrogate" }), 400, "invalid_characters");
    await expectCode(await putLyrics({ synced: false, body: "ok", extra: 1 }), 400, "invalid_input");
    await expectCode(await putLyrics({ synced: false, body: "ok" }, { locale: "fr" }), 400, "invalid_input");
    await expectCode(await putLyrics({ synced: false, body: "ok" }, { track: "no-such-track" }), 404, "track_not_found");
    expect(await snapshot()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it("removes one language's lyrics; removing none is 404", async () => {
    await putLyrics({ synced: false, body: "Gone soon" }, { track: "radio-heartline-2" });
    expect((await call(`${API}/tracks/radio-heartline-2/lyrics/en`, { method: "DELETE", cookie: admin.cookie })).status).toBe(200);
    expect((await lyricsRows()).filter((r) => (r as { track_id: string }).track_id === "radio-heartline-2")).toEqual([]);
    await expectCode(await call(`${API}/tracks/radio-heartline-2/lyrics/en`, { method: "DELETE", cookie: admin.cookie }), 404, "lyrics_not_found");
  });
});

describe("writing credits", () => {
  it("replaces the credits in order with the ISRC (normalised), label and recording day, audited", async () => {
    const before = await auditCount();
    const res = await putCredits(CREDITS);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      credits: [
        { role: "performer", name: "Cia Rivera", detail: "vocals" },
        { role: "writer", name: "Ana Souza", detail: null },
        { role: "producer", name: "DJ Marcos", detail: null },
      ],
      isrc: "BRABC2400001",
      label: "Freestyle Lovers Records",
      recordedOn: "2024-05-31",
    } satisfies TrackCreditsResponse);
    expect(await putCredits({ ...CREDITS, credits: [{ role: "mixer", name: "Léo", detail: null }] })).toHaveProperty("status", 200);
    expect(await creditRows()).toEqual([{ track_id: TRACK, position: 0, role: "mixer", name: "Léo", detail: null }]);
    expect(await auditCount()).toBe(before + 2);
  });

  it("refuses an ISRC another track has, bad fields and unknown tracks, changing nothing", async () => {
    await putCredits({ credits: [], isrc: "USABC2400009", label: null, recordedOn: null }, { track: "radio-heartline-2" });
    const before = await snapshot();
    const audits = await auditCount();
    await expectCode(await putCredits({ ...CREDITS, isrc: "US-ABC-24-00009" }), 409, "isrc_taken");
    await expectCode(await putCredits({ ...CREDITS, isrc: "BR-ABC-24" }), 400, "isrc_invalid");
    await expectCode(await putCredits({ ...CREDITS, recordedOn: "31/05/2024" }), 400, "recorded_on_invalid");
    await expectCode(await putCredits({ ...CREDITS, credits: [{ role: "performer", name: " ", detail: null }] }), 400, "credit_name_required");
    await expectCode(await putCredits({ ...CREDITS, credits: [{ role: "dancer", name: "X", detail: null }] }), 400, "invalid_input");
    await expectCode(
      await putCredits({ ...CREDITS, credits: Array.from({ length: 41 }, () => ({ role: "writer", name: "X", detail: null })) }),
      400,
      "credits_too_many",
    );
    await expectCode(await putCredits({ ...CREDITS, label: "L".repeat(121) }), 400, "track_label_too_long");
    await expectCode(await putCredits(CREDITS, { track: "no-such-track" }), 404, "track_not_found");
    expect(await snapshot()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });
});

describe("the back office's editor", () => {
  it("reads any track's credits, lyrics and release access, released or not; an unknown track is 404", async () => {
    const [track, album] = ["freestyle-nights-1", "freestyle-nights"];
    await putLyrics({ synced: false, body: "Hidden words" }, { track });
    await D1.prepare("UPDATE albums SET release_at = ?2, early_access_at = NULL WHERE id = ?1")
      .bind(album, Date.now() + 86_400_000)
      .run();
    try {
      const res = await call(`${API}/tracks/${track}/details`, { cookie: admin.cookie });
      expect(res.status).toBe(200);
      const { isrc } = (await trackFields(track)) as { isrc: string };
      expect(await res.json()).toEqual({
        credits: [],
        isrc,
        label: null,
        recordedOn: null,
        lyricsAccess: "public",
        lyrics: [{ locale: "en", synced: false, text: "Hidden words", lines: [] }],
      });
      await expectCode(await call(`${API}/tracks/no-such-track/details`, { cookie: admin.cookie }), 404, "track_not_found");
    } finally {
      await D1.prepare("UPDATE albums SET release_at = NULL WHERE id = ?1").bind(album).run();
    }
  });
});

describe("what the site shows", () => {
  const lyricsAs = async (role: "visitor" | "user" | "vip" | "admin" | "banned", track = TRACK) =>
    call(`/api/music/tracks/${track}/lyrics`, { cookie: await cookieFor(role) });

  it("credits are public for a public track; an unknown track is 404", async () => {
    await putCredits(CREDITS);
    const res = await call(`/api/music/tracks/${TRACK}/credits`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as TrackCreditsResponse).isrc).toBe("BRABC2400001");
    await expectCode(await call("/api/music/tracks/no-such-track/credits"), 404, "track_not_found");
  });

  it("public lyrics go to everyone; a release's VIP lyrics only to VIPs and admins", async () => {
    await putLyrics({ synced: true, body: LRC });
    for (const role of ["visitor", "user", "vip", "admin"] as const) expect((await lyricsAs(role)).status, role).toBe(200);
    const res = await lyricsAs("visitor");
    expect(res.headers.get("cache-control")).not.toContain("private");
    expect(((await res.json()) as TrackLyricsResponse).lyrics[0]!.lines[0]).toEqual({ ms: 1500, text: "First line" });

    expect((await call(`${API}/albums/${ALBUM}/lyrics-access`, { method: "PUT", json: { access: "vip" }, cookie: admin.cookie })).status).toBe(200);
    await expectCode(await lyricsAs("visitor"), 401, "unauthorized");
    await expectCode(await lyricsAs("user"), 403, "vip_required");
    await expectCode(await lyricsAs("banned"), 401, "unauthorized");
    const vip = await lyricsAs("vip");
    expect(vip.status).toBe(200);
    expect(vip.headers.get("cache-control")).toBe("private, no-store");
    expect(((await vip.json()) as TrackLyricsResponse).access).toBe("vip");
    expect((await lyricsAs("admin")).status).toBe(200);
    await expectCode(
      await call(`${API}/albums/no-such-album/lyrics-access`, { method: "PUT", json: { access: "vip" }, cookie: admin.cookie }),
      404,
      "album_not_found",
    );
    await expectCode(
      await call(`${API}/albums/${ALBUM}/lyrics-access`, { method: "PUT", json: { access: "tier" }, cookie: admin.cookie }),
      400,
      "invalid_input",
    );
  });

  it("a track in early access keeps its lyrics for VIPs; a hidden one is 404 to everyone but admins' back office", async () => {
    const now = Date.now();
    await D1.prepare("UPDATE albums SET release_at = ?2, early_access_at = ?3, lyrics_access = 'public' WHERE id = ?1")
      .bind(ALBUM, now + 86_400_000, now - 60_000)
      .run();
    await expectCode(await lyricsAs("user"), 403, "vip_required");
    expect((await lyricsAs("vip")).status).toBe(200);
    await D1.prepare("UPDATE albums SET early_access_at = ?2 WHERE id = ?1")
      .bind(ALBUM, now + 3_600_000)
      .run();
    await expectCode(await lyricsAs("vip"), 404, "track_not_found");
    await expectCode(await call(`/api/music/tracks/${TRACK}/credits`), 404, "track_not_found");
  });
});
