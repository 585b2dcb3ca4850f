// Route modules that load with the first request for them (decision 078). An isolate starts by
// compiling only the middleware chain; the API's groups, the pages' renderer and the rest are
// imported, and their schemas and tables built, when a request first needs them, so an isolate
// that serves the music pages never builds the back office.
//
// A group is a Hono app of its own, mounted under its path prefixes. Hono runs a sub-app with a
// context of its own, so the request's context crosses over: what the chain above found (the D1
// session, who is signed in) is handed in, and what the group's routes set (the answering route's
// pattern, a page's edge lifetime) is handed back for the chain's middleware after `next()`.
import { AsyncLocalStorage } from "node:async_hooks";
import { Hono, type Context, type Env, type MiddlewareHandler, type Schema } from "hono";
import { createMiddleware } from "hono/factory";
import { routePath } from "hono/route";
import { onError, onNotFound } from "./errors";
import type { HonoEnv, Variables } from "../types";

/** A route module mounted on its path (`at`); a group's are tried in their order. */
type Mount = (group: Hono<HonoEnv>) => void;
export type Mounts = readonly Mount[];

/** `routes` on `path`: any module's routes, as Hono's own `route()` takes them. */
export function at<E extends Env, S extends Schema, B extends string>(path: string, routes: Hono<E, S, B>): Mount {
  return (group) => {
    group.route(path, routes);
  };
}

const mountingContext = new AsyncLocalStorage<Context<HonoEnv>>();

/** The group's first middleware: the mounting request's variables in, the group's back out. */
const sharedWithTheMount = createMiddleware<HonoEnv>(async (c, next) => {
  const mount = mountingContext.getStore();
  if (!mount) throw new Error("A lazily loaded route group ran outside its mount");
  for (const [name, value] of Object.entries(mount.var)) c.set(name as keyof Variables, value as never);
  try {
    await next();
  } finally {
    for (const [name, value] of Object.entries(c.var)) mount.set(name as keyof Variables, value as never);
    mount.set("answeredBy", routePath(c));
  }
});

function executionContextOf(c: Context<HonoEnv>): Context<HonoEnv>["executionCtx"] | undefined {
  try {
    return c.executionCtx;
  } catch {
    return undefined; // app.request() in a test gives none
  }
}

const everyGroup: Array<() => Promise<Hono<HonoEnv>>> = [];
const mountHandlers = new WeakSet<object>();

/**
 * Every group, loaded now. For the tests, whose one evaluation of the Worker serves every file: no
 * test's time limit then pays for the import of the group it happens to be the first to reach, and
 * the tests that read the registered routes read the groups' (the app holds only their mounts).
 * @internal
 */
export const loadEveryGroup = () => Promise.all(everyGroup.map((group) => group()));

/**
 * Whether a handler registered on an app is a group's mount (`mountLazily`) rather than a route.
 * @internal
 */
export const isLazyMount = (handler: object) => mountHandlers.has(handler);

/**
 * A group of route modules, built once per isolate on first use: `load` imports them, `setUp` adds
 * the group's own middleware (it runs after the mount's chain, before the group's routes).
 */
export function lazyGroup(load: () => Promise<Mounts>, setUp: (group: Hono<HonoEnv>) => void = () => {}): () => Promise<Hono<HonoEnv>> {
  let group: Promise<Hono<HonoEnv>> | undefined;
  const build = async () => {
    const built = new Hono<HonoEnv>();
    built.onError(onError);
    built.notFound(onNotFound);
    built.use("*", sharedWithTheMount);
    setUp(built);
    for (const mount of await load()) mount(built);
    return built;
  };
  const loaded = () =>
    // A failed import is tried again by the next request rather than kept.
    (group ??= build().catch((error: unknown) => {
      group = undefined;
      throw error;
    }));
  everyGroup.push(loaded);
  return loaded;
}

/** Runs every request for `prefixes` (each path and all below it) through `group`. */
export function mountLazily(target: Hono<HonoEnv>, prefixes: readonly string[], group: () => Promise<Hono<HonoEnv>>): void {
  const handler: MiddlewareHandler<HonoEnv> = async (c) => {
    const routes = await group();
    return mountingContext.run(c, () => routes.fetch(c.req.raw, c.env, executionContextOf(c)));
  };
  mountHandlers.add(handler);
  for (const prefix of prefixes) {
    target.all(prefix, handler);
    target.all(`${prefix === "/" ? "" : prefix}/*`, handler);
  }
}
