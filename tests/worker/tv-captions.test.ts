// Captions of the TV videos: the stream route lists the WebVTT tracks a channel has in R2 (en,
// pt-BR), each URL signed like the video's, and /media/tv/:id/captions/:lang serves them as
// text/vtt to the holder of that video token only.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { forget } from "../../worker/lib/memo";
import { signMediaToken } from "../../worker/lib/media-token";
import { tvCaptionsKey, type TvStreamResponse } from "../../worker/contracts/tv";
import { call, createUser, errorOf, ORIGIN, type TestUser } from "./helpers";

const media = (env as unknown as { MEDIA: R2Bucket }).MEDIA;
const SESSION_SECRET = (env as unknown as { SESSION_SECRET: string }).SESSION_SECRET;

const VTT_EN = "WEBVTT\n\n00:00:00.000 --> 00:00:04.000\n♪ Spring Love ♪\n";
const VTT_PT = "WEBVTT\n\n00:00:00.000 --> 00:00:04.000\n♪ Spring Love ♪ (legendas de demonstração)\n";

const undo: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (undo.length) await undo.pop()!();
  forget("music:");
});

async function putText(key: string, text: string) {
  await media.put(key, text);
  undo.push(() => media.delete(key));
}

async function videoOf(channelId: string, user: TestUser) {
  const res = await call(`/api/tv/channels/${channelId}/stream`, { method: "POST", cookie: user.cookie });
  expect(res.status).toBe(200);
  const body = await res.json<TvStreamResponse>();
  if (body.kind !== "video") throw new Error("expected a video");
  return body;
}

const tokenOf = (url: string) => new URL(url, ORIGIN).searchParams.get("token")!;
const captionsUrl = (channelId: string, lang: string, token: string) => `/media/tv/${channelId}/captions/${lang}?token=${encodeURIComponent(token)}`;

async function expectStatus(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect((await errorOf(res)).code).toBe(code);
}

describe("POST /api/tv/channels/:id/stream: captions", () => {
  it("lists the caption files the channel has, signed with the video's token", async () => {
    const vip = await createUser("vip");
    expect((await videoOf("spring-love-video", vip)).captions).toEqual([]);

    await putText(tvCaptionsKey("spring-love-video", "en"), VTT_EN);
    await putText(tvCaptionsKey("spring-love-video", "pt-BR"), VTT_PT);
    const body = await videoOf("spring-love-video", vip);
    const token = tokenOf(body.url);
    expect(body.captions).toEqual([
      { lang: "en", url: captionsUrl("spring-love-video", "en", token) },
      { lang: "pt-BR", url: captionsUrl("spring-love-video", "pt-BR", token) },
    ]);
    // Another channel has none.
    expect((await videoOf("waiting-for-your-love-video", vip)).captions).toEqual([]);
  });
});

describe("GET /media/tv/:id/captions/:lang", () => {
  it("serves the WebVTT file as text/vtt, privately, in both languages", async () => {
    await putText(tvCaptionsKey("spring-love-video", "en"), VTT_EN);
    await putText(tvCaptionsKey("spring-love-video", "pt-BR"), VTT_PT);
    const body = await videoOf("spring-love-video", await createUser("vip"));
    for (const [track, text] of [
      [body.captions[0]!, VTT_EN],
      [body.captions[1]!, VTT_PT],
    ] as const) {
      const res = await call(track.url);
      expect(res.status, track.lang).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
      expect(res.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
      expect(await res.text()).toBe(text);
    }
  });

  it("asks for the video's token: none, a track's, another channel's or an expired one is 403 media_token_invalid", async () => {
    await putText(tvCaptionsKey("spring-love-video", "en"), VTT_EN);
    const vip = await createUser("vip");
    await expectStatus(await call("/media/tv/spring-love-video/captions/en", { cookie: vip.cookie }), 403, "media_token_invalid");
    const track = await signMediaToken(SESSION_SECRET, vip.id, "track", "spring-love-video");
    await expectStatus(await call(captionsUrl("spring-love-video", "en", track.token)), 403, "media_token_invalid");
    const other = tokenOf((await videoOf("live", vip)).url);
    await expectStatus(await call(captionsUrl("spring-love-video", "en", other)), 403, "media_token_invalid");
    const expired = await signMediaToken(SESSION_SECRET, vip.id, "video", "spring-love-video", Date.now() - 11 * 60_000);
    await expectStatus(await call(captionsUrl("spring-love-video", "en", expired.token)), 403, "media_token_invalid");
    // The video's own token opens it.
    const video = await signMediaToken(SESSION_SECRET, vip.id, "video", "spring-love-video");
    const opened = await call(captionsUrl("spring-love-video", "en", video.token));
    expect(opened.status).toBe(200);
    // Read to the end: an R2 body left open is cut off by the next file's reset() (workerd logs a trace).
    expect(await opened.text()).toBe(VTT_EN);
  });

  it("answers 404 not_found for a language without a file, an unknown language or a malformed id", async () => {
    await putText(tvCaptionsKey("spring-love-video", "en"), VTT_EN);
    const vip = await createUser("vip");
    const token = (await signMediaToken(SESSION_SECRET, vip.id, "video", "spring-love-video")).token;
    await expectStatus(await call(captionsUrl("spring-love-video", "pt-BR", token)), 404, "not_found");
    await expectStatus(await call(captionsUrl("spring-love-video", "fr", token)), 404, "not_found");
    await expectStatus(await call(captionsUrl("spring-love-video", "..%2Fvideos%2Fspring-love-video.mp4", token)), 404, "not_found");
    const bad = (await signMediaToken(SESSION_SECRET, vip.id, "video", "Bad_ID")).token;
    await expectStatus(await call(captionsUrl("Bad_ID", "en", bad)), 404, "not_found");
  });
});
