// The Worker as scripts/measure-notifications.mjs runs it: the real Worker (every route, the Durable
// Objects, the real queue consumer) wrapped for measuring only. Never deployed: wrangler.toml's
// `main` is worker/index.ts; this entry is passed to `wrangler dev` by that script alone.
// What it adds:
// - the queue consumer's D1 binding counts what it runs: statements, round trips, and the rows
//   D1 reports read and written (meta.rows_read / rows_written, D1's billing units), so the figure
//   "D1 work per fan-out page" is measured rather than read off the code;
// - /__measure/* on loopback only: those counters; notifyMembers for a list of members (no route
//   of the site sends one notification to 1,000 chosen members); an event's fan-out times; and
//   broadcast() itself, used only when the back office's POST /api/admin/notify is not there.
import worker from "../../worker/index.ts";
import { createDb } from "../../worker/db/client.ts";
import { broadcast, notifyMembers } from "../../worker/services/notifications/index.ts";

export * from "../../worker/index.ts";

const counts = { invocations: 0, messages: 0, consumerMs: 0, queries: 0, batches: 0, batchStatements: 0, rowsRead: 0, rowsWritten: 0 };
/** The same counts by statement (its SQL's start, spaces folded): what a page's work is made of. */
const bySql = new Map();

const sqlKey = (sql) => String(sql).replace(/\s+/g, " ").trim().slice(0, 160);
function tally(sql, result) {
  const key = sqlKey(sql);
  const entry = bySql.get(key) ?? { sql: key, statements: 0, rowsRead: 0, rowsWritten: 0 };
  entry.statements++;
  entry.rowsRead += result?.meta?.rows_read ?? 0;
  entry.rowsWritten += result?.meta?.rows_written ?? 0;
  bySql.set(key, entry);
}

const addMeta = (result) => {
  for (const r of Array.isArray(result) ? result : [result]) {
    counts.rowsRead += r?.meta?.rows_read ?? 0;
    counts.rowsWritten += r?.meta?.rows_written ?? 0;
  }
  return result;
};

/**
 * A proxy that keeps assignments to itself. The Worker's error reporter (withSentry) instruments
 * the D1 binding it is handed, and each statement, by assigning wrapped methods onto them; through
 * a plain proxy those assignments landed on the real binding, so every later consumer invocation
 * wrapped the counting again (the k-th invocation counted each statement k times and more) and the
 * request handlers' statements, which use the real binding, were counted too.
 */
function shielded(target, get) {
  const own = new Map();
  return new Proxy(target, {
    get: (t, prop) => (own.has(prop) ? own.get(prop) : get(t, prop)),
    set: (_t, prop, value) => {
      own.set(prop, value);
      return true;
    },
  });
}

/** One counting D1 per real binding, so the error reporter instruments it once. */
const countingFor = new WeakMap();

/** D1 with every statement counted; the statement objects D1 itself gets are the real ones. */
function countingD1(d1) {
  const cached = countingFor.get(d1);
  if (cached) return cached;
  const real = new WeakMap();
  const sqlOf = new WeakMap();
  const wrap = (statement, sql) => {
    const proxy = shielded(statement, (target, prop) => {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      if (prop === "bind") return (...args) => wrap(value.apply(target, args), sql);
      if (prop === "first" || prop === "raw") {
        return (...args) => {
          counts.queries++;
          tally(sql, null);
          return value.apply(target, args);
        };
      }
      if (prop === "run" || prop === "all") {
        return async (...args) => {
          counts.queries++;
          const result = addMeta(await value.apply(target, args));
          tally(sql, result);
          return result;
        };
      }
      return value.bind(target);
    });
    real.set(proxy, statement);
    sqlOf.set(proxy, sql);
    return proxy;
  };
  const counting = shielded(d1, (target, prop) => {
    const value = Reflect.get(target, prop, target);
    if (typeof value !== "function") return value;
    if (prop === "prepare") return (sql) => wrap(value.call(target, sql), sql);
    if (prop === "batch") {
      return async (statements) => {
        counts.batches++;
        counts.batchStatements += statements.length;
        const results = addMeta(
          await value.call(
            target,
            statements.map((s) => real.get(s) ?? s),
          ),
        );
        statements.forEach((s, i) => tally(sqlOf.get(s) ?? "(not prepared here)", results[i]));
        return results;
      };
    }
    return value.bind(target);
  });
  countingFor.set(d1, counting);
  return counting;
}

const loopback = (url) => ["127.0.0.1", "localhost", "[::1]"].includes(new URL(url).hostname);

export default {
  ...worker,
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (!url.pathname.startsWith("/__measure/")) return worker.fetch(request, env, ctx);
    if (!loopback(request.url)) return new Response("not found", { status: 404 });
    if (url.pathname === "/__measure/d1") {
      const body = { ...counts, bySql: [...bySql.values()].sort((a, b) => b.statements - a.statements || b.rowsWritten - a.rowsWritten) };
      if (request.method === "POST") {
        for (const key of Object.keys(counts)) counts[key] = 0;
        bySql.clear();
      }
      return Response.json(body);
    }
    if (url.pathname === "/__measure/event") {
      // The event's own clock: when it was recorded and when its fan-out finished (D1 times, ms).
      const row = await env.DB.prepare(
        `SELECT id, created_at, fanned_out_at, recipients_total, recipients_written, (SELECT count(*) FROM notifications WHERE event_id = ?1) AS rows_now
         FROM notification_events WHERE id = ?1`,
      )
        .bind(url.searchParams.get("id"))
        .first();
      return Response.json(row);
    }
    if (url.pathname === "/__measure/broadcast" && request.method === "POST") {
      // Only when the back office's POST /api/admin/notify is not there: the same producer it calls.
      const { albumId, title, createdBy } = await request.json();
      const id = `release:${albumId}`;
      const queued = await broadcast(env, createDb(env.DB), {
        id,
        kind: "release",
        actorId: null,
        params: { title },
        link: `/music/catalog/${albumId}`,
        audience: "members",
        createdBy,
      });
      return Response.json({ id, queued });
    }
    if (url.pathname === "/__measure/notify-members" && request.method === "POST") {
      // One targeted notification (an administrator's answer, kind contact_reply) to the listed members.
      const { id, actorId, userIds } = await request.json();
      await notifyMembers(env, createDb(env.DB), { id, kind: "contact_reply", actorId, params: { excerpt: "Measurement notice" }, link: "/account" }, userIds);
      return Response.json({ queued: userIds.length });
    }
    return new Response("not found", { status: 404 });
  },
  async queue(batch, env, ctx) {
    counts.invocations++;
    counts.messages += batch.messages.length;
    const started = Date.now();
    try {
      return await worker.queue(batch, { ...env, DB: countingD1(env.DB) }, ctx);
    } finally {
      counts.consumerMs += Date.now() - started;
    }
  },
};
