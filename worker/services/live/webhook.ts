// Cloudflare Stream's notices to POST /api/webhooks/stream (decision 113), loaded with the
// first one. A live input's `live_input.connected` puts its show on air (and claims the "is live"
// notification) or, after a drop, takes the drop back; `live_input.disconnected` starts the
// reconnect window of a show that is live (reconnect.ts ends it after); `live_input.errored` is
// logged. Each notice applies once (its type and time, per show, in live_state_events), and one
// older than a notice already applied changes nothing. A video's notice (`readyToStream` with its
// `liveInput`) records the show's recording for the replay.
import type { Context } from "hono";
import type { HonoEnv } from "../../types";
import { routeError } from "../../lib/errors";
import { checkStreamWebhookSignature } from "../../lib/stream-webhook-signature";
import { claimStateEvent, findEventIdByStreamInput, markShowLive, markSourceBack, markSourceLost, setStreamVideoUid } from "../../db/live";
import { notifyShowLive } from "./notify";

type LiveInputNotice = { data?: { input_id?: unknown; event_type?: unknown; updated_at?: unknown }; ts?: unknown };
type VideoNotice = { uid?: unknown; liveInput?: unknown; readyToStream?: unknown };

export async function handleStreamWebhook(c: Context<HonoEnv>) {
  const secret = c.env.STREAM_WEBHOOK_SECRET;
  if (!secret) throw routeError("not_found");
  const body = await c.req.text();
  const now = Date.now();
  const checked = await checkStreamWebhookSignature(secret, c.req.header("webhook-signature") ?? null, body, now);
  if (checked === "malformed") throw routeError("invalid_signature", { status: 400 });
  if (checked !== "ok") throw routeError("invalid_signature", { status: 401 });
  let notice: LiveInputNotice & VideoNotice;
  try {
    notice = JSON.parse(body) as LiveInputNotice & VideoNotice;
  } catch {
    throw routeError("bad_request");
  }
  const db = c.var.db;
  const data = notice.data;
  if (data && typeof data.input_id === "string" && typeof data.event_type === "string") {
    const eventId = await findEventIdByStreamInput(db, data.input_id);
    if (!eventId) return c.json({ applied: false });
    const at =
      typeof data.updated_at === "string" && !Number.isNaN(Date.parse(data.updated_at)) ? Date.parse(data.updated_at) : Number(notice.ts) * 1000 || now;
    if (data.event_type === "live_input.errored") {
      console.warn(`live: Stream reports an error on the input of ${eventId}`);
      return c.json({ applied: false });
    }
    if (data.event_type !== "live_input.connected" && data.event_type !== "live_input.disconnected") return c.json({ applied: false });
    if (!(await claimStateEvent(db, eventId, `${data.event_type}:${at}`, at))) return c.json({ applied: false });
    if (data.event_type === "live_input.connected") {
      const started = await markShowLive(db, eventId, at);
      if (started?.notify) c.executionCtx.waitUntil(notifyShowLive(c.env, db, eventId));
      return c.json({ applied: started !== null || (await markSourceBack(db, eventId, at)) });
    }
    return c.json({ applied: await markSourceLost(db, eventId, at) });
  }
  if (typeof notice.uid === "string" && typeof notice.liveInput === "string" && notice.readyToStream === true) {
    const eventId = await findEventIdByStreamInput(db, notice.liveInput);
    if (!eventId) return c.json({ applied: false });
    await setStreamVideoUid(db, eventId, notice.uid);
    return c.json({ applied: true });
  }
  return c.json({ applied: false });
}
