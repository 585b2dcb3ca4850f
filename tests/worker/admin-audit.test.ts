// The back office's API gate and its audit log: every /api/admin path answers only administrators
// (visitor and banned 401, member and VIP 403), unknown admin paths are 404 for admins alone, and
// the log lists what auditInsert wrote, newest first, filtered and paged.
import { describe, expect, it } from "vitest";
import { auditInsert } from "../../worker/db/audit";
import type { AuditListResponse } from "../../worker/contracts/admin/admin";
import { AUDIT_PAGE_SIZE } from "../../worker/contracts/admin/limits";
import { call, createUser, db, errorOf } from "./helpers";
import { cookieFor, expectRefused, ROLES, statusFor } from "./admin-gate-matrix";
import type { AuditAction } from "../../worker/contracts/audit-actions";

/** A code no writer uses, so only this test's rows match its filter; the list shows any stored code. */
const testAction = (code: string) => code as AuditAction;

describe("/api/admin: administrators only", () => {
  for (const role of ROLES) {
    it(`GET /api/admin/audit as ${role} → ${statusFor(role, 200)}`, async () => {
      const res = await call("/api/admin/audit", { cookie: await cookieFor(role) });
      if (role === "admin") expect(res.status).toBe(200);
      else await expectRefused(res, role);
    });
  }

  it("an unknown admin path is 401 for a visitor and 404 for an admin (the gate comes first)", async () => {
    expect((await call("/api/admin/nothing-here")).status).toBe(401);
    const admin = await createUser("admin");
    const res = await call("/api/admin/nothing-here", { cookie: admin.cookie });
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe("not_found");
  });
});

describe("GET /api/admin/audit", () => {
  it("lists entries newest first with their summary, filters by action and admin, and pages by cursor", async () => {
    const admin = await createUser("admin");
    const other = await createUser("admin");
    const actor = { id: admin.id, email: admin.email };
    const start = Date.now();
    await db().batch([
      auditInsert(
        db(),
        { actor, action: testAction("test.first"), targetType: "thing", targetId: "a", summary: { before: null, after: { name: "A" } } },
        start,
      ),
      auditInsert(
        db(),
        {
          actor: { id: other.id, email: other.email },
          action: testAction("test.second"),
          targetType: "thing",
          targetId: "b",
          summary: { note: "by the other" },
        },
        start + 1,
      ),
      ...Array.from({ length: AUDIT_PAGE_SIZE }, (_, i) =>
        auditInsert(db(), { actor, action: testAction("test.bulk"), targetType: "thing", targetId: String(i), summary: {} }, start + 2 + i),
      ),
    ]);

    const mine = (await (await call(`/api/admin/audit?actorId=${admin.id}&action=test.first`, { cookie: admin.cookie })).json()) as AuditListResponse;
    expect(mine.entries).toHaveLength(1);
    expect(mine.entries[0]).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      action: "test.first",
      targetType: "thing",
      targetId: "a",
      summary: { before: null, after: { name: "A" } },
    });
    expect(mine.nextCursor).toBeNull();
    expect(mine.actions).toEqual(expect.arrayContaining(["test.bulk", "test.first", "test.second"]));

    const byOther = (await (await call(`/api/admin/audit?actorId=${other.id}`, { cookie: admin.cookie })).json()) as AuditListResponse;
    expect(byOther.entries.map((e) => e.action)).toEqual(["test.second"]);

    const first = (await (await call("/api/admin/audit?action=test.bulk", { cookie: admin.cookie })).json()) as AuditListResponse;
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.entries[0]!.targetId).toBe(String(AUDIT_PAGE_SIZE - 1));
    expect(first.nextCursor).toBeNull();
    const all = (await (await call("/api/admin/audit", { cookie: admin.cookie })).json()) as AuditListResponse;
    expect(all.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(all.nextCursor).not.toBeNull();
    const older = (await (await call(`/api/admin/audit?before=${all.nextCursor}`, { cookie: admin.cookie })).json()) as AuditListResponse;
    expect(older.entries.every((e) => e.id < all.nextCursor!)).toBe(true);
    expect(older.entries.map((e) => e.action)).toContain("test.first");
  });

  it("refuses a bad cursor or an unknown filter with 400 invalid_input", async () => {
    const admin = await createUser("admin");
    for (const query of ["before=-1", "before=abc", "colour=red"]) {
      const res = await call(`/api/admin/audit?${query}`, { cookie: admin.cookie });
      expect(res.status, query).toBe(400);
      expect((await errorOf(res)).code).toBe("invalid_input");
    }
  });
});
