// How many D1 statements each catalog, radio or TV request runs (goal: at most 2, cold caches). Counts, not timings, so
// the budget is asserted; the figures are printed for docs/measurements.md too.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { afterAll, describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { createUser, ORIGIN } from "./helpers";
import { countingD1 } from "./d1-count";

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
    ["GET /api/radio/stations", "/api/radio/stations"],
    ["GET /api/radio/stations/:id/now-playing", "/api/radio/stations/nyc-rhythm/now-playing"],
    ["GET /api/tv/channels", "/api/tv/channels"],
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

  it("tuning in to a station adds only the session lookup to what now-playing runs", async () => {
    const vip = await createUser("vip");
    const n = await statementsFor("/api/radio/stations/spring-love/tune", {
      method: "POST",
      headers: { cookie: vip.cookie, origin: ORIGIN, "content-type": "application/json" },
      body: "{}",
    });
    figures.push(["POST /api/radio/stations/:id/tune (VIP)", n]);
    expect(n).toBeLessThanOrEqual(4);
  });

  afterAll(() => {
    console.log(`D1 statements per request:\n${figures.map(([name, n]) => `  ${name}: ${n}`).join("\n")}`);
  });
});
