// Page views held in memory and written to D1 together: D1 has one writer and counts its quota in
// rows, so a flush is one multi-row INSERT (the rows travel as one JSON parameter, which also keeps
// clear of D1's 100 bound parameters a statement) rather than one write per view.
//
// Sessions are assigned at flush time: a visitor's view within SESSION_GAP_MS of their previous
// one continues its session, otherwise it starts a new one. The previous view comes from memory
// (recent visitors) or, for a visitor not seen since this buffer started, from D1: one lookup for
// all such visitors of a flush.
//
// A failed flush keeps its views, sessions assigned, for the next attempt.
import { SESSION_GAP_MS } from "#contracts/collect.ts";
import { randomToken } from "../../lib/crypto";

export type Device = "mobile" | "desktop";

/** A counted view as the Worker hands it over: digests only, never an IP or a user agent. */
export type IncomingView = {
  at: number;
  path: string;
  referrerHost: string | null;
  visitorId: string;
  /** HMAC of the client IP under the day's salt: the rate-limit key. */
  ipKey: string;
  device: Device;
  signedIn: boolean;
};

type PendingView = Omit<IncomingView, "ipKey"> & { sessionId?: string };

export type AddOutcome = "buffered" | "rate_limited" | "buffer_full";

export type BufferLimits = {
  /** Views one client IP may report per minute; the rest are dropped. */
  perIpPerMinute: number;
  /** Views held at most while D1 refuses them (memory is finite); newer ones are dropped. */
  maxPending: number;
};

/** Rows per INSERT statement: a flush of more (after failures) is several statements in one batch. */
const ROWS_PER_STATEMENT = 500;

const INSERT_SQL = `INSERT INTO page_views (at, path, referrer_host, visitor_id, session_id, device, signed_in)
SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]'),
  json_extract(value, '$[4]'), json_extract(value, '$[5]'), json_extract(value, '$[6]')
FROM json_each(?1)`;

/** Each listed visitor's latest view since ?2, with its session (SQLite takes the bare column from the max row). */
const LATEST_VIEW_SQL = `SELECT visitor_id, session_id, max(at) AS at FROM page_views
WHERE visitor_id IN (SELECT value FROM json_each(?1)) AND at >= ?2 GROUP BY visitor_id`;

type Session = { sessionId: string; lastAt: number };

export class PageViewBuffer {
  private pending: PendingView[] = [];
  /** Visitors' current sessions, pruned once idle longer than SESSION_GAP_MS. */
  private sessions = new Map<string, Session>();
  private rateWindow = -1;
  private rateCounts = new Map<string, number>();
  private inFlight: Promise<number> | null = null;

  constructor(
    private readonly d1: D1Database,
    private readonly limits: BufferLimits,
  ) {}

  get size() {
    return this.pending.length;
  }

  /** Takes one view unless its IP is over the per-minute limit or the buffer is full. */
  add(view: IncomingView): AddOutcome {
    const window = Math.floor(view.at / 60_000);
    if (window > this.rateWindow) {
      this.rateWindow = window;
      this.rateCounts.clear();
    }
    const count = (this.rateCounts.get(view.ipKey) ?? 0) + 1;
    this.rateCounts.set(view.ipKey, count);
    if (count > this.limits.perIpPerMinute) return "rate_limited";
    if (this.pending.length >= this.limits.maxPending) return "buffer_full";
    const { ipKey: _ipKey, ...kept } = view;
    this.pending.push(kept);
    return "buffered";
  }

  /** Writes every buffered view to D1; resolves with how many. On failure the views stay buffered. */
  async flush(now = Date.now()): Promise<number> {
    // One flush at a time: views added meanwhile go in the next one.
    while (this.inFlight) await this.inFlight.catch(() => 0);
    if (this.pending.length === 0) return 0;
    const run = this.write(now);
    this.inFlight = run;
    try {
      return await run;
    } finally {
      this.inFlight = null;
    }
  }

  private async write(now: number): Promise<number> {
    const batch = this.pending;
    this.pending = [];
    try {
      await this.assignSessions(batch);
      const statements: D1PreparedStatement[] = [];
      for (let i = 0; i < batch.length; i += ROWS_PER_STATEMENT) {
        const rows = batch.slice(i, i + ROWS_PER_STATEMENT).map((v) => [v.at, v.path, v.referrerHost, v.visitorId, v.sessionId, v.device, v.signedIn ? 1 : 0]);
        statements.push(this.d1.prepare(INSERT_SQL).bind(JSON.stringify(rows)));
      }
      if (statements.length === 1) await statements[0]!.run();
      else await this.d1.batch(statements);
    } catch (error) {
      this.pending = batch.concat(this.pending);
      throw error;
    }
    this.pruneSessions(now);
    return batch.length;
  }

  /** Gives each view without a session one, in time order. */
  private async assignSessions(batch: PendingView[]) {
    const open = batch.filter((v) => v.sessionId === undefined).sort((a, b) => a.at - b.at);
    if (open.length === 0) return;
    const unknown = [...new Set(open.map((v) => v.visitorId).filter((id) => !this.sessions.has(id)))];
    if (unknown.length > 0) {
      const since = open[0]!.at - SESSION_GAP_MS;
      const { results } = await this.d1
        .prepare(LATEST_VIEW_SQL)
        .bind(JSON.stringify(unknown), since)
        .all<{ visitor_id: string; session_id: string; at: number }>();
      for (const row of results) this.sessions.set(row.visitor_id, { sessionId: row.session_id, lastAt: row.at });
    }
    for (const view of open) {
      const current = this.sessions.get(view.visitorId);
      if (current && view.at - current.lastAt <= SESSION_GAP_MS) {
        view.sessionId = current.sessionId;
        current.lastAt = Math.max(current.lastAt, view.at);
      } else {
        view.sessionId = randomToken(12);
        this.sessions.set(view.visitorId, { sessionId: view.sessionId, lastAt: view.at });
      }
    }
  }

  private pruneSessions(now: number) {
    for (const [visitor, session] of this.sessions) if (now - session.lastAt > SESSION_GAP_MS) this.sessions.delete(visitor);
  }
}
