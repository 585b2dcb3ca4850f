// GET /api/radio/stations/:id/live and the StationHub behind it: who may open a socket and from
// which origin, listener presence (counted, pushed, and shown by the public now-playing answer),
// now-playing pushes from the hub's alarm at each track's end, sockets ending with their session,
// and what the hub answers to frames a client sends.
//
// Every test tunes in to a station of its own (a row inserted for it), so each has a fresh hub and
// no test sees another's listeners.
import { env } from "cloudflare:workers";
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { passwordResets, users } from "../../worker/db/schema/accounts";
import { randomToken, sha256Hex } from "../../worker/lib/crypto";
import { forget } from "../../worker/lib/memo";
import { stationHub } from "../../worker/services/realtime/station-hub";
import { LISTENER_FLUSH_MS, type StationHub } from "../../worker/durable-objects/StationHub";
import { SOCKET_CLOSE_SESSION_ENDED } from "../../worker/contracts/realtime";
import type { NowPlaying, NowPlayingResponse, RadioServerFrame } from "../../worker/contracts/radio";
import { call, createUser, db, errorOf, ORIGIN, type Role, type TestUser } from "./helpers";
import { CLOSE_ANSWERS, acceptSocket } from "./sockets";

const D1 = (env as unknown as { DB: D1Database }).DB;
/** The hub sets its alarm this long after the track's end (StationHub's ALARM_SLACK_MS). */
const ALARM_SLACK_MS = 50;

let serial = 0;
/** A catalog station of the test's own (the whole catalog, its own seed). */
async function freshStation(sourceType: "catalog" | "stream" = "catalog") {
  serial++;
  const id = `zz-live-${serial}-${crypto.randomUUID().slice(0, 8)}`;
  await D1.prepare(
    "INSERT INTO radio_stations (id, name, description_en, description_pt_br, features, source_type, stream_url, album_ids, seed, position) VALUES (?, ?, 'en', 'pt', '[]', ?, ?, NULL, ?, ?)",
  )
    .bind(id, `Live ${serial}`, sourceType, sourceType === "stream" ? "https://stream.example.com/live.mp3" : null, 100 + serial, 100 + serial)
    .run();
  forget("music:");
  return id;
}

const hub = (stationId: string) => stationHub(env as never, stationId);
const alarmOf = (stationId: string) => runInDurableObject(hub(stationId), (_instance: StationHub, state) => state.storage.getAlarm());

const openSocket = (stationId: string, user: TestUser | null, headers: Record<string, string> = { origin: ORIGIN }) =>
  call(`/api/radio/stations/${stationId}/live`, { cookie: user?.cookie, headers: { upgrade: "websocket", ...headers } });

const open: WebSocket[] = [];
afterEach(() => {
  for (const ws of open.splice(0)) {
    try {
      ws.close(1000, "done");
    } catch {
      // already closed
    }
  }
});

/** Opens and accepts a member's socket; resolves its messages (with arrival times) and its close. */
async function connect(stationId: string, user: TestUser) {
  const res = await openSocket(stationId, user);
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  open.push(ws);
  return acceptSocket(ws);
}
type Socket = Awaited<ReturnType<typeof connect>>;

const framesOf = (messages: string[]) => messages.filter((m) => m.startsWith("{")).map((m) => JSON.parse(m) as RadioServerFrame);
const listenerCounts = (messages: string[]) => framesOf(messages).flatMap((f) => (f.type === "listeners" ? [f.count] : []));
const nowPlayingFrames = (messages: string[]) => framesOf(messages).flatMap((f) => (f.type === "now_playing" ? [f.nowPlaying] : []));
/** Waits for the socket's latest listener count to be `count`. */
const untilCount = (socket: Socket, count: number) => socket.until((m) => listenerCounts(m).at(-1) === count);

async function nowPlaying(stationId: string): Promise<NowPlaying> {
  const res = await call(`/api/radio/stations/${stationId}/now-playing`);
  expect(res.status).toBe(200);
  return (await res.json<NowPlayingResponse>()).nowPlaying;
}

describe("GET /api/radio/stations/:id/live: who may open it", () => {
  it.each([
    ["visitor", 401, "unauthorized"],
    ["user", 403, "vip_required"],
    ["banned", 401, "unauthorized"],
  ] as const)("refuses a %s (%i %s)", async (role, status, code) => {
    const station = await freshStation();
    const res = await openSocket(station, role === "visitor" ? null : await createUser(role as Exclude<Role, "visitor">));
    expect(res.status).toBe(status);
    expect((await errorOf(res)).code).toBe(code);
    expect(res.webSocket).toBeNull();
    expect(await runInDurableObject(hub(station), (_i: StationHub, state) => state.getWebSockets().length)).toBe(0);
  });

  it.each(["vip", "admin"] as const)("opens for a %s from the site's own origin (101)", async (role) => {
    const station = await freshStation();
    const socket = await connect(station, await createUser(role));
    await untilCount(socket, 1);
    expect(listenerCounts(socket.messages)).toEqual([1]);
  });

  it.each([
    ["another site", "https://evil.test"],
    ["a sibling subdomain", "https://radio.fans.test"],
    ["the same host over http", "http://fans.test"],
    ["the literal null origin", "null"],
  ])("refuses an upgrade from %s with a VIP's cookie (403 origin_refused)", async (_label, origin) => {
    const station = await freshStation();
    const res = await openSocket(station, await createUser("vip"), { origin });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("origin_refused");
    expect(res.webSocket).toBeNull();
  });

  it("refuses an upgrade without an Origin header (403 origin_refused)", async () => {
    const res = await openSocket(await freshStation(), await createUser("vip"), {});
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("origin_refused");
  });

  it("asks for a WebSocket upgrade (400 upgrade_required)", async () => {
    const res = await call(`/api/radio/stations/${await freshStation()}/live`, { cookie: (await createUser("vip")).cookie, headers: { origin: ORIGIN } });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("upgrade_required");
  });

  it("answers 404 station_not_found for an unknown station, 400 for a malformed id", async () => {
    const vip = await createUser("vip");
    const missing = await openSocket("no-such-station", vip);
    expect(missing.status).toBe(404);
    expect(await errorOf(missing)).toEqual({ code: "station_not_found", message: "Station not found" });
    const bad = await openSocket("Bad_ID", vip);
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe("invalid_input");
  });

  it("accepts the Upgrade header's value in any case (RFC 6455: case-insensitive)", async () => {
    const station = await freshStation();
    const res = await openSocket(station, await createUser("vip"), { origin: ORIGIN, upgrade: "WebSocket" });
    expect(res.status).toBe(101);
    open.push(acceptSocket(res.webSocket!).ws);
  });

  it("ignores identity headers a client sends: the hub gets the Worker's", async () => {
    const station = await freshStation();
    const vip = await createUser("vip");
    const res = await openSocket(station, vip, { origin: ORIGIN, "x-socket-user-id": "someone-else", "x-socket-session-hash": "forged" });
    expect(res.status).toBe(101);
    open.push(acceptSocket(res.webSocket!).ws);
    const attachments = await runInDurableObject(hub(station), (_i: StationHub, state) =>
      state.getWebSockets().map((ws) => ws.deserializeAttachment() as { userId: string }),
    );
    expect(attachments.map((a) => a.userId)).toEqual([vip.id]);
  });
});

describe("StationHub: listener presence", () => {
  it("tells both listeners there are 2, counts 2 publicly, then 1 when one leaves", async () => {
    const station = await freshStation();
    const a = await connect(station, await createUser("vip"));
    await untilCount(a, 1);
    const b = await connect(station, await createUser("admin"));
    await Promise.all([untilCount(a, 2), untilCount(b, 2)]);
    expect(framesOf(b.messages)).toEqual([{ type: "listeners", count: 2 }]);
    expect((await nowPlaying(station)).listeners).toBe(2);

    b.ws.close(1000, "bye");
    await untilCount(a, 1);
    expect(listenerCounts(a.messages)).toEqual([1, 2, 1]);
    // The public answer reuses a count for a few seconds per isolate (visitors do not wake the hub).
    forget("radio:listeners:");
    expect((await nowPlaying(station)).listeners).toBe(1);
    // Another station's hub counts its own listeners only.
    expect((await nowPlaying(await freshStation())).listeners).toBe(0);
  });

  it("counts two sockets of one member as two listeners", async () => {
    const station = await freshStation();
    const vip = await createUser("vip");
    const a = await connect(station, vip);
    const b = await connect(station, vip);
    await Promise.all([untilCount(a, 2), untilCount(b, 2)]);
    expect((await nowPlaying(station)).listeners).toBe(2);
  });

  it(`sends at most one listeners frame per ${LISTENER_FLUSH_MS} ms`, async () => {
    const station = await freshStation();
    const members = await Promise.all(Array.from({ length: 5 }, () => createUser("vip")));
    const first = await connect(station, members[0]!);
    await untilCount(first, 1);
    for (const member of members.slice(1)) await connect(station, member);
    await untilCount(first, 5);
    const counts = listenerCounts(first.messages);
    const times = first.arrivals.filter((_, i) => first.messages[i]!.includes('"listeners"'));
    expect(counts.length).toBe(times.length);
    // 20 ms of slack for delivery jitter; without the throttle the frames come ~15 ms apart.
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!, `frame ${i}`).toBeGreaterThanOrEqual(LISTENER_FLUSH_MS - 20);
    // Counts only grow while members join.
    expect([...counts].sort((x, y) => x - y)).toEqual(counts);
  });
});

describe("StationHub: now-playing pushes", () => {
  it("arms an alarm at the current track's end when the first listener tunes in", async () => {
    const station = await freshStation();
    expect(await alarmOf(station)).toBeNull();
    const before = await nowPlaying(station);
    await connect(station, await createUser("vip"));
    const after = await nowPlaying(station);
    const alarm = await alarmOf(station);
    // A track boundary may fall between the two answers (or the real alarm may just have run).
    const ends = [before.current!.endsAt, after.current!.endsAt, after.next!.endsAt].map((e) => Date.parse(e) + ALARM_SLACK_MS);
    expect(ends).toContain(alarm);
  });

  it("pushes now_playing with the station's current track when the alarm runs, and re-arms for its end", async () => {
    const station = await freshStation();
    const [a, b] = [await connect(station, await createUser("vip")), await connect(station, await createUser("admin"))];
    await Promise.all([untilCount(a, 2), untilCount(b, 2)]);

    const before = await nowPlaying(station);
    expect(await runDurableObjectAlarm(hub(station))).toBe(true);
    const after = await nowPlaying(station);
    await Promise.all([a.until((m) => nowPlayingFrames(m).length > 0), b.until((m) => nowPlayingFrames(m).length > 0)]);

    // The last frame is the alarm's (the real alarm only runs if a track ends during the test).
    const pushed = nowPlayingFrames(a.messages).at(-1);
    await b.until((m) => nowPlayingFrames(m).some((np) => JSON.stringify(np) === JSON.stringify(pushed)));
    expect(pushed!.stationId).toBe(station);
    expect(pushed!.listeners).toBe(2);
    // What GET answered just before or just after (a boundary may fall in between).
    expect([before.current, after.current]).toContainEqual(pushed!.current);
    const matching = pushed!.current!.startedAt === before.current!.startedAt ? before : after;
    expect(pushed!.next).toEqual(matching.next);
    expect(pushed!.history).toEqual(matching.history);
    const serverTime = Date.parse(pushed!.serverTime);
    expect(serverTime).toBeGreaterThanOrEqual(Date.parse(before.serverTime));
    expect(serverTime).toBeLessThanOrEqual(Date.parse(after.serverTime));

    expect(await alarmOf(station)).toBe(Date.parse(pushed!.current!.endsAt) + ALARM_SLACK_MS);
  });

  it("still pushes after the hub hibernates (the station id comes back from storage)", async () => {
    const station = await freshStation();
    const socket = await connect(station, await createUser("vip"));
    await untilCount(socket, 1);
    await evictDurableObject(hub(station));
    const before = await nowPlaying(station);
    expect(before.listeners).toBe(1);
    expect(await runDurableObjectAlarm(hub(station))).toBe(true);
    const after = await nowPlaying(station);
    await socket.until((m) => nowPlayingFrames(m).length > 0);
    const pushed = nowPlayingFrames(socket.messages).at(-1);
    expect(pushed!.stationId).toBe(station);
    expect([before.current, after.current]).toContainEqual(pushed!.current);
    socket.ws.send("ping");
    await socket.until((m) => m.includes("pong"));
  });

  it("stops (no frame, no new alarm) once its station is removed", async () => {
    const station = await freshStation();
    const socket = await connect(station, await createUser("vip"));
    await untilCount(socket, 1);
    await D1.prepare("DELETE FROM radio_stations WHERE id = ?").bind(station).run();
    forget("music:");
    expect(await runDurableObjectAlarm(hub(station))).toBe(true);
    expect(await alarmOf(station)).toBeNull();
    socket.ws.send("ping");
    await socket.until((m) => m.includes("pong"));
    expect(nowPlayingFrames(socket.messages)).toEqual([]);
  });

  it("sends nothing and sleeps (no new alarm) when nobody listens", async () => {
    const station = await freshStation();
    const socket = await connect(station, await createUser("vip"));
    await untilCount(socket, 1);
    socket.ws.close(1000, "bye");
    await socket.closed;
    // The hub has no open socket left once its count says so.
    await expect.poll(() => runInDurableObject(hub(station), (i: StationHub) => i.listenerCount())).toBe(0);
    expect(await runDurableObjectAlarm(hub(station))).toBe(true);
    expect(await alarmOf(station)).toBeNull();
    expect(nowPlayingFrames(socket.messages)).toEqual([]);
  });

  it("wakes a stream station's hub every minute (no track ends) to re-check its sessions", async () => {
    const station = await freshStation("stream");
    const member = await createUser("vip");
    const before = Date.now();
    const target = await connect(station, member);
    const other = await connect(station, await createUser("vip"));
    await Promise.all([untilCount(target, 2), untilCount(other, 2)]);
    const alarm = await alarmOf(station);
    expect(alarm).toBeGreaterThanOrEqual(before + 60_000);
    expect(alarm).toBeLessThanOrEqual(Date.now() + 60_000);

    await db().update(users).set({ status: "banned" }).where(eq(users.id, member.id));
    await runInDurableObject(hub(station), (instance: StationHub) => {
      (instance as unknown as { sessions: { confirmedAt: Map<string, number> } }).sessions.confirmedAt.clear();
    });
    expect(await runDurableObjectAlarm(hub(station))).toBe(true);
    expect(await target.closed).toEqual({ code: SOCKET_CLOSE_SESSION_ENDED });
    await other.until((m) => nowPlayingFrames(m).length > 0);
    expect(nowPlayingFrames(other.messages)[0]!.current).toBeNull();
  });

  it("stops pushing to a member banned since, and closes their socket (4401)", async () => {
    const station = await freshStation();
    const member = await createUser("vip");
    const target = await connect(station, member);
    const other = await connect(station, await createUser("vip"));
    await Promise.all([untilCount(target, 2), untilCount(other, 2)]);
    await db().update(users).set({ status: "banned" }).where(eq(users.id, member.id));
    // Make the hub ask D1 about every session before its next push.
    await runInDurableObject(hub(station), (instance: StationHub) => {
      (instance as unknown as { sessions: { confirmedAt: Map<string, number> } }).sessions.confirmedAt.clear();
    });
    expect(await runDurableObjectAlarm(hub(station))).toBe(true);
    expect(await target.closed).toEqual({ code: SOCKET_CLOSE_SESSION_ENDED });
    // The station keeps its own clock: a track that ended during the test was pushed to both before
    // the ban. The push that asked D1 again reached the other listener and not the banned one.
    await other.until((m) => nowPlayingFrames(m).length > nowPlayingFrames(target.messages).length);
  });
});

describe("StationHub: sockets live as long as their session", () => {
  it("closes the socket of a session that logs out (4401), and only that session's", async () => {
    const station = await freshStation();
    const member = await createUser("vip");
    const mine = await connect(station, member);
    const theirs = await connect(station, await createUser("vip"));
    await Promise.all([untilCount(mine, 2), untilCount(theirs, 2)]);
    expect((await call("/api/auth/logout", { method: "POST", cookie: member.cookie })).status).toBe(204);
    expect(await mine.closed).toEqual({ code: SOCKET_CLOSE_SESSION_ENDED });
    await untilCount(theirs, 1);
    expect(theirs.isClosed()).toBe(false);
    expect((await nowPlaying(station)).listeners).toBe(1);
  });

  it("closes every radio socket of a member whose password is reset, on every station", async () => {
    const [one, two] = [await freshStation(), await freshStation()];
    const member = await createUser("vip");
    const sockets = [await connect(one, member), await connect(two, member)];
    const bystander = await connect(one, await createUser("vip"));
    const token = randomToken(32);
    await db()
      .insert(passwordResets)
      .values({ tokenHash: await sha256Hex(token), userId: member.id, expiresAt: new Date(Date.now() + 60_000) });
    const res = await call("/api/auth/reset/confirm", { json: { token, password: "new-secret-123", confirmPassword: "new-secret-123" } });
    expect(res.status).toBe(200);
    for (const socket of sockets) expect(await socket.closed).toEqual({ code: SOCKET_CLOSE_SESSION_ENDED });
    await untilCount(bystander, 1);
    expect(bystander.isClosed()).toBe(false);
  });
});

describe("StationHub: frames a client sends", () => {
  const BAD_FRAME = JSON.stringify({ type: "error", code: "bad_frame" } satisfies RadioServerFrame);
  const withoutCounts = (messages: string[]) => messages.filter((m) => !m.includes('"listeners"'));

  it("answers ping with pong", async () => {
    const socket = await connect(await freshStation(), await createUser("vip"));
    socket.ws.send("ping");
    socket.ws.send("ping");
    await socket.until((m) => withoutCounts(m).length === 2);
    expect(withoutCounts(socket.messages)).toEqual(["pong", "pong"]);
  });

  it("answers bad frames with one error frame and keeps the socket open", async () => {
    const socket = await connect(await freshStation(), await createUser("vip"));
    socket.ws.send("hello");
    socket.ws.send(JSON.stringify({ type: "ping" }));
    socket.ws.send(new Uint8Array([0x70, 0x69, 0x6e, 0x67])); // "ping", but binary
    socket.ws.send("x".repeat(4096));
    socket.ws.send("PING");
    socket.ws.send("ping");
    // Frames on one socket are handled in order: the pong comes after every bad frame was seen.
    await socket.until((m) => m.includes("pong"));
    expect(withoutCounts(socket.messages)).toEqual([BAD_FRAME, "pong"]);
    expect(socket.isClosed()).toBe(false);
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
  });

  it("answers an abnormal or code-less close without throwing", async () => {
    const station = await freshStation();
    await runInDurableObject(hub(station), async (instance: StationHub) => {
      for (const [code, answer] of CLOSE_ANSWERS) {
        const pair = new WebSocketPair();
        const peer = acceptSocket(pair[0]);
        pair[1].accept();
        await expect(instance.webSocketClose(pair[1], code)).resolves.toBeUndefined();
        expect(await peer.closed).toEqual({ code: answer });
      }
    });
  });
});
