// Cloudflare Stream Live over plain fetch (decision 113): a show's live input (recording on,
// signed URLs required), its ingest details, its recordings, and viewers' signed playback tokens
// (RS256 with the account's signing key, `kid` in the header and the claims, `sub` the live input
// for the live edge or the recording's video for the replay). Loaded with the first use.
import { importJWK, SignJWT } from "jose";
import type { StreamConfig } from "./stream-config";
import { LIVE_TOKEN_SECONDS } from "#contracts/live-limits.ts";

export class StreamError extends Error {}

type Envelope<T> = { success: boolean; result: T; errors?: { code: number; message: string }[] };

async function call<T>(config: StreamConfig, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${config.apiBase}/accounts/${encodeURIComponent(config.accountId)}/stream${path}`, {
    method,
    headers: { authorization: `Bearer ${config.apiToken}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json().catch(() => null)) as Envelope<T> | null;
  if (!res.ok || !answer?.success) {
    throw new StreamError(`Stream ${method} ${path} answered ${res.status}: ${answer?.errors?.map((e) => e.message).join("; ") ?? "no body"}`);
  }
  return answer.result;
}

export type StreamLiveInput = {
  uid: string;
  rtmps?: { url: string; streamKey: string };
  srt?: { url: string; streamId?: string; passphrase?: string };
};

/** A new live input for a show: every broadcast recorded, the recordings playable by signed URL only. */
export const createLiveInput = (config: StreamConfig, name: string) =>
  call<StreamLiveInput>(config, "POST", "/live_inputs", { meta: { name }, recording: { mode: "automatic", requireSignedURLs: true } });

export const getLiveInput = (config: StreamConfig, uid: string) => call<StreamLiveInput>(config, "GET", `/live_inputs/${encodeURIComponent(uid)}`);

/** The newest recording of a live input, or null while it has none. */
export async function latestRecording(config: StreamConfig, inputUid: string): Promise<string | null> {
  const videos = await call<{ uid: string; created?: string }[]>(config, "GET", `/live_inputs/${encodeURIComponent(inputUid)}/videos`);
  const newest = [...videos].sort((a, b) => (b.created ?? "").localeCompare(a.created ?? ""))[0];
  return newest?.uid ?? null;
}

/** A viewer's signed token for a live input or a video, expiring with the show's own tokens. */
export async function signStreamToken(config: StreamConfig, sub: string, now = Date.now()) {
  const jwk = JSON.parse(atob(config.signingKeyJwk)) as JsonWebKey;
  const key = await importJWK({ ...jwk, alg: "RS256" }, "RS256");
  const expiresAt = Math.floor(now / 1000) + LIVE_TOKEN_SECONDS;
  const token = await new SignJWT({ kid: config.signingKeyId })
    .setProtectedHeader({ alg: "RS256", kid: config.signingKeyId })
    .setSubject(sub)
    .setExpirationTime(expiresAt)
    .sign(key);
  return { token, expiresAt: new Date(expiresAt * 1000) };
}

export const streamPlaylistUrl = (config: StreamConfig, token: string) =>
  `https://customer-${config.customerCode}.cloudflarestream.com/${token}/manifest/video.m3u8`;
