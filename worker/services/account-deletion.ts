// Account deletion (decision 041), after the route checked the password and the typed username.
// Order matters: a refusal must change nothing, so the last-administrator check comes first, then
// the paid subscription is cancelled with the provider (a provider failure stops here, nothing
// deleted), then one guarded D1 batch deletes the rows (deleteMemberAccount), and only then what
// lives outside D1: the chat thread's storage, their messages in the rooms (decision 107), the
// pictures and exports in R2, the open sockets.
// Those steps log their failures rather than answer 500: the account is already gone.
import type { AppEnv } from "../env";
import { readConfig } from "../env";
import type { DB } from "../db/client";
import { deleteMemberAccount, memberPostImageKeys } from "../db/member-data";
import { listSubscriptions, TERMINAL_STATUSES } from "../db/payments";
import { notSuspendedText } from "../db/suspensions";
import { chatThread } from "./realtime/chat-thread";
import { eraseMemberFromRooms, roomsToErase } from "./realtime/room-member-data";
import { AVATAR_URL_PREFIX } from "#contracts/profiles.ts";
import { isLocale } from "#contracts/locale.ts";
import { createMailService } from "./mail";
import { accountDeletedMail } from "./mail/data-export";
import { createPaymentsService } from "./payments";
import { deleteExports, type ExportMember } from "./data-export";
import { accessChanged } from "./access-changed";

export type DeletionOutcome = "deleted" | "last_admin" | "not_found" | "payment_cancel_failed";

/** True when the member is an active administrator and no other active one exists (a suspension past its end is active). */
async function isLastActiveAdmin(db: DB, userId: string, now = Date.now()): Promise<boolean> {
  const row = await db.$client
    .prepare(
      `SELECT EXISTS (SELECT 1 FROM users u WHERE u.id = ?1 AND ${notSuspendedText("u", now)}
          AND (u.is_admin = 1 OR EXISTS (SELECT 1 FROM admins a WHERE a.user_id = u.id)))
        AND NOT EXISTS (SELECT 1 FROM users o WHERE o.id <> ?1 AND ${notSuspendedText("o", now)}
          AND (o.is_admin = 1 OR EXISTS (SELECT 1 FROM admins oa WHERE oa.user_id = o.id))) AS last`,
    )
    .bind(userId)
    .first<{ last: number }>();
  return row?.last === 1;
}

/** Cancels, now, every subscription the provider may still charge. False when the provider failed. */
async function cancelPaidSubscriptions(env: AppEnv, db: DB, userId: string): Promise<boolean> {
  const open = (await listSubscriptions(db, userId)).filter((s) => !(TERMINAL_STATUSES as readonly string[]).includes(s.status));
  if (open.length === 0) return true;
  try {
    const payments = createPaymentsService(env);
    for (const subscription of open) await payments.cancelSubscription(subscription.id);
    return true;
  } catch (err) {
    console.error("account deletion: cancelling the subscription failed", err);
    return false;
  }
}

const avatarKeyOf = (avatarUrl: string | null) => (avatarUrl?.startsWith(AVATAR_URL_PREFIX) ? `avatars/${avatarUrl.slice(AVATAR_URL_PREFIX.length)}` : null);

/** Logs instead of throwing: these run after the rows are gone. */
async function bestEffort(what: string, work: () => Promise<unknown>) {
  try {
    await work();
  } catch (err) {
    console.error(`account deletion: ${what} failed`, err);
  }
}

export async function deleteAccount(env: AppEnv, db: DB, member: ExportMember): Promise<DeletionOutcome> {
  if (await isLastActiveAdmin(db, member.id)) return "last_admin";
  if (!(await cancelPaidSubscriptions(env, db, member.id))) return "payment_cancel_failed";
  const pictures = [avatarKeyOf(member.avatarUrl), ...(await memberPostImageKeys(db, member.id))].filter((k): k is string => k !== null);
  // Read before the batch: the member's room_members rows, which name these rooms, go with the account.
  const rooms = await roomsToErase(db, member.id);
  const outcome = await deleteMemberAccount(db, member);
  if (outcome !== "deleted") return outcome;
  const at = new Date();
  await Promise.all([
    bestEffort("erasing room messages", () => eraseMemberFromRooms(env, rooms, member.id)),
    bestEffort("wiping the chat thread", () => chatThread(env, member.id).wipe()),
    bestEffort("deleting pictures", () => (pictures.length > 0 ? env.MEDIA.delete(pictures) : Promise.resolve())),
    bestEffort("deleting exports", () => deleteExports(env, member.id)),
    // The sessions rows went with the account; their sockets close as at a logout.
    bestEffort("closing sockets", () => accessChanged(env, db, { kind: "sessions", target: { userId: member.id } })),
  ]);
  const mail = accountDeletedMail({
    to: member.email,
    brandName: readConfig(env).BRAND_NAME,
    locale: isLocale(member.locale) ? member.locale : "en",
    username: member.username,
    at,
  });
  await bestEffort("the confirmation mail", () => createMailService(env, db).send(mail));
  return "deleted";
}
