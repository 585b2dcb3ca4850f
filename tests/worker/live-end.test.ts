// A live show that ends (decision 146): the live playlist an outside player holds stops at the
// show's last segment with EXT-X-ENDLIST and stays put however long the token lives, keeping
// RFC 8216's rules (every EXTINF within the target duration, each wrap of the demo loop marked and
// counted), and the pages open on the show's room are told at once over its socket.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { call, createUser } from "./helpers";
import { fakeClock, putDemoMedia, seedShow, showRow, tokenFor } from "./live-fixtures";
import { connect, ofType, room, welcomeOf } from "./room-fixtures";

const D1 = (env as unknown as { DB: D1Database }).DB;
const SEGMENT_MS = 4_000;
/** A playlist's text (workerd warns on .text() of a type it does not know as text). */
const textOf = async (res: Response) => new TextDecoder().decode(await res.arrayBuffer());
const lines = (playlist: string) => playlist.split("\n");
const uris = (playlist: string) => lines(playlist).filter((l) => l.endsWith(".m4s"));
const tag = (playlist: string, name: string) =>
  lines(playlist)
    .find((l) => l.startsWith(`#${name}:`))
    ?.slice(name.length + 2);

/** RFC 8216 4.3.3.1: each segment's EXTINF, rounded to the nearest integer, is at most the target duration. */
function expectWithinTarget(playlist: string) {
  const target = Number(tag(playlist, "EXT-X-TARGETDURATION"));
  const durations = lines(playlist)
    .filter((l) => l.startsWith("#EXTINF:"))
    .map((l) => Number(l.slice(8, l.indexOf(","))));
  expect(durations.length).toBeGreaterThan(0);
  for (const d of durations) expect(Math.round(d)).toBeLessThanOrEqual(target);
}

/** The segments that carry EXT-X-DISCONTINUITY (the tag comes three lines before the URI: it, the date, the EXTINF). */
const discontinuous = (playlist: string) => {
  const all = lines(playlist);
  return uris(playlist).filter((uri) => all[all.indexOf(uri) - 3] === "#EXT-X-DISCONTINUITY");
};

beforeAll(putDemoMedia);
afterEach(() => vi.useRealTimers());

describe("the live playlist of a show that ends", () => {
  it("stops at the show's last segment with ENDLIST, within the target duration and with each wrap marked, and stays put", async () => {
    const start = Date.now() - 60_000;
    const move = fakeClock(start);
    const eventId = await seedShow({ state: "live", startedAt: start });
    const [member, admin] = [await createUser("user"), await createUser("admin")];
    const { body } = await tokenFor(eventId, member);
    const playlist = async () => textOf(await call(body!.playlistUrl));

    // On air, 7.5 segments in: the window 3..7, the loop of three wrapping before 3 and 6.
    move(start + 7.5 * SEGMENT_MS);
    const live = await playlist();
    expect(uris(live)).toEqual(["3.m4s", "4.m4s", "5.m4s", "6.m4s", "7.m4s"]);
    expect(live).not.toContain("#EXT-X-ENDLIST");
    expect(discontinuous(live)).toEqual(["6.m4s"]);
    expect(tag(live, "EXT-X-DISCONTINUITY-SEQUENCE")).toBe("1");
    expectWithinTarget(live);

    // The admin ends it during segment 8: that is the last one.
    move(start + 8.25 * SEGMENT_MS);
    expect((await call(`/api/admin/live/${eventId}/end`, { method: "POST", cookie: admin.cookie })).status).toBe(200);
    expect((await showRow(eventId))!.ended_at).toBe(start + 8.25 * SEGMENT_MS);
    const ended = await playlist();
    expect(uris(ended)).toEqual(["4.m4s", "5.m4s", "6.m4s", "7.m4s", "8.m4s"]);
    expect(lines(ended).at(-2)).toBe("#EXT-X-ENDLIST");
    expect(tag(ended, "EXT-X-MEDIA-SEQUENCE")).toBe("4");
    expect(discontinuous(ended)).toEqual(["6.m4s"]);
    expect(tag(ended, "EXT-X-DISCONTINUITY-SEQUENCE")).toBe("1");
    expectWithinTarget(ended);

    // Minutes later, while the token still lives, the same playlist: nothing beyond the end, the sequence still.
    move(start + 8.25 * SEGMENT_MS + 4 * 60_000);
    expect(await playlist()).toBe(ended);
  });

  it("ends exactly on a segment's boundary without a segment that was never recorded", async () => {
    const start = Date.now() - 60_000;
    const move = fakeClock(start + 3 * SEGMENT_MS - 1);
    const eventId = await seedShow({ state: "live", startedAt: start });
    const member = await createUser("user");
    const { body } = await tokenFor(eventId, member);
    expect(uris(await textOf(await call(body!.playlistUrl)))).toEqual(["0.m4s", "1.m4s", "2.m4s"]);
    await D1.prepare("UPDATE live_shows SET state = 'ended', ended_at = ? WHERE event_id = ?")
      .bind(start + 3 * SEGMENT_MS, eventId)
      .run();
    move(start + 3 * SEGMENT_MS + 1);
    const ended = await textOf(await call(body!.playlistUrl));
    expect(uris(ended)).toEqual(["0.m4s", "1.m4s", "2.m4s"]);
    expect(ended).toContain("#EXT-X-ENDLIST");
    expect(discontinuous(ended)).toEqual([]);
    expect(tag(ended, "EXT-X-DISCONTINUITY-SEQUENCE")).toBe("0");
  });
});

describe("the show's room", () => {
  it("tells every open page the show ended, at once, over its socket", async () => {
    const eventId = await seedShow({ state: "live", startedAt: Date.now() - 60_000 });
    const roomId = await room();
    await D1.prepare("UPDATE live_shows SET room_id = ? WHERE event_id = ?").bind(roomId, eventId).run();
    const [a, b, admin] = [await createUser("user"), await createUser("user"), await createUser("admin")];
    const sockets = [await connect(roomId, a), await connect(roomId, b)];
    for (const socket of sockets) await welcomeOf(socket);
    expect((await call(`/api/admin/live/${eventId}/end`, { method: "POST", cookie: admin.cookie })).status).toBe(200);
    for (const socket of sockets) {
      await socket.until((messages) => messages.some((m) => m.includes('"show_ended"')));
      expect(ofType(socket, "show_ended")).toEqual([{ type: "show_ended" }]);
    }
    // A second end is refused and tells no one again.
    expect((await call(`/api/admin/live/${eventId}/end`, { method: "POST", cookie: admin.cookie })).status).toBe(409);
    expect(ofType(sockets[0]!, "show_ended")).toHaveLength(1);
    for (const socket of sockets) socket.ws.close();
  });
});
