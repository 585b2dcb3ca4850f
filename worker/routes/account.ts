// The member's account settings (/settings): the Devices list (every live session, each ended by
// its public id, never by its token or hash) and the password change, which ends every other
// session. Decision 039. Ending a session closes its sockets at once, as a logout does.
import { Hono, type Context } from "hono";
import { readConfig } from "../env";
import type { HonoEnv } from "../types";
import { ACCOUNT_MESSAGES, changePasswordSchema, sessionIdParamSchema } from "#contracts/account.ts";
import type { DeviceSession, DeviceSessionsResponse, SessionsEndedResponse } from "#contracts/account-api.ts";
import {
  endMemberSession,
  endOtherMemberSessions,
  findPasswordHash,
  listMemberSessions,
  setPasswordEndingOtherSessions,
  type MemberSessionRow,
} from "../db/account";
import { requireUser } from "../middleware/guards";
import { notFound, unauthorized } from "../lib/errors";
import { hashPassword } from "../lib/password";
import { validate } from "../lib/validate";
import { recheckPassword } from "../services/password-recheck";
import { endSession } from "../services/session";
import { accessChanged } from "../services/access-changed";

type Ctx = Context<HonoEnv>;

/** The signed-in member and their session's hash (requireUser ran, so both are set). */
function whoAsks(c: Ctx) {
  const user = c.var.user;
  const sessionHash = c.var.sessionHash;
  if (!user || !sessionHash) throw unauthorized();
  return { userId: user.id, sessionHash };
}

/** Closes the sockets of sessions already deleted from D1 (feed, stations, parties and the member's chat). */
const closeSessions = (c: Ctx, userId: string, idHashes: string[]) =>
  Promise.all(idHashes.map((sessionHash) => accessChanged(c.env, c.var.db, { kind: "sessions", target: { sessionHash, userId } })));

const toDevice = (row: MemberSessionRow, currentHash: string): DeviceSession => ({
  id: row.publicId,
  browser: row.deviceBrowser,
  os: row.deviceOs,
  createdAt: row.createdAt.toISOString(),
  lastSeenAt: row.lastSeenAt.toISOString(),
  current: row.idHash === currentHash,
});

export const accountRoutes = new Hono<HonoEnv>();

// Not chained: the handlers keep Context<HonoEnv>, which the session helpers take.
accountRoutes.use(requireUser);

accountRoutes
  .get("/sessions", async (c) => {
    const { userId, sessionHash } = whoAsks(c);
    const devices = (await listMemberSessions(c.var.db, userId)).map((row) => toDevice(row, sessionHash));
    // The current one first: it is the one the member is holding.
    devices.sort((a, b) => Number(b.current) - Number(a.current));
    return c.json<DeviceSessionsResponse>({ sessions: devices });
  })

  .post("/sessions/revoke-others", async (c) => {
    const { userId, sessionHash } = whoAsks(c);
    const ended = await endOtherMemberSessions(c.var.db, userId, sessionHash);
    await closeSessions(c, userId, ended);
    return c.json<SessionsEndedResponse>({ ended: ended.length });
  })

  .delete("/sessions/:id", validate("param", sessionIdParamSchema), async (c) => {
    const { userId, sessionHash } = whoAsks(c);
    const { id } = c.req.valid("param");
    const ended = await endMemberSession(c.var.db, userId, id);
    if (!ended) throw notFound(ACCOUNT_MESSAGES.sessionNotFound, "session_not_found");
    if (ended === sessionHash) {
      await endSession(c); // this browser's own session: a logout (its sockets close there)
    } else {
      await closeSessions(c, userId, [ended]);
    }
    return c.body(null, 204);
  })

  .post("/password", validate("json", changePasswordSchema), async (c) => {
    const { userId, sessionHash } = whoAsks(c);
    const { currentPassword, newPassword } = c.req.valid("json");
    const db = c.var.db;
    const pepper = readConfig(c.env).PASSWORD_PEPPER;
    const stored = await findPasswordHash(db, userId);
    if (!stored) throw unauthorized();
    await recheckPassword(c, { id: userId, passwordHash: stored }, currentPassword);
    const passwordHash = await hashPassword(newPassword, pepper);
    const ended = await setPasswordEndingOtherSessions(db, { userId, passwordHash, keepIdHash: sessionHash });
    await closeSessions(c, userId, ended);
    return c.json<SessionsEndedResponse>({ ended: ended.length });
  });
