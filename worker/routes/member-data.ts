// Member rights (decision 041), under /api/account beside routes/account.ts: the data export (ask,
// read its state, download through the signed link) and account deletion. Every route is for a
// signed-in member (a banned member has no session); the download also needs the link's token,
// and the token's member must be the one signed in.
import { Hono, type Context } from "hono";
import { readConfig } from "../env";
import type { HonoEnv } from "../types";
import {
  DATA_EXPORT_RATE_LIMIT,
  deleteAccountSchema,
  exportDownloadQuerySchema,
  exportRequestSchema,
  MEMBER_DATA_CODES as CODES,
  MEMBER_DATA_MESSAGES as MESSAGES,
  type AccountDeletedResponse,
  type DataExportStatus,
} from "#contracts/member-data.ts";
import { findMemberForRights } from "../db/member-data";
import { requireUser } from "../middleware/guards";
import { conflict, fieldError, forbidden, notFound, routeError, unauthorized } from "../lib/errors";
import { validate } from "../lib/validate";
import { verifyExportToken } from "../lib/export-token";
import { countEvent } from "../services/rate-limit";
import { recheckPassword } from "../services/password-recheck";
import { exportArchive, exportStatus, startExport } from "../services/data-export";
import { deleteAccount } from "../services/account-deletion";
import { endSession } from "../services/session";

type Ctx = Context<HonoEnv>;

/** The signed-in member's row (requireUser ran; the row can vanish under a concurrent deletion). */
async function memberOf(c: Ctx) {
  const user = c.var.user;
  if (!user) throw unauthorized();
  const member = await findMemberForRights(c.var.db, user.id);
  if (!member) throw unauthorized();
  return member;
}

export const memberDataRoutes = new Hono<HonoEnv>();

memberDataRoutes.use(requireUser);

memberDataRoutes
  .get("/export", async (c) => {
    const member = await memberOf(c);
    return c.json<DataExportStatus>(await exportStatus(c.env, member.id));
  })

  .post("/export", validate("json", exportRequestSchema), async (c) => {
    const member = await memberOf(c);
    await recheckPassword(c, member, c.req.valid("json").currentPassword);
    if ((await countEvent(c.var.db, `export:user:${member.id}`, DATA_EXPORT_RATE_LIMIT)) > DATA_EXPORT_RATE_LIMIT[0]) {
      throw routeError(CODES.exportRateLimited);
    }
    const origin = new URL(c.req.url).origin;
    const status = await startExport(c.env, c.var.db, member, origin, (work) => c.executionCtx.waitUntil(work));
    return c.json<DataExportStatus>(status, status.status === "preparing" ? 202 : 200);
  })

  .get("/export/download", validate("query", exportDownloadQuerySchema), async (c) => {
    const member = await memberOf(c);
    const claims = await verifyExportToken(readConfig(c.env).SESSION_SECRET, c.req.valid("query").token);
    // Another member's link is the same refusal as a forged or expired one.
    if (!claims || claims.userId !== member.id) throw forbidden(MESSAGES.exportLinkInvalid, CODES.exportLinkInvalid);
    const archive = await exportArchive(c.env, member.id, claims.exportId);
    if (!archive) throw notFound(MESSAGES.exportNotFound, CODES.exportNotFound);
    return new Response(archive.body, {
      headers: {
        "content-type": "application/zip",
        "content-length": String(archive.size),
        "content-disposition": `attachment; filename="my-data-${claims.exportId.slice(0, 8)}.zip"`,
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
      },
    });
  })

  .post("/delete", validate("json", deleteAccountSchema), async (c) => {
    const member = await memberOf(c);
    const { currentPassword, confirmation } = c.req.valid("json");
    const db = c.var.db;
    // A wrong password is answered as at the password change, before the confirmation is looked at.
    await recheckPassword(c, member, currentPassword);
    if (confirmation !== member.username) throw fieldError("confirmation", MESSAGES.confirmationMismatch, CODES.confirmationMismatch);
    const outcome = await deleteAccount(c.env, db, member);
    if (outcome === "last_admin") throw conflict(MESSAGES.lastAdmin, CODES.lastAdmin);
    if (outcome === "payment_cancel_failed") throw routeError(CODES.paymentCancelFailed);
    if (outcome === "not_found") throw unauthorized();
    await endSession(c); // the row went with the account; this clears the cookie
    return c.json<AccountDeletedResponse>({ deleted: true });
  });
