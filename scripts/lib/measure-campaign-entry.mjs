// The Worker as scripts/measure-campaign.mjs runs it: the notification measurement's entry
// (measure-notify-entry.mjs: the real Worker, its queue consumers given a D1 that counts what they
// run, and /__measure/d1) with the campaign's own figures added. Never deployed.
// What it adds:
// - each campaign queue message is sorted by what the step did, read from the campaign row before
//   it (uncounted): "start" (a scheduled start), "snapshot" (a page of the audience written as
//   recipient rows), "send" (up to STEP_RECIPIENTS mailed), "finish" (nothing left: marked sent);
//   the counted D1 work is kept per kind, so the figures per step are measured, not read off code;
// - /__measure/campaign?id= (loopback only): those per-kind counts, the campaign's own clock, its
//   recipient rows by status, and the local outbox (rows, rows of this campaign, distinct keys and
//   addresses), plus what one outbox row costs in D1 rows written (a probe row, removed again);
// - POST /__measure/campaign-reset: the per-kind counts back to zero.
import measured from "./measure-notify-entry.mjs";
import { SNAPSHOT_DONE } from "../../worker/db/campaigns.ts";

export * from "../../worker/index.ts";

/** The campaign queue (wrangler.toml); the notification queue's batches pass through untouched. */
const CAMPAIGN_QUEUE = "freestyle-lovers-campaigns";
const KINDS = ["start", "snapshot", "send", "finish", "other"];
const zero = () => ({ messages: 0, ms: 0, queries: 0, batches: 0, batchStatements: 0, rowsRead: 0, rowsWritten: 0 });
let byKind = Object.fromEntries(KINDS.map((k) => [k, zero()]));

const loopback = (url) => ["127.0.0.1", "localhost", "[::1]"].includes(new URL(url).hostname);

/** The wrapped entry's running D1 counts (its /__measure/d1, called in-process). */
async function d1Counts(env, ctx) {
  const response = await measured.fetch(new Request("http://127.0.0.1/__measure/d1"), env, ctx);
  return response.json();
}

async function kindOf(env, body) {
  if (body?.type === "start") return "start";
  if (body?.type !== "step") return "other";
  const row = await env.DB.prepare(`SELECT status, cursor FROM campaigns WHERE id = ?`).bind(body.campaignId).first();
  if (!row || row.status !== "sending") return "other";
  return row.cursor === SNAPSHOT_DONE ? "send" : "snapshot";
}

async function campaignFigures(env, id) {
  const campaign = await env.DB.prepare(
    `SELECT id, status, recipients_total, cursor, created_at, started_at, finished_at, updated_at FROM campaigns WHERE id = ?`,
  )
    .bind(id)
    .first();
  const { results: recipients } = await env.DB.prepare(`SELECT status, count(*) AS n FROM campaign_recipients WHERE campaign_id = ? GROUP BY status`)
    .bind(id)
    .all();
  const outbox = await env.DB.prepare(
    `SELECT count(*) AS total,
            coalesce(sum(idempotency_key LIKE 'campaign:' || ?1 || ':%'), 0) AS campaign,
            count(DISTINCT idempotency_key) AS keys,
            count(DISTINCT lower(to_address)) AS addresses
     FROM mail_outbox`,
  )
    .bind(id)
    .first();
  // What one outbox row costs in D1 rows written (the row and its index entries), to tell the
  // local-only outbox apart from what production writes.
  const probeKey = `measure-probe:${crypto.randomUUID()}`;
  const probe = await env.DB.prepare(
    `INSERT INTO mail_outbox (id, to_address, subject, text_body, html_body, headers, idempotency_key) VALUES (?1, 'probe@measure.example', 's', 't', 'h', '{}', ?1)`,
  )
    .bind(probeKey)
    .run();
  await env.DB.prepare(`DELETE FROM mail_outbox WHERE id = ?`).bind(probeKey).run();
  return { campaign, recipients, outbox, outboxRowWrites: probe.meta.rows_written, steps: byKind };
}

export default {
  ...measured,
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname === "/__measure/campaign" || url.pathname === "/__measure/campaign-reset") {
      if (!loopback(request.url)) return new Response("not found", { status: 404 });
      if (url.pathname === "/__measure/campaign-reset") {
        byKind = Object.fromEntries(KINDS.map((k) => [k, zero()]));
        return Response.json({ ok: true });
      }
      return Response.json(await campaignFigures(env, url.searchParams.get("id")));
    }
    return measured.fetch(request, env, ctx);
  },
  async queue(batch, env, ctx) {
    if (batch.queue !== CAMPAIGN_QUEUE) return measured.queue(batch, env, ctx);
    // max_batch_size is 1 for this queue; one message at a time keeps the per-kind split exact.
    const kind = batch.messages.length === 1 ? await kindOf(env, batch.messages[0].body) : "other";
    const before = await d1Counts(env, ctx);
    const started = Date.now();
    try {
      return await measured.queue(batch, env, ctx);
    } finally {
      const after = await d1Counts(env, ctx);
      let final = kind;
      // A send step that found nothing queued closed the campaign: that is the finishing step.
      if (kind === "send") {
        const row = await env.DB.prepare(`SELECT status FROM campaigns WHERE id = ?`).bind(batch.messages[0].body.campaignId).first();
        if (row?.status === "sent") final = "finish";
      }
      const into = byKind[final];
      into.messages += batch.messages.length;
      into.ms += Date.now() - started;
      for (const key of ["queries", "batches", "batchStatements", "rowsRead", "rowsWritten"]) into[key] += after[key] - before[key];
    }
  },
};
