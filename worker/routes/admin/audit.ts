// GET /api/admin/audit: the audit log, newest first, filtered by action or admin, 50 a page.
import { Hono } from "hono";
import type { HonoEnv } from "../../types";
import { auditQuerySchema } from "#contracts/admin/admin.ts";
import { listAudit } from "../../db/audit";
import { validate } from "../../lib/validate";

export const auditRoutes = new Hono<HonoEnv>().get("/", validate("query", auditQuerySchema), async (c) =>
  c.json(await listAudit(c.var.db, c.req.valid("query"))),
);
