// What the shared machinery reads from the areas, checked against the Worker as it is built:
// the upload routes found in the registered app (their uploadBody) are the only API writes the
// 64 KiB JSON limit leaves alone, and every public picture folder an area declares is served at
// /media to everyone. (Pages, personal pages, head extras and audit kinds: tests/node/areas.test.ts,
// tests/node/analytics-pages.test.ts, tests/app/admin-audit-summary.test.tsx.)
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { loadEveryGroup } from "../../worker/middleware/lazy-routes";
import { declaredLimitOf } from "../../worker/lib/upload-body";
import { JSON_BODY_MAX_BYTES } from "../../worker/contracts/limits";
import { PUBLIC_IMAGE_FOLDERS } from "../../worker/contracts/areas";
import { call, errorOf } from "./helpers";
import { heldBody } from "./held-body";
import { PNG_1X1 } from "./image-fixtures";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

type ApiWrite = { method: string; path: string; uploadLimit?: number };

/**
 * Every API write route of the registered app and its route groups (decision 078), with the limit
 * its chain declares if it takes uploads.
 */
async function apiWrites(): Promise<ApiWrite[]> {
  const routes = new Map<string, ApiWrite>();
  for (const { method, path, handler } of [app, ...(await loadEveryGroup())].flatMap((registered) => registered.routes)) {
    if (!WRITES.has(method) || !path.startsWith("/api/")) continue;
    const route = routes.get(`${method} ${path}`) ?? { method, path };
    route.uploadLimit ??= declaredLimitOf(handler);
    routes.set(`${method} ${path}`, route);
  }
  return [...routes.values()];
}

/** An address the route answers, its parameters filled in. */
const addressOf = (path: string) => path.replace(/:\w+(?:\{[^}]*\})?/g, "x1");

/**
 * A visitor's request that declares one byte over the JSON limit and sends nothing until it has its
 * answer (held-body.ts): the JSON limit, or a route's guard, answers from the headers alone.
 */
async function justOverTheJsonLimit({ method, path }: ApiWrite) {
  const body = heldBody();
  const headers = { "content-length": String(JSON_BODY_MAX_BYTES + 1), "content-type": "application/octet-stream" };
  const res = await call(addressOf(path), { method, body: body.stream, headers });
  body.end();
  return { status: res.status, code: res.status >= 400 ? (await errorOf(res)).code : null };
}

describe("body limits of the registered API routes", () => {
  let writes: ApiWrite[] = [];
  let uploads: ApiWrite[] = [];
  beforeAll(async () => {
    writes = await apiWrites();
    uploads = writes.filter((route) => route.uploadLimit !== undefined);
  });

  it("finds the upload routes by their declared limit, each above the JSON limit", () => {
    expect(writes.length).toBeGreaterThan(100);
    expect(uploads.length).toBeGreaterThan(5);
    for (const route of uploads) expect(route.uploadLimit, `${route.method} ${route.path}`).toBeGreaterThan(JSON_BODY_MAX_BYTES);
  });

  it("leaves every upload route to its own limit (its guard answers a visitor, not the JSON limit)", async () => {
    for (const route of uploads) {
      const { status, code } = await justOverTheJsonLimit(route);
      expect(code, `${route.method} ${route.path}`).not.toBe("payload_too_large");
      expect(status, `${route.method} ${route.path}`).toBe(401);
    }
  });

  it("keeps the 64 KiB JSON limit on every other API write", async () => {
    for (const route of writes.filter((r) => r.uploadLimit === undefined)) {
      const { status, code } = await justOverTheJsonLimit(route);
      expect({ status, code }, `${route.method} ${route.path}`).toEqual({ status: 413, code: "payload_too_large" });
    }
  });
});

describe("public picture folders", () => {
  it.each(PUBLIC_IMAGE_FOLDERS)("serves %s/ to everyone, cacheable", async (folder) => {
    const key = `${folder}/area-check-${crypto.randomUUID().slice(0, 8)}.png`;
    await env.MEDIA.put(key, PNG_1X1);
    const res = await call(`/media/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG_1X1);
  });
});
