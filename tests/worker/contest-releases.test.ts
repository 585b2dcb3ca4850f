// Releasing a contest's remix into the catalog (decision 197): POST
// /api/admin/contests/:id/entries/:entryId/publish per role, its bad input (400, nothing stored),
// its refusals before the results, for an unplaced entry, twice and racing (one release); what it
// makes (the single, its track with the copied audio, its credits linked to the remixers, the
// product) and the page's list of released entries.
import { describe, expect, it } from "vitest";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { API, D1, MEDIA, contestsFileSetUp, count, rows, userOfRole } from "./contests-fixtures";
import { contestWithResults, publish } from "./contest-release-fixtures";
import type { ContestReleaseResponse, ContestReleasesResponse } from "../../worker/contracts/contests/releases";

let admin: TestUser;
let trackId: string;
contestsFileSetUp((made) => ({ admin, trackId } = made));

const stored = async () => ({
  releases: await count("SELECT count(*) AS n FROM contest_releases"),
  albums: await count("SELECT count(*) AS n FROM albums"),
  tracks: await count("SELECT count(*) AS n FROM tracks"),
  products: await count("SELECT count(*) AS n FROM products"),
  audits: await count("SELECT count(*) AS n FROM audit_log WHERE action = 'contest.release'"),
});

const audioObjects = async (track: string) => (await MEDIA.list({ prefix: `audio/${track}-` })).objects.length;

describe("POST /api/admin/contests/:id/entries/:entryId/publish", () => {
  it("refuses a visitor and a banned member 401, a member, the entrant and each tier 403; the admin publishes", async () => {
    const { contest, placed, entrant } = await contestWithResults(admin, trackId);
    const cases: [string, string | undefined, number, string][] = [
      ["visitor", undefined, 401, "unauthorized"],
      ["banned", (await userOfRole("banned")).cookie, 401, "unauthorized"],
      ["member", (await userOfRole("member")).cookie, 403, "admin_required"],
      ["entrant", entrant.cookie, 403, "admin_required"],
      ["vip", (await userOfRole("vip")).cookie, 403, "admin_required"],
    ];
    const before = await stored();
    for (const [role, cookie, status, code] of cases) {
      const res = await publish(contest.id, placed, {}, cookie);
      expect([res.status, (await errorOf(res)).code], role).toEqual([status, code]);
    }
    expect(await stored()).toEqual(before);
    expect((await publish(contest.id, placed, {}, admin.cookie)).status).toBe(201);
  });

  it("makes a single with the entry's audio copied, its credits linked to the remixers, the product, and an audit row", async () => {
    const coAuthor = await createUser("user");
    const { contest, placed, entrant } = await contestWithResults(admin, trackId, { coAuthor });
    const res = await publish(contest.id, placed, { isrc: "br-abc-24-00001", sale: { priceUsdCents: 999, sharePercent: 15 } }, admin.cookie);
    expect(res.status, await res.clone().text()).toBe(201);
    const { release } = await res.json<ContestReleaseResponse>();
    expect(release).toMatchObject({ entryId: placed, title: `Remix Me (${entrant.username} Remix)`, remixOfTrackId: trackId, sharePercent: 15 });
    const [album] = await rows("SELECT title, type FROM albums WHERE id = ?", release.albumId);
    expect(album).toEqual({ title: release.title, type: "Single" });
    const [track] = await rows<{ audio_key: string; isrc: string; duration_seconds: number; album_id: string }>(
      "SELECT audio_key, isrc, duration_seconds, album_id FROM tracks WHERE id = ?",
      release.trackId,
    );
    expect(track).toMatchObject({ isrc: "BRABC2400001", duration_seconds: 60, album_id: release.albumId });
    expect(track!.audio_key).toMatch(new RegExp(`^audio/${release.trackId}-[0-9a-f]{16}\\.mp3$`));
    const copy = await MEDIA.get(track!.audio_key);
    expect(new Uint8Array(await copy!.arrayBuffer())).toEqual(new Uint8Array([0xff, 0xfb, 0x90, 0x00, 1, 2, 3, 4]));
    expect(await MEDIA.head(`contest-entries/${placed}.mp3`)).not.toBeNull();
    expect(await rows("SELECT role, name, user_id FROM track_credits WHERE track_id = ? ORDER BY position", release.trackId)).toEqual([
      { role: "remixer", name: entrant.username, user_id: entrant.id },
      { role: "remixer", name: coAuthor.username, user_id: coAuthor.id },
    ]);
    expect(await rows("SELECT kind, state, price_usd_cents, track_id, slug FROM products WHERE id = ?", release.product!.id)).toEqual([
      { kind: "digital", state: "live", price_usd_cents: 999, track_id: release.trackId, slug: release.product!.slug },
    ]);
    expect(await rows("SELECT user_id, is_entrant FROM contest_release_payees WHERE entry_id = ? ORDER BY is_entrant DESC", placed)).toEqual([
      { user_id: entrant.id, is_entrant: 1 },
      { user_id: coAuthor.id, is_entrant: 0 },
    ]);
    const [audit] = await rows<{ actor_id: string; target_id: string; summary: string }>(
      "SELECT actor_id, target_id, summary FROM audit_log WHERE action = 'contest.release' AND target_id = ?",
      contest.id,
    );
    expect(audit!.actor_id).toBe(admin.id);
    expect(JSON.parse(audit!.summary).after).toMatchObject({ entryId: placed, sharePercent: 15, payees: [entrant.username, coAuthor.username] });

    // The catalog's credits link each remixer to their member.
    const credits = await call(`/api/music/tracks/${release.trackId}/credits`);
    expect(credits.status).toBe(200);
    expect((await credits.json<{ credits: unknown[] }>()).credits).toEqual([
      { role: "remixer", name: entrant.username, detail: null, memberId: entrant.id },
      { role: "remixer", name: coAuthor.username, detail: null, memberId: coAuthor.id },
    ]);

    // The contest's page lists it, to anyone.
    const page = await call(`${API}/${contest.id}/releases`);
    expect(page.status).toBe(200);
    expect((await page.json<ContestReleasesResponse>()).releases).toEqual([release]);
  });

  it("answers bad input 400 with its code and stores nothing", async () => {
    const { contest, placed } = await contestWithResults(admin, trackId);
    const before = await stored();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ isrc: "nope" }, "isrc_invalid", "isrc"],
      [{ title: "x".repeat(201) }, "contest_release_title_too_long", "title"],
      [{ sale: { priceUsdCents: 0, sharePercent: 10 } }, "contest_release_price_invalid", "sale.priceUsdCents"],
      [{ sale: { priceUsdCents: 500, sharePercent: 101 } }, "contest_release_share_invalid", "sale.sharePercent"],
      [{ sale: { priceUsdCents: 500, sharePercent: 12.5 } }, "contest_release_share_invalid", "sale.sharePercent"],
      [{ sale: { priceUsdCents: 500 } }, "contest_release_share_invalid", "sale.sharePercent"],
      [{ album: "somewhere" }, "invalid_input", ""],
    ];
    for (const [body, code, field] of cases) {
      const res = await publish(contest.id, placed, body, admin.cookie);
      const error = await errorOf(res);
      expect([res.status, error.code, error.field ?? ""], JSON.stringify(body)).toEqual([400, code, field]);
    }
    expect(await stored()).toEqual(before);
  });

  it("is 409 before the results and for an unplaced entry, 404 for an unknown or another contest's entry; nothing stored", async () => {
    const early = await contestWithResults(admin, trackId, { results: false });
    const { contest, unplaced } = await contestWithResults(admin, trackId);
    const before = await stored();
    const cases: [string, string, number, string][] = [
      [early.contest.id, early.placed, 409, "contest_results_not_out"],
      [contest.id, unplaced, 409, "contest_entry_not_placed"],
      [contest.id, early.placed, 404, "contest_entry_not_found"],
      [contest.id, crypto.randomUUID(), 404, "contest_entry_not_found"],
      [crypto.randomUUID(), unplaced, 404, "contest_not_found"],
    ];
    for (const [contestId, entryId, status, code] of cases) {
      const res = await publish(contestId, entryId, {}, admin.cookie);
      expect([res.status, (await errorOf(res)).code], code).toEqual([status, code]);
    }
    expect(await stored()).toEqual(before);
  });

  it("publishes an entry once: a second publish 409; racing publishes make one release and leave one copy", async () => {
    const first = await contestWithResults(admin, trackId);
    expect((await publish(first.contest.id, first.placed, {}, admin.cookie)).status).toBe(201);
    const again = await publish(first.contest.id, first.placed, { title: "Another" }, admin.cookie);
    expect([again.status, (await errorOf(again)).code]).toEqual([409, "contest_release_exists"]);
    expect(await count("SELECT count(*) AS n FROM contest_releases WHERE entry_id = ?", first.placed)).toBe(1);

    const { contest, placed } = await contestWithResults(admin, trackId);
    const before = await stored();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => publish(contest.id, placed, { title: "Race Remix", sale: { priceUsdCents: 500, sharePercent: 10 } }, admin.cookie)),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const r of answers.filter((a) => a.status === 409)) expect((await errorOf(r)).code).toBe("contest_release_exists");
    expect(await stored()).toEqual({
      releases: before.releases + 1,
      albums: before.albums + 1,
      tracks: before.tracks + 1,
      products: before.products + 1,
      audits: before.audits + 1,
    });
    const [release] = await rows<{ track_id: string }>("SELECT track_id FROM contest_releases WHERE entry_id = ?", placed);
    expect(await audioObjects(release!.track_id)).toBe(1);
  });

  it("refuses an ISRC another track has: 409 isrc_taken, nothing stored", async () => {
    const { contest, placed } = await contestWithResults(admin, trackId);
    await D1.prepare("UPDATE tracks SET isrc = 'USXYZ2600001' WHERE id = ?").bind(trackId).run();
    const before = await stored();
    const res = await publish(contest.id, placed, { isrc: "USXYZ2600001" }, admin.cookie);
    expect([res.status, (await errorOf(res)).code]).toEqual([409, "isrc_taken"]);
    expect(await stored()).toEqual(before);
    await D1.prepare("UPDATE tracks SET isrc = NULL WHERE id = ?").bind(trackId).run();
  });
});

describe("GET /api/contests/:id/releases", () => {
  it("is empty before anything is released and 404 for an unknown contest", async () => {
    const { contest } = await contestWithResults(admin, trackId);
    expect(await (await call(`${API}/${contest.id}/releases`)).json()).toEqual({ releases: [] });
    const res = await call(`${API}/${crypto.randomUUID()}/releases`);
    expect([res.status, (await errorOf(res)).code]).toEqual([404, "contest_not_found"]);
  });
});
