// Counts the D1 statements a request runs, for the query-budget tests (counts, not timings).
const UNWRAP = Symbol("unwrap");

/** A D1 binding that counts the statements run through it (a batch counts each of its statements). */
export function countingD1(db: D1Database) {
  let statements = 0;
  const wrapStatement = (stmt: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(stmt, {
      get(target, prop, receiver) {
        if (prop === UNWRAP) return target;
        const value = Reflect.get(target, prop, receiver);
        if (typeof value !== "function") return value;
        if (prop === "bind") return (...args: unknown[]) => wrapStatement(value.apply(target, args));
        if (["all", "run", "first", "raw"].includes(String(prop))) {
          return (...args: unknown[]) => {
            statements++;
            return value.apply(target, args);
          };
        }
        return value.bind(target);
      },
    });
  // The Worker reads through a D1 session (env.DB.withSession): the session is counted too.
  const wrapDatabase = <T extends D1Database | D1DatabaseSession>(database: T): T =>
    new Proxy(database, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (prop === "prepare") return (query: string) => wrapStatement(target.prepare(query));
        if (prop === "withSession") return (...args: unknown[]) => wrapDatabase((target as D1Database).withSession(...(args as [string])));
        if (prop === "batch")
          return (list: D1PreparedStatement[]) => {
            statements += list.length;
            // Unwrap: D1 batches only its own statement objects.
            return target.batch(list.map((s) => (s as unknown as { [UNWRAP]?: D1PreparedStatement })[UNWRAP] ?? s));
          };
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  const counted = wrapDatabase(db);
  return { db: counted, count: () => statements };
}

/**
 * `new Proxy(db, handler)` for a test that steps into the Worker's D1 calls: the Worker reads
 * through a session (env.DB.withSession), which gets the same handler.
 */
export function proxyD1(db: D1Database, handler: ProxyHandler<D1Database>): D1Database {
  const sessionAware: ProxyHandler<D1Database> = {
    ...handler,
    get(target, prop, receiver) {
      if (prop === "withSession") return (...args: [string?]) => new Proxy(target.withSession(...args) as unknown as D1Database, sessionAware);
      return handler.get ? handler.get(target, prop, receiver) : Reflect.get(target, prop, receiver);
    },
  };
  return new Proxy(db, sessionAware);
}
