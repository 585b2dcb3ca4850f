// The account settings' answers and address (decision 039). No zod here: the /settings route's
// loader imports this, and route loaders run in the entry chunk.

export const ACCOUNT_API = "/api/account";

/** A session's public id: 32 lower-case hex characters (never the cookie, never its hash). */
export const SESSION_PUBLIC_ID_PATTERN = /^[0-9a-f]{32}$/;

/** One row of the Devices list. */
export type DeviceSession = {
  id: string;
  /** "Chrome 120", or null when the sign-in's User-Agent told nothing (or it predates the list). */
  browser: string | null;
  os: string | null;
  /** ISO 8601: when the member signed in on it. */
  createdAt: string;
  /** ISO 8601: last use, written at most once an hour (TOUCH_EVERY_MS in worker/db/auth.ts). */
  lastSeenAt: string;
  /** The session this request came from. */
  current: boolean;
};

/** GET /api/account/sessions: the current session first, then the others by last use. */
export type DeviceSessionsResponse = { sessions: DeviceSession[] };
/** POST /api/account/sessions/revoke-others and POST /api/account/password: how many other sessions ended. */
export type SessionsEndedResponse = { ended: number };
