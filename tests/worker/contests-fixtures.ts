// Shared by the remix contests' tests (decision 184): a catalog track and an event to name, a
// valid contest form, members of every role the contests know (tiers, door staff, banned, an
// unverified account, one made after the opening), raw reads of what is stored, and the admin and
// track each file makes first and the frozen clock its time windows need.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, expect, vi } from "vitest";
import { call, createUser, type TestUser } from "./helpers";
import { addInnerCircle } from "./tier-fixtures";
import { insertIssuedTickets, seedTicketEvent, seedTicketType } from "./ticket-fixtures";
import type { z } from "../../worker/contracts/zod";
import type { AdminContestResponse, contestInputSchema, entryInputSchema } from "../../worker/contracts/contests/contests";

export type ContestInput = z.input<typeof contestInputSchema>;
export type EntryInput = z.input<typeof entryInputSchema>;

export const D1 = (env as unknown as { DB: D1Database }).DB;
export const MEDIA = (env as unknown as { MEDIA: R2Bucket }).MEDIA;
export const HOUR = 3600_000;
export const DAY = 24 * HOUR;
export const ADMIN_API = "/api/admin/contests";
export const API = "/api/contests";

export const iso = (ms: number) => new Date(ms).toISOString();
export const count = async (sql: string, ...binds: unknown[]) =>
  (await D1.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;
export const rows = async <T = Record<string, unknown>>(sql: string, ...binds: unknown[]) =>
  (
    await D1.prepare(sql)
      .bind(...binds)
      .all<T>()
  ).results;

export async function addTrack(id = "remix-me-1") {
  await D1.prepare("INSERT OR IGNORE INTO albums (id, title, year, type, position) VALUES ('contest-album', 'Contest Album', 2026, 'Single', 9000)").run();
  await D1.prepare("INSERT OR IGNORE INTO tracks (id, album_id, title, number, duration_seconds) VALUES (?1, 'contest-album', 'Remix Me', 1, 200)")
    .bind(id)
    .run();
  return id;
}

/** A published event with tickets on sale. */
export const addEvent = () => seedTicketEvent();

/** Gives the member a valid ticket to the event. */
export async function giveTicket(user: TestUser, eventId: string) {
  const ticketTypeId = await seedTicketType(eventId);
  await insertIssuedTickets({ eventId, ticketTypeId, userId: user.id, email: user.email });
}

/** A contest open for entries now, voting from tomorrow for a day. */
export const validContest = (trackId: string, overrides: Partial<ContestInput> = {}, now = Date.now()): ContestInput => ({
  trackId,
  titleEn: "Remix Me",
  titlePtBr: "Remixe-me",
  briefEn: "Make it move.",
  stems: { access: "members" },
  enter: { access: "members" },
  opensAt: iso(now - HOUR),
  entriesCloseAt: iso(now + DAY),
  votingOpensAt: iso(now + DAY),
  votingClosesAt: iso(now + 2 * DAY),
  ...overrides,
});

export async function createContest(admin: TestUser, input: ContestInput) {
  const res = await call(ADMIN_API, { method: "POST", json: input, cookie: admin.cookie });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json<AdminContestResponse>()).contest;
}

/**
 * The set-up the contests' test files share, registered in the calling file (the files share one
 * runtime, so a hook at this module's top would reach only the first): an admin and the track their
 * contests remix, made once before the file's tests and handed to `receive`; and the real clock put
 * back after each test, whichever froze it (clockAt).
 */
export function contestsFileSetUp(receive: (made: { admin: TestUser; trackId: string }) => void) {
  beforeAll(async () => receive({ admin: await userOfRole("admin"), trackId: await addTrack() }));
  afterEach(() => {
    vi.useRealTimers();
  });
}

/** Freezes `Date` alone at `ms`, so a test can cross the Worker's time windows; the contestsFileSetUp puts the real clock back after each test. */
export function clockAt(ms: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(ms);
}

/** The roles the contests' routes are checked with. */
export const CONTEST_ROLES = ["visitor", "member", "vip", "inner circle", "door staff", "banned", "admin"] as const;
export type ContestRole = (typeof CONTEST_ROLES)[number];

export async function userOfRole(role: Exclude<ContestRole, "visitor">): Promise<TestUser> {
  if (role === "member") return createUser("user");
  if (role === "vip") return createUser("vip");
  if (role === "admin") return createUser("admin");
  if (role === "banned") return createUser("banned");
  if (role === "inner circle") {
    await addInnerCircle();
    return createUser("vip", { tierId: "inner-circle" });
  }
  const door = await createUser("user");
  await D1.prepare("UPDATE users SET is_door_staff = 1 WHERE id = ?").bind(door.id).run();
  return door;
}

/** Sets when the account was made (votes come from accounts older than the contest's opening). */
export const setCreatedAt = (userId: string, at: number) => D1.prepare("UPDATE users SET created_at = ? WHERE id = ?").bind(at, userId).run();

/** A submitted entry of the member's, written straight to D1 (the voting tests need many). */
export async function submittedEntry(contestId: string, user: TestUser, title = "A remix") {
  const id = crypto.randomUUID();
  await D1.prepare(
    `INSERT INTO contest_entries (id, contest_id, user_id, title, status, audio_key, audio_format, duration_seconds, licence_accepted_at, created_at, updated_at)
     VALUES (?1, ?2, ?3, ?4, 'submitted', ?5, 'mp3', 60, 0, 0, 0)`,
  )
    .bind(id, contestId, user.id, title, `contest-entries/${id}.mp3`)
    .run();
  return id;
}
