// Local mode's helpers (the mailbox, the test checkout) show other people's reset links and grant
// test payments, so they are served only to a browser on this machine: APP_ENV local or test AND
// a loopback host. A deploy left on APP_ENV=local refuses to serve at all (see localModeHostGuard).
import { createMiddleware } from "hono/factory";
import { isLocalMode } from "../env";
import { errorBody, notFound } from "../lib/errors";
import type { HonoEnv } from "../types";

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

export const isLoopbackRequest = (url: string) => LOOPBACK_HOSTS.has(new URL(url).hostname);

/** For routes that exist only on a developer's machine: elsewhere they are absent (404). */
export const localMachineOnly = createMiddleware<HonoEnv>(async (c, next) => {
  if (!isLocalMode(c.env) || !isLoopbackRequest(c.req.url)) throw notFound();
  await next();
});

/** APP_ENV=local on a public host is a misconfigured deploy: refuse everything, say why. */
export const localModeHostGuard = createMiddleware<HonoEnv>(async (c, next) => {
  if (c.env.APP_ENV === "local" && !isLoopbackRequest(c.req.url)) {
    // Names no secret, so the operator may read it in the answer as well as in the log.
    const message = `APP_ENV=local is only served on 127.0.0.1, localhost or [::1], not on ${new URL(c.req.url).host}. Set APP_ENV=production for a deployment.`;
    console.error(`Worker configuration is invalid: ${message}`);
    return c.json(errorBody("misconfigured", message), 500);
  }
  await next();
});
