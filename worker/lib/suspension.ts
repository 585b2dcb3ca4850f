// Whether a member's ban is in force. A timed suspension ends by itself: once `bannedUntil` has
// passed, the member reads as active everywhere (sign-in, sessions, the back office) even before
// the row is cleared, which happens lazily at their next sign-in (clearEndedSuspension), so no
// scheduled job is needed.

type BanColumns = { status: "active" | "banned"; banReason: string | null; bannedUntil: Date | null; bannedAt: Date | null };

/** The ban in force at `now` (reason, end or null for permanent, start), or null. */
export function suspensionAt(user: BanColumns, now: number): { reason: string; until: Date | null; at: Date | null } | null {
  if (user.status !== "banned") return null;
  if (user.bannedUntil && user.bannedUntil.getTime() <= now) return null;
  return { reason: user.banReason ?? "", until: user.bannedUntil, at: user.bannedAt };
}

/** The row says banned but its end has passed: it is to be cleared. */
export const suspensionEnded = (user: BanColumns, now: number) => user.status === "banned" && suspensionAt(user, now) === null;
