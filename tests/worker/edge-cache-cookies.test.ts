// The edge cache never stores an answer that sets a cookie, even one its route marked public: a
// cookie is somebody's, and the next visitor would be handed it. The middleware is mounted here on
// two tiny routes, alike but for the cookie, so the control proves the cache is on and storing.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { Hono } from "hono";
import { setCookie } from "hono/cookie";
import { describe, expect, it } from "vitest";
import { edgeCache, EDGE_CACHE_HEADER } from "../../worker/middleware/edge-cache";
import type { HonoEnv } from "../../worker/types";
import { db, ORIGIN } from "./helpers";

const runs = { plain: 0, cookie: 0 };
const RUN = crypto.randomUUID();

const site = new Hono<HonoEnv>();
site.use("*", async (c, next) => {
  c.set("db", db());
  await next();
});
site.use("*", edgeCache);
site.get("/plain", (c) => {
  runs.plain++;
  c.header("Cache-Control", "public, max-age=60");
  return c.text("the same for everyone");
});
site.get("/with-cookie", (c) => {
  runs.cookie++;
  c.header("Cache-Control", "public, max-age=60");
  setCookie(c, "fl_visitor", `v${runs.cookie}`, { path: "/", httpOnly: true });
  return c.text("the same for everyone, and a cookie");
});

async function get(path: string) {
  const ctx = createExecutionContext();
  // A path of this file's own, so no other test's stored answer is found.
  const res = await site.fetch(new Request(`${ORIGIN}${path}?run=${RUN}`), { ...env, EDGE_CACHE: "on" }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe("the edge cache and Set-Cookie", () => {
  it("stores a public answer without a cookie (the control)", async () => {
    const miss = await get("/plain");
    expect(miss.headers.get(EDGE_CACHE_HEADER)).toBe("miss");
    expect(await miss.text()).toBe("the same for everyone");
    // Read to the end: a stored answer's body streams from the cache, and one left unread here
    // would still be open when the next file's reset() stops the cache (workerd logs a trace).
    const hit = await get("/plain");
    expect(hit.headers.get(EDGE_CACHE_HEADER)).toBe("hit");
    expect(await hit.text()).toBe("the same for everyone");
    expect(runs.plain).toBe(1);
  });

  it("never stores a public answer that sets a cookie: each visitor runs the route and gets their own", async () => {
    const first = await get("/with-cookie");
    const second = await get("/with-cookie");
    // Neither stored ("miss") nor served from the cache ("hit"): passed through as the route made it.
    expect([first.headers.get(EDGE_CACHE_HEADER), second.headers.get(EDGE_CACHE_HEADER)]).toEqual([null, null]);
    expect(runs.cookie).toBe(2);
    expect(second.headers.get("set-cookie")).toContain("fl_visitor=v2");
  });
});
