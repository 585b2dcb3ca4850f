// The back office's gate, checked per route: a visitor and a banned member get 401, a member and a
// VIP 403, in the API's one error shape, and none of them writes anything (the audit log and the
// rows the caller watches stay as they were).
import { expect } from "vitest";
import { env } from "cloudflare:workers";
import { call, createUser, errorOf, type Role, type TestUser } from "./helpers";
import { perFile } from "./per-file";

const D1 = (env as unknown as { DB: D1Database }).DB;

export const NON_ADMIN_ROLES = [
  ["visitor", 401, "unauthorized"],
  ["user", 403, "admin_required"],
  ["vip", 403, "admin_required"],
  ["banned", 401, "unauthorized"],
] as const satisfies readonly (readonly [Role, number, string])[];

/** One account per role for the whole file (not longer: the next file starts from an empty database). */
const accounts = perFile(() => new Map<Role, Promise<TestUser>>());
export const userOf = (role: Exclude<Role, "visitor">) => {
  const users = accounts();
  if (!users.has(role)) users.set(role, createUser(role));
  return users.get(role)!;
};

export const auditCount = async () => (await D1.prepare("SELECT count(*) AS n FROM audit_log").first<{ n: number }>())!.n;

export type GateRequest = { method: string; path: string; json?: unknown; body?: string; headers?: Record<string, string> };

/**
 * Sends `request` as each non-admin role and checks the refusal; `snapshot` reads whatever the
 * route would change, and must read the same before and after.
 */
export async function expectAdminOnly(request: GateRequest, snapshot: () => Promise<unknown> = async () => null) {
  const before = { audit: await auditCount(), state: await snapshot() };
  for (const [role, status, code] of NON_ADMIN_ROLES) {
    const cookie = role === "visitor" ? undefined : (await userOf(role)).cookie;
    const res = await call(request.path, { method: request.method, json: request.json, body: request.body, headers: request.headers, cookie });
    expect(res.status, `${request.method} ${request.path} as ${role}`).toBe(status);
    expect((await errorOf(res)).code, `${request.method} ${request.path} as ${role}`).toBe(code);
  }
  expect({ audit: await auditCount(), state: await snapshot() }).toEqual(before);
}
