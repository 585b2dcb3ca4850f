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
  const counted = new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop === "prepare") return (query: string) => wrapStatement(target.prepare(query));
      if (prop === "batch")
        return (list: D1PreparedStatement[]) => {
          statements += list.length;
          // Unwrap: D1 batches only its own statement objects.
          return target.batch(list.map((s) => (s as unknown as { [UNWRAP]?: D1PreparedStatement })[UNWRAP] ?? s));
        };
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db: counted, count: () => statements };
}
