// Shared helpers for Worker integration tests: requests as a browser on the site's own origin,
// and users of each role with a live session.
import { env, exports } from "cloudflare:workers";
import { createDb } from "../../worker/db/client";
import { admins, profiles, users } from "../../worker/db/schema";
import { createSession } from "../../worker/db/auth";
import { randomToken, sha256Hex } from "../../worker/lib/crypto";
import { hashPassword } from "../../worker/lib/password";

export const ORIGIN = "https://fans.test";
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
};

export function call(path: string, { method, json, body, cookie, headers = {}, noOrigin }: CallOptions = {}) {
  const h = new Headers(headers);
  const verb = method ?? (json !== undefined || body !== undefined ? "POST" : "GET");
  if (!noOrigin && verb !== "GET" && verb !== "HEAD" && !h.has("origin")) h.set("origin", ORIGIN);
  if (json !== undefined) h.set("content-type", "application/json");
  if (cookie) h.set("cookie", cookie);
  return exports.default.fetch(new Request(ORIGIN + path, { method: verb, headers: h, body: json !== undefined ? JSON.stringify(json) : body }));
}

export type Role = "visitor" | "user" | "vip" | "admin" | "banned";
export type TestUser = { id: string; email: string; username: string; password: string; cookie: string };

let counter = 0;

/** Inserts a user of the given role straight into D1 and opens a session for it. */
export async function createUser(role: Exclude<Role, "visitor">, overrides: Partial<Pick<TestUser, "email" | "username" | "password">> = {}): Promise<TestUser> {
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
    passwordHash: await hashPassword(password, testEnv.PASSWORD_PEPPER),
    isVip: role === "vip",
    status: role === "banned" ? "banned" : "active",
  });
  await d.insert(profiles).values({ userId: id });
  if (role === "admin") await d.insert(admins).values({ id: crypto.randomUUID(), userId: id });
  const token = randomToken(32);
  await createSession(d, id, await sha256Hex(token));
  return { id, email, username, password, cookie: `sid=${token}` };
}

/** The value of a Set-Cookie for `name`, as "name=value" ready for a Cookie header. */
export function cookieFrom(res: Response, name = "sid"): string | null {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    if (pair?.startsWith(`${name}=`)) return pair;
  }
  return null;
}

export async function errorOf(res: Response) {
  const body = await res.json<{ error: { code: string; message: string } }>();
  return body.error;
}
