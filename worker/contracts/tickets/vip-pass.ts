// The VIP pass and the door's check-in (decision 027): the answers of /api/vip-pass and
// /api/check-in, and the pass's timing. No zod here: the pass page and the check-in page import
// these constants without pulling a validator into their chunks (the request schemas are in
// check-in.ts).

/** A pass's QR token and typed code belong to one minute window; the page fetches new ones each minute. */
export const PASS_WINDOW_SECONDS = 60;
/**
 * How long a QR token still verifies after its minute ended: a scan started at the turn of the
 * minute still counts, a screenshot of an older code never does.
 */
export const PASS_TOKEN_GRACE_SECONDS = 5;
/** The typed code's grace: a person reads six digits aloud and another types them. */
export const PASS_CODE_GRACE_SECONDS = 15;
/** Digits of the time code that follows the pass number in the typed code ("1042-583921"). */
export const PASS_CODE_DIGITS = 6;
/** A typed code from up to this many minutes ago is answered `expired` (older ones: `unknown`). */
export const PASS_CODE_EXPIRED_WINDOWS = 10;
/** The longest typed code the door accepts (pass number, separator, time code, spaces). */
export const PASS_CODE_INPUT_MAX = 32;
/** The longest QR token accepted: a pass token is about 200 characters. */
export const PASS_TOKEN_INPUT_MAX = 2048;

/** The member a pass shows, and the door sees once a pass is read. */
export type PassMember = {
  id: string;
  /** The member's name as the site shows it (the username). */
  name: string;
  username: string;
  avatarUrl: string | null;
  /** ISO 8601: when the member's current VIP began; null for an administrator who is not VIP. */
  vipSince: string | null;
};

/** GET /api/vip-pass. */
export type VipPassResponse = {
  /** What the QR code holds: a signed token for this minute only. */
  token: string;
  /** What a person can read out and type: the pass number, a dash, this minute's time code. */
  code: string;
  passNumber: number;
  /** ISO 8601: the end of this minute window, when the page asks for the next pass. */
  expiresAt: string;
  /** ISO 8601: the server's clock, so the page can time its refresh whatever the phone's clock says. */
  serverTime: string;
  member: PassMember;
};

/**
 * What the door learns from a pass or a ticket (decision 055). A pass answers valid,
 * already_checked_in, expired, not_vip, below_tier (VIP, below the event's lowest tier, decision 108) or unknown; a ticket valid, already_checked_in, wrong_event
 * (a ticket of another event), refunded, cancelled (its event was cancelled), replaced (the QR of a
 * ticket since transferred: a newer one exists) or unknown (forged, altered, no such code).
 */
export const CHECK_IN_RESULTS = [
  "valid",
  "already_checked_in",
  "expired",
  "not_vip",
  "below_tier",
  "unknown",
  "wrong_event",
  "refunded",
  "cancelled",
  "replaced",
  /** A ticket for watching the event's live show online: it opens no door (decision 113). */
  "online_only",
] as const;
export type CheckInResult = (typeof CHECK_IN_RESULTS)[number];

/** A ticket as the door sees it: never its order, price or e-mails. */
export type CheckInTicket = {
  id: string;
  /** The type's name as sold (English), and its Portuguese name when the type has one. */
  typeName: string;
  typeNamePtBr: string | null;
  /** The name the buyer put on the ticket; null when none was set. */
  holderName: string | null;
  /** The member who holds the ticket (their site name); null for a guest's ticket. */
  ownerName: string | null;
  /** The ticket's own event (another one than the door's for `wrong_event`). */
  event: { id: string; title: string; eventDate: string; timeZone: string };
  /** The staff member who let it in (for `already_checked_in`); null when unknown or gone. */
  checkedInBy: string | null;
};

/**
 * POST /api/check-in. `member` is there whenever a pass names a member who still exists; `ticket`
 * whenever a ticket was read (every ticket answer but `replaced` and `unknown`).
 */
export type CheckInResponse = {
  result: CheckInResult;
  member?: PassMember;
  ticket?: CheckInTicket;
  /** ISO 8601: when the member or ticket was let in (now for `valid`, earlier for `already_checked_in`). */
  checkedInAt?: string;
};

/** One event the door can check members in at (published, in person); `checkIns` counts passes and tickets. */
export type CheckInEvent = {
  id: string;
  title: string;
  /** ISO 8601 */
  eventDate: string;
  endDate: string | null;
  timeZone: string;
  venueName: string | null;
  venueCity: string | null;
  /** upcoming: not started; live: started and not ended; past: ended. */
  phase: "upcoming" | "live" | "past";
  checkIns: number;
};

/**
 * GET /api/check-in/events: live and upcoming events first (soonest first), then those that ended
 * in the last CHECK_IN_PAST_DAYS (latest first).
 */
export type CheckInEventsResponse = { events: CheckInEvent[] };

export type CheckInEntry = {
  member: Pick<PassMember, "id" | "name" | "username" | "avatarUrl">;
  /** ISO 8601 */
  checkedInAt: string;
  method: "qr" | "code";
  /** The staff member who scanned; null once their account is gone. */
  staffName: string | null;
};

/** A ticket let in at the event (decision 055): who holds it, not its order. */
export type TicketCheckInEntry = {
  ticket: Pick<CheckInTicket, "id" | "typeName" | "typeNamePtBr" | "holderName" | "ownerName">;
  /** ISO 8601 */
  checkedInAt: string;
  staffName: string | null;
};

/** Narrows a list entry to a ticket's. */
export const isTicketEntry = (entry: CheckInEntry | TicketCheckInEntry): entry is TicketCheckInEntry => "ticket" in entry;

/**
 * GET /api/check-in/events/:id/check-ins: passes and tickets let in, newest first, at most
 * CHECK_INS_LISTED, and the total of both.
 */
export type CheckInListResponse = { eventId: string; total: number; checkIns: (CheckInEntry | TicketCheckInEntry)[] };

/** Past events stay on the door's list this many days (their check-ins can still be read). */
export const CHECK_IN_PAST_DAYS = 30;

/** The most check-ins one list answer carries (the total counts them all). */
export const CHECK_INS_LISTED = 500;

/** The error codes of these routes, besides unauthorized, invalid_input and rate_limited. */
export const CHECK_IN_ERROR_CODES = {
  vipRequired: "vip_required",
  doorStaffRequired: "door_staff_required",
  eventNotFound: "event_not_found",
} as const;
