// Shared helpers for Worker integration tests: requests as a browser on the site's own origin,
// and users of each role with a live session.
import { env, exports } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { vi } from "vitest";
import { app } from "../../worker/app";
import { createDb } from "../../worker/db/client";
import { admins, profiles, users } from "../../worker/db/schema/accounts";
import { createSession } from "../../worker/db/auth";
import { randomToken, sha256Hex } from "../../worker/lib/crypto";
import { hashPassword } from "../../worker/lib/password";
import { SESSION_COOKIE } from "../../worker/services/session";
import { VALIDATION_RULES } from "../../worker/contracts/validation-codes";
import { BOT_CHECK_HEADER, type BotCheckAction } from "../../worker/contracts/bot-check";
import { issueLocalToken } from "../../worker/services/bot-check/local";
import { takeUpLeftSockets } from "./sockets";

export const ORIGIN = "https://fans.test";
/** Where `npm start` serves: local-only routes (mailbox, test checkout) answer only on loopback. */
export const LOCAL_ORIGIN = "http://127.0.0.1:8787";
export { SESSION_COOKIE };

// Every test gets its own client address (reset in setup.ts), so a per-IP rate limit filled by one
// test or file never answers 429 to another. Tests about the limits pass cf-connecting-ip.
// Each file starts at its own random point: files share the bindings' counters in one runtime.
let ipSerial = Math.floor(Math.random() * 60_000);
let testClientIp = "198.18.0.1";
export function useFreshClientIp() {
  ipSerial++;
  testClientIp = `198.18.${(ipSerial >> 8) & 255}.${ipSerial & 255}`;
  return testClientIp;
}
export const db = () => createDb(env.DB);
export const testEnv = env as typeof env & { PASSWORD_PEPPER: string };

type CallOptions = {
  method?: string;
  json?: unknown;
  body?: BodyInit;
  cookie?: string;
  headers?: Record<string, string>;
  /** Leave out the same-origin Origin header an ordinary browser sends. */
  noOrigin?: boolean;
  /** The site's origin for this request (default ORIGIN). */
  origin?: string;
  /**
   * The bot check's token on a gated form (decision 090): a passing local token by default, this
   * text instead, or none (false).
   */
  botCheck?: string | false;
};

/** The bot-checked form a request posts, if it is one (decision 090). */
export function botCheckActionOf(method: string, path: string): BotCheckAction | null {
  if (method !== "POST") return null;
  const route = path.split("?")[0];
  if (route === "/api/auth/signup") return "signup";
  if (route === "/api/auth/reset/request") return "password_reset";
  if (route === "/api/newsletter/subscribe") return "newsletter";
  if (route === "/api/contact") return "contact";
  if (route === "/api/store/checkout") return "guest_checkout";
  if (/^\/api\/notify-me\/(album|track|event)\/[^/]+$/.test(route ?? "")) return "notify_me";
  if (/^\/api\/events\/[^/]+\/reminder$/.test(route ?? "")) return "reminder";
  return null;
}

/** A token the local verifier passes for `action`, issued at `now` (an old `now`: an expired one). */
export const botCheckToken = (action: BotCheckAction, now = Date.now()) =>
  issueLocalToken((env as unknown as { SESSION_SECRET: string }).SESSION_SECRET, action, now);

/**
 * Adds a passing bot check token to a request for a gated form, as the form's widget does, unless
 * the request carries one already (or `botCheck` says otherwise): the tests of everything else
 * about these forms go through as a person's request would.
 */
export async function withBotCheck(headers: Headers, method: string, path: string, botCheck: string | false | undefined = undefined) {
  const action = botCheckActionOf(method, path);
  if (!action || headers.has(BOT_CHECK_HEADER) || botCheck === false) return;
  headers.set(BOT_CHECK_HEADER, botCheck ?? (await botCheckToken(action)));
}

/** Answers call() gave out during the current test, for readUnreadBodies(). */
const answered: Response[] = [];

/**
 * Reads to the end every body call() gave out that its test left unread, and takes up every socket
 * it left unaccepted (closed with the file's other sockets). A body may stream from R2 or the edge
 * cache, both Durable Objects here, and one still open when the next file's reset() stops them
 * makes workerd log a stack. setup.ts calls this after each test.
 */
export async function readUnreadBodies() {
  const answers = answered.splice(0);
  takeUpLeftSockets(answers);
  const left = answers.filter((res) => res.body !== null && !res.bodyUsed && !res.body.locked);
  await Promise.all(left.map((res) => res.arrayBuffer().catch(() => undefined)));
}

export async function call(path: string, { method, json, body, cookie, headers = {}, noOrigin, origin = ORIGIN, botCheck }: CallOptions = {}) {
  const h = new Headers(headers);
  const verb = method ?? (json !== undefined || body !== undefined ? "POST" : "GET");
  await withBotCheck(h, verb, path, botCheck);
  if (!noOrigin && verb !== "GET" && verb !== "HEAD" && !h.has("origin")) h.set("origin", origin);
  if (json !== undefined) h.set("content-type", "application/json");
  if (cookie) h.set("cookie", cookie);
  if (!h.has("cf-connecting-ip")) h.set("cf-connecting-ip", testClientIp);
  const res = await exports.default.fetch(new Request(origin + path, { method: verb, headers: h, body: json !== undefined ? JSON.stringify(json) : body }));
  answered.push(res);
  return res;
}

type AppFetchOptions = Pick<CallOptions, "cookie" | "headers" | "json"> & { method?: string };

/**
 * A request from a fresh client address straight to the app with some of its environment swapped
 * (`vars`: the edge cache switched on, the request log, ASSETS), answered once its waitUntil work
 * (the cache's put) is done. The answer's body is read whole first: one streaming from the edge
 * cache and left open would still be open when the next file's reset() stops the cache.
 */
export async function fetchApp(path: string, { cookie, headers = {}, method = "GET", json }: AppFetchOptions = {}, vars: Record<string, unknown> = {}) {
  const h = new Headers({ "cf-connecting-ip": useFreshClientIp(), ...headers });
  if (cookie) h.set("cookie", cookie);
  if (method !== "GET") h.set("origin", ORIGIN);
  if (json !== undefined) h.set("content-type", "application/json");
  await withBotCheck(h, method, path);
  const ctx = createExecutionContext();
  const request = new Request(ORIGIN + path, { method, headers: h, body: json === undefined ? undefined : JSON.stringify(json) });
  const res = await app.fetch(request, { ...env, ...vars }, ctx);
  const body = res.body === null ? null : await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}

/** A request as a browser on `npm start`'s own machine sends it (local-only routes). */
export const callLocal = (path: string, options: Omit<CallOptions, "origin"> = {}) => call(path, { ...options, origin: LOCAL_ORIGIN });

export type Role = "visitor" | "user" | "vip" | "admin" | "banned";
export type TestUser = { id: string; email: string; username: string; password: string; cookie: string };

let counter = 0;

/**
 * Stored hashes by password: PBKDF2 at the production cost takes ~25 ms of CPU, and most test
 * members share one password, so each runtime derives it once (a hash verifies whatever its salt).
 */
const passwordHashes = new Map<string, Promise<string>>();
function storedHashOf(password: string): Promise<string> {
  let hash = passwordHashes.get(password);
  if (!hash) passwordHashes.set(password, (hash = hashPassword(password, testEnv.PASSWORD_PEPPER)));
  return hash;
}

/** Inserts a user of the given role straight into D1 and opens a session for it. */
export async function createUser(
  role: Exclude<Role, "visitor">,
  overrides: Partial<Pick<TestUser, "email" | "username" | "password">> & {
    /** Leave the e-mail address unverified (migrations/0035): members are verified by default. */
    unverified?: boolean;
    /** A "vip" member's tier (decision 096): VIP unless another paid tier is named. */
    tierId?: string;
  } = {},
): Promise<TestUser> {
  counter++;
  const id = crypto.randomUUID();
  const username = overrides.username ?? `${role}_${counter}_${id.slice(0, 6)}`;
  const email = overrides.email ?? `${username}@example.com`.toLowerCase();
  const password = overrides.password ?? "secret123";
  const d = db();
  await d.insert(users).values({
    id,
    email,
    username,
    passwordHash: await storedHashOf(password),
    isVip: role === "vip",
    tierId: role === "vip" ? (overrides.tierId ?? "vip") : null,
    status: role === "banned" ? "banned" : "active",
    emailVerifiedAt: overrides.unverified ? null : new Date(),
  });
  await d.insert(profiles).values({ userId: id });
  if (role === "admin") await d.insert(admins).values({ id: crypto.randomUUID(), userId: id });
  const token = randomToken(32);
  await createSession(d, id, await sha256Hex(token));
  return { id, email, username, password, cookie: `${SESSION_COOKIE}=${token}` };
}

/** The value of a Set-Cookie for `name`, as "name=value" ready for a Cookie header. */
export function cookieFrom(res: Response, name = SESSION_COOKIE): string | null {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    if (pair?.startsWith(`${name}=`)) return pair;
  }
  return null;
}

export async function errorOf(res: Response) {
  const body = await res.json<{ error: { code: string; message: string; field?: string; params?: Record<string, string | number> } }>();
  return body.error;
}

/**
 * The `error` a 400 carries for a broken rule with this text: the code and values the contracts'
 * table gives it (invalid_input for a text without a code), and the field when one is named.
 */
export function ruleError(message: string, field?: string) {
  const entry = Object.entries(VALIDATION_RULES).find(([, rule]) => rule.message === message);
  const params = entry && "params" in entry[1] ? entry[1].params : undefined;
  return { code: entry?.[0] ?? "invalid_input", message, ...(field ? { field } : {}), ...(params ? { params } : {}) };
}

/** The keys of a catalog TrackView, sorted: what every track list answers, and nothing more (no audio location). */
export const TRACK_VIEW_KEYS = [
  "albumId",
  "albumTitle",
  "albumYear",
  "coverUrl",
  "durationSeconds",
  "earlyAccess",
  "featuredPosition",
  "id",
  "number",
  "playable",
  "plays",
  "preview",
  "releaseAt",
  "title",
];

/** A test that waits for a fresh minute (inOneEdgeLimitWindow) may take that wait on top of its work. */
export const EDGE_LIMIT_TEST_TIMEOUT_MS = 30_000;

/**
 * The Rate Limiting binding counts in windows that follow the wall clock (a minute): a test that
 * sends a limit's worth of requests waits, when the minute is about to end, for the next one to
 * begin, so that its requests all fall in one window. Real time, even under a faked Date.
 */
export async function inOneEdgeLimitWindow(needMs = 10_000) {
  const now = vi.isFakeTimers() ? vi.getRealSystemTime() : Date.now();
  const left = 60_000 - (now % 60_000);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}
