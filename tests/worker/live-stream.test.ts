// Live shows on Cloudflare Stream Live (decision 113), against a fake Stream API on 127.0.0.1: the
// first save creates the show's live input (recording on, signed URLs required), the control room
// shows its ingest details to admins, viewers get a Stream token signed with the account's key
// (RS256, its kid) for the live input, and after the end one for the recording, asked of Stream
// once. A refusal from Stream stores nothing.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { decodeProtectedHeader, importJWK, jwtVerify } from "jose";
import { createUser, errorOf, type TestUser } from "./helpers";
import { callWith, showRow } from "./live-fixtures";
import { seedTicketEvent } from "./ticket-fixtures";
import type { LiveControlRoom, LiveTokenResponse } from "../../worker/contracts/live";

const D1 = (env as unknown as { DB: D1Database }).DB;
const BASE = "http://127.0.0.1:12112/client/v4";
let vars: Record<string, string>;
let publicJwk: JsonWebKey;
let admin: TestUser;

type StreamCall = { method: string; path: string; body: unknown; auth: string | null };

/** The fake Stream: records each call; a live input, its details and its one recording. */
function fakeStream({ refuse = false } = {}) {
  const calls: StreamCall[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.host !== "127.0.0.1:12112") return new Response("not the fake", { status: 599 });
    const path = url.pathname.replace("/client/v4/accounts/acct-1/stream", "");
    calls.push({
      method: init?.method ?? "GET",
      path,
      body: init?.body ? JSON.parse(String(init.body)) : null,
      auth: new Headers(init?.headers).get("authorization"),
    });
    if (refuse) return Response.json({ success: false, errors: [{ code: 10000, message: "Authentication error" }], result: null }, { status: 403 });
    const ok = (result: unknown) => Response.json({ success: true, errors: [], messages: [], result });
    if (path === "/live_inputs" && init?.method === "POST") return ok({ uid: "input-uid-1" });
    if (path === "/live_inputs/input-uid-1")
      return ok({
        uid: "input-uid-1",
        rtmps: { url: "rtmps://live.cloudflare.com:443/live/", streamKey: "secret-key" },
        srt: { url: "srt://live.cloudflare.com:778" },
      });
    if (path === "/live_inputs/input-uid-1/videos")
      return ok([
        { uid: "old-video", created: "2026-01-01T00:00:00Z" },
        { uid: "recording-uid", created: "2026-11-27T20:00:00Z" },
      ]);
    return Response.json({ success: false, errors: [{ code: 404, message: "unexpected" }] }, { status: 404 });
  });
  return calls;
}

beforeAll(async () => {
  const pair = (await crypto.subtle.generateKey(
    { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    true,
    ["sign", "verify"],
  )) as CryptoKeyPair;
  const privateJwk = (await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey;
  publicJwk = (await crypto.subtle.exportKey("jwk", pair.publicKey)) as JsonWebKey;
  vars = {
    STREAM_ACCOUNT_ID: "acct-1",
    STREAM_API_TOKEN: "stream-token",
    STREAM_CUSTOMER_CODE: "abc123",
    STREAM_SIGNING_KEY_ID: "key-id-1",
    STREAM_SIGNING_KEY_JWK: btoa(JSON.stringify({ ...privateJwk, kid: "key-id-1" })),
    STREAM_API_BASE: BASE,
  };
  admin = await createUser("admin");
});
afterEach(() => vi.restoreAllMocks());

const asJson = async <T>(res: Response) => JSON.parse(new TextDecoder().decode(await res.arrayBuffer())) as T;

describe("Stream Live", () => {
  it("creates the live input on the first save, shows its ingest to admins, and signs viewers' tokens for it", async () => {
    const calls = fakeStream();
    const eventId = await seedTicketEvent({ title: "Streamed premiere" });
    const put = await callWith(vars, `/api/admin/live/${eventId}`, {
      method: "PUT",
      cookie: admin.cookie,
      body: JSON.stringify({ access: "members" }),
      headers: { "content-type": "application/json" },
    });
    expect(put.status).toBe(201);
    const room = await asJson<LiveControlRoom>(put);
    expect(calls[0]).toEqual({
      method: "POST",
      path: "/live_inputs",
      body: { meta: { name: "Streamed premiere" }, recording: { mode: "automatic", requireSignedURLs: true } },
      auth: "Bearer stream-token",
    });
    expect(room).toMatchObject({
      local: false,
      show: { provider: "stream" },
      ingest: { rtmpsUrl: "rtmps://live.cloudflare.com:443/live/", rtmpsKey: "secret-key", srtUrl: "srt://live.cloudflare.com:778" },
    });
    expect((await showRow(eventId))!.stream_input_id).toBe("input-uid-1");
    // A second save creates no other input.
    await callWith(vars, `/api/admin/live/${eventId}`, {
      method: "PUT",
      cookie: admin.cookie,
      body: JSON.stringify({ access: "members", replayHours: 12 }),
      headers: { "content-type": "application/json" },
    });
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);

    expect((await callWith(vars, `/api/admin/live/${eventId}/start`, { method: "POST", cookie: admin.cookie })).status).toBe(200);
    const member = await createUser("user");
    const live = await callWith(vars, `/api/live/${eventId}/token`, { method: "POST", cookie: member.cookie });
    expect(live.status).toBe(200);
    const answer = await asJson<LiveTokenResponse>(live);
    expect(answer).toMatchObject({
      mode: "live",
      provider: "stream",
      playlistUrl: `https://customer-abc123.cloudflarestream.com/${answer.token}/manifest/video.m3u8`,
    });
    const key = await importJWK({ ...publicJwk, alg: "RS256" }, "RS256");
    const { payload } = await jwtVerify(answer.token, key, { algorithms: ["RS256"] });
    expect(payload).toMatchObject({ sub: "input-uid-1", kid: "key-id-1" });
    expect(decodeProtectedHeader(answer.token)).toEqual({ alg: "RS256", kid: "key-id-1" });
    expect(payload.exp! * 1000).toBe(Date.parse(answer.expiresAt));

    // After the end, the replay's token names the newest recording, asked of Stream once.
    expect((await callWith(vars, `/api/admin/live/${eventId}/end`, { method: "POST", cookie: admin.cookie })).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const replay = await asJson<LiveTokenResponse>(await callWith(vars, `/api/live/${eventId}/token`, { method: "POST", cookie: member.cookie }));
      expect(replay.mode).toBe("replay");
      expect((await jwtVerify(replay.token, key, { algorithms: ["RS256"] })).payload.sub).toBe("recording-uid");
    }
    expect(calls.filter((c) => c.path.endsWith("/videos"))).toHaveLength(1);
    expect((await showRow(eventId))!.stream_video_uid).toBe("recording-uid");
  });

  it("a refusal from Stream answers 502 stream_failed and stores no show", async () => {
    fakeStream({ refuse: true });
    const eventId = await seedTicketEvent();
    const put = await callWith(vars, `/api/admin/live/${eventId}`, {
      method: "PUT",
      cookie: admin.cookie,
      body: JSON.stringify({ access: "members" }),
      headers: { "content-type": "application/json" },
    });
    expect([put.status, (await errorOf(put)).code]).toEqual([502, "stream_failed"]);
    expect(await showRow(eventId)).toBeNull();
    const audit = await D1.prepare("SELECT count(*) AS n FROM audit_log WHERE target_id = ?").bind(eventId).first<{ n: number }>();
    expect(audit!.n).toBe(0);
  });

  it("half of Stream's secrets is a configuration error, not a silent fallback", async () => {
    const { readConfig } = await import("../../worker/env");
    expect(() => readConfig({ ...env, STREAM_ACCOUNT_ID: "acct-only" } as never)).toThrow(/STREAM_ACCOUNT_ID, STREAM_API_TOKEN/);
  });
});
