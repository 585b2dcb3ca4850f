// The error tracker: without SENTRY_DSN an unexpected failure is answered and logged, and nothing
// is sent anywhere. (With a DSN the SDK captures the error, as its debug log shows; its delivery to
// an ingest address is not checked here: the SDK's transport did not send within the test pool.)
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import type { AppEnv } from "../../worker/env";
import { ORIGIN } from "./helpers";

/** A request that fails inside the Worker: the configuration check refuses a bad APP_ENV. */
async function failingRequest(vars: Record<string, string>) {
  const ctx = createExecutionContext();
  const res = await worker.fetch!(new Request(`${ORIGIN}/api/config`) as never, { ...env, APP_ENV: "nonsense", ...vars } as unknown as AppEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the error tracker", () => {
  it("sends nothing without a DSN", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const res = await failingRequest({});
    expect(res.status).toBe(500);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
