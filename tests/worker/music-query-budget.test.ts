// How many D1 statements each catalog request runs (goal: at most 2). Counts, not timings, so
// the budget is asserted; the figures are printed for the README too.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { afterAll, describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { createUser, ORIGIN } from "./helpers";

const UNWRAP = Symbol("unwrap");

/** A D1 binding that counts the statements run through it (a batch counts each of its statements). */
function countingD1(db: D1Database) {
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

async function statementsFor(path: string, init: RequestInit = {}) {
  const { db, count } = countingD1(env.DB);
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(ORIGIN + path, init), { ...env, DB: db }, ctx);
  await waitOnExecutionContext(ctx);
  expect(res.status, path).toBe(200);
  await res.arrayBuffer();
  return count();
}

const figures: [string, number][] = [];

describe("D1 statements per catalog request", () => {
  it.each([
    ["GET /api/music/albums", "/api/music/albums"],
    ["GET /api/music/albums/:id", "/api/music/albums/moonlight-boulevard"],
    ["GET /api/music/tracks", "/api/music/tracks"],
    ["GET /api/music/tracks/:id", "/api/music/tracks/spring-love"],
    ["GET /api/music/stats", "/api/music/stats"],
  ])("%s runs at most 2 (visitor)", async (name, path) => {
    const n = await statementsFor(path);
    figures.push([name, n]);
    expect(n).toBeLessThanOrEqual(2);
  });

  it("a signed-in request adds only the session lookup", async () => {
    const vip = await createUser("vip");
    const n = await statementsFor("/api/music/tracks", { headers: { cookie: vip.cookie } });
    figures.push(["GET /api/music/tracks (signed in)", n]);
    expect(n).toBeLessThanOrEqual(4);
  });

  afterAll(() => {
    console.log(`D1 statements per request:\n${figures.map(([name, n]) => `  ${name}: ${n}`).join("\n")}`);
  });
});
