// One announcement for every change of what someone may open (decision 168): the one place that
// stores the change (a purchase or its refund, a lost dispute, a gift, a renewal's end, the back
// office, a transfer, an event's cancellation, a sign-out, a ban, an account's deletion) calls
// `accessChanged` once it is stored, and every area that holds sockets reacts in its own
// declaration (services/areas/access.ts). The seller's code imports no socket module.
// Failures are logged under the area's name, never thrown: the change is committed, and every
// socket checks access again at its next upgrade.
import type { AppEnv } from "../env";
import type { DB } from "../db/client";
import { findMemberAccess } from "../db/member-access";
import { onFirstUse } from "../lib/first-use";
import type { AccessChange, SessionsTarget } from "./areas/area";

/**
 * The reactions, loaded with the first change: their modules (the parties' tier ladder among them)
 * have no place in every request's start-up, which reaches this module through the sign-out.
 */
const reactions = onFirstUse(() => import("./areas/access"));

/** What changed, as its place of storage knows it: a member's access is read here, once for every area. */
export type AccessChangeNotice =
  | { kind: "roles" | "tickets"; userId: string }
  | { kind: "order-tickets"; orderId: string }
  | { kind: "event-tickets"; eventId: string }
  | { kind: "sessions"; target: SessionsTarget };

/** The change with the member's access read, once for every area; null when there is no such member, or (logged) the read failed. */
async function resolved(db: DB, notice: AccessChangeNotice): Promise<AccessChange | null> {
  if (!("userId" in notice)) return notice;
  try {
    const access = await findMemberAccess(db, notice.userId);
    return access ? { ...notice, access } : null;
  } catch (err) {
    console.error(`access changed (${notice.kind}): reading the member's access failed`, err);
    return null;
  }
}

/** Tells every area that reacts; resolves when all have, never throws. */
export async function accessChanged(env: AppEnv, db: DB, notice: AccessChangeNotice): Promise<void> {
  const change = await resolved(db, notice);
  if (!change) return;
  const { ACCESS_AREAS } = await reactions();
  await Promise.all(
    Object.entries(ACCESS_AREAS).map(async ([name, area]) => {
      try {
        await area.accessChanged(env, db, change);
      } catch (err) {
        console.error(`${name}: reacting to a change of access (${change.kind}) failed`, err);
      }
    }),
  );
}
