// The back office's gate, checked per route: a visitor and a banned member get 401, a member and a
// VIP 403, in the API's one error shape, and none of them writes anything (the audit log and the
// rows the caller watches stay as they were). Every admin test file takes its role checks from
// here, so the matrix is written once.
import { expect } from "vitest";
import { env } from "cloudflare:workers";
import { call, createUser, errorOf, type Role, type TestUser } from "./helpers";
import { perFile } from "./per-file";

const D1 = (env as unknown as { DB: D1Database }).DB;

export type NonAdminRole = Exclude<Role, "admin">;

/** The refusal's status and error code for each role the gate turns away. */
export const REFUSED: Record<NonAdminRole, readonly [number, string]> = {
  visitor: [401, "unauthorized"],
  user: [403, "admin_required"],
  vip: [403, "admin_required"],
  banned: [401, "unauthorized"],
};

/** The same as [role, status, code] rows, in that order. */
export const NON_ADMIN_ROLES = (Object.keys(REFUSED) as NonAdminRole[]).map((role) => [role, ...REFUSED[role]] as const);

/** Every role, the administrator last. */
export const ROLES: readonly Role[] = [...(Object.keys(REFUSED) as NonAdminRole[]), "admin"];

/** The status `role` gets: the gate's refusal, or the route's own `ok` for an administrator. */
export const statusFor = (role: Role, ok: number) => (role === "admin" ? ok : REFUSED[role][0]);

/** One account per role for the whole file (not longer: the next file starts from an empty database). */
const accounts = perFile(() => new Map<Role, Promise<TestUser>>());
export const userOf = (role: Exclude<Role, "visitor">) => {
  const users = accounts();
  if (!users.has(role)) users.set(role, createUser(role));
  return users.get(role)!;
};

/** The session cookie of the file's account for `role`; none for a visitor. */
export const cookieFor = async (role: Role) => (role === "visitor" ? undefined : (await userOf(role)).cookie);

/** Checks that `res` is the gate's refusal for `role`: its status and its error code. */
export async function expectRefused(res: Response, role: NonAdminRole, label = `as ${role}`) {
  const [status, code] = REFUSED[role];
  expect(res.status, label).toBe(status);
  expect((await errorOf(res)).code, label).toBe(code);
}

export const auditCount = async () => (await D1.prepare("SELECT count(*) AS n FROM audit_log").first<{ n: number }>())!.n;

export type GateRequest = { method: string; path: string; json?: unknown; body?: string; headers?: Record<string, string> };

/**
 * Sends `request` as each non-admin role and checks the refusal; `snapshot` reads whatever the
 * route would change, and must read the same before and after.
 */
export async function expectAdminOnly(request: GateRequest, snapshot: () => Promise<unknown> = async () => null) {
  const before = { audit: await auditCount(), state: await snapshot() };
  for (const [role] of NON_ADMIN_ROLES) {
    const res = await call(request.path, {
      method: request.method,
      json: request.json,
      body: request.body,
      headers: request.headers,
      cookie: await cookieFor(role),
    });
    await expectRefused(res, role, `${request.method} ${request.path} as ${role}`);
  }
  expect({ audit: await auditCount(), state: await snapshot() }).toEqual(before);
}
