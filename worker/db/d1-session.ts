// Every request reads D1 through one D1 Sessions API session (env.DB.withSession), which lets
// reads go to the nearest read replica while keeping them sequentially consistent. The session is
// wrapped to count its round trips, by where the Sessions API routes them:
// - a write (anything but a SELECT) goes to the primary;
// - with "first-primary", so does the session's first query;
// - a read after a write in the same session is counted as the primary's (a replica may not have
//   caught up with it yet, so D1 may send it there);
// - every other read may be served by a replica.
// The counts feed the request log and the trip tests. Locally (never in production) a simulated
// latency per trip can be added, to measure what a far-away fan would wait (npm run measure:edge).

/** D1 round trips this request has made so far, by where they went. */
export type D1Trips = { primary: number; replica: number };

/**
 * How a request's session starts: at the primary (a signed-in request, whose first query is the
 * session check, so a revoked session, a ban or a lapsed VIP counts at once), from a bookmark the
 * browser brought back (its own earlier writes are visible), or wherever is nearest.
 */
export type SessionStart = "first-primary" | "first-unconstrained" | { bookmark: string };

/** Milliseconds added before each trip, by where it goes (simulation only). */
export type SimulatedLatency = { primaryMs: number; replicaMs: number };

export type CountedD1 = {
  /** The session as a D1Database for drizzle and raw statements (prepare, batch). */
  database: D1Database;
  trips: D1Trips & { writes: number };
  /** The newest point in the database this session has seen, for the next request to start at. */
  bookmark: () => string | null;
  start: SessionStart;
};

const READ_ONLY = /^\s*(?:select|explain)\b/i;
const WRITE_KEYWORD = /\b(?:insert|update|delete|replace)\b/i;

/** True for a statement that only reads (a WITH … SELECT counts unless it writes). */
export function isReadOnly(sql: string): boolean {
  if (READ_ONLY.test(sql)) return true;
  return /^\s*with\b/i.test(sql) && !WRITE_KEYWORD.test(sql);
}

const wait = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

export function openCountedSession(d1: D1Database, start: SessionStart, latency?: SimulatedLatency): CountedD1 {
  const session = d1.withSession(typeof start === "string" ? start : start.bookmark);
  const trips = { primary: 0, replica: 0, writes: 0 };
  let wrote = false;

  async function trip<T>(sqls: string[], run: () => Promise<T>): Promise<T> {
    const writes = sqls.some((sql) => !isReadOnly(sql));
    const first = trips.primary + trips.replica === 0;
    const toPrimary = writes || wrote || (first && start === "first-primary");
    if (toPrimary) trips.primary++;
    else trips.replica++;
    if (writes) {
      trips.writes++;
      wrote = true;
    }
    if (latency) await wait(toPrimary ? latency.primaryMs : latency.replicaMs);
    return run();
  }

  const inner = new WeakMap<D1PreparedStatement, D1PreparedStatement>();
  const sqlOf = new WeakMap<D1PreparedStatement, string>();

  function wrap(statement: D1PreparedStatement, sql: string): D1PreparedStatement {
    const counted = {
      bind: (...values: unknown[]) => wrap(statement.bind(...values), sql),
      first: (column?: string) => trip([sql], () => (column === undefined ? statement.first() : statement.first(column))),
      run: () => trip([sql], () => statement.run()),
      all: () => trip([sql], () => statement.all()),
      raw: (options?: { columnNames?: boolean }) => trip([sql], () => statement.raw(options as { columnNames: true })),
    } as unknown as D1PreparedStatement;
    inner.set(counted, statement);
    sqlOf.set(counted, sql);
    return counted;
  }

  const database = {
    prepare: (sql: string) => wrap(session.prepare(sql), sql),
    batch: <T>(statements: D1PreparedStatement[]) =>
      trip(
        statements.map((s) => sqlOf.get(s) ?? ""),
        () => session.batch<T>(statements.map((s) => inner.get(s) ?? s)),
      ),
    exec: () => Promise.reject(new Error("exec is not available on a D1 session; use prepare")),
    withSession: () => {
      throw new Error("a request's D1 session cannot open another");
    },
  } as unknown as D1Database;

  return { database, trips, bookmark: () => session.getBookmark(), start };
}

/** "150/10" → 150 ms a primary trip, 10 ms a replica trip; anything else → none. */
export function parseSimulatedLatency(value: string | undefined): SimulatedLatency | undefined {
  const match = /^\s*(\d{1,4})\s*\/\s*(\d{1,4})\s*$/.exec(value ?? "");
  return match ? { primaryMs: Number(match[1]), replicaMs: Number(match[2]) } : undefined;
}
