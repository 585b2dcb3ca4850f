// The back office's user management (/api/admin/users/*): the member list, admin, complimentary VIP
// and ban switches, and invitations. Shared by the Worker and the SPA (the SPA imports types only:
// a value from here would pull zod into its chunk).
import { tierIdSchema } from "../tiers/moves";
import { z } from "../zod";
import { emailSchema } from "../auth";
import { USER_ID_PATTERN } from "../ids";
import { userText } from "../text";
import { BAN_REASON_MAX, SUSPENSION_MESSAGES } from "../suspension";
import { LOCALES } from "../locale";
import { MIN_MONTHS_MAX, USER_ADMIN_MESSAGES } from "./users-limits";
export { USER_ADMIN_MESSAGES } from "./users-limits";
import type { TierBadge } from "../tiers/badges";

export const USERS_PAGE_SIZE = 20;
/** Longest search text: more than any e-mail address or username can match. */
export const USERS_SEARCH_MAX = 254;
/** The most pages a list can be paged to (20 x 5,000 = 100,000 members deep). */
export const USERS_PAGE_MAX = 5000;

/** Invitations sent: per admin, and to one address (so nobody is flooded from the back office). */
export const INVITE_RATE_LIMITS = {
  perAdmin: [30, 60 * 60],
  perAddress: [3, 24 * 60 * 60],
} as const satisfies Record<string, readonly [number, number]>;

export const ROLE_FILTERS = ["all", "admins", "vip", "regular", "door_staff"] as const;
export type RoleFilter = (typeof ROLE_FILTERS)[number];

/**
 * Where a member's membership stands (decision 100), from their subscriptions: `active` pays (a
 * subscription active and not set to cancel), `trialing` is in a trial, `past_due` is being
 * collected, `cancelling` ends at its period's end, `free` holds no paid tier. One member may be in
 * two (two subscriptions); a complimentary tier alone is in none but `all`.
 */
export const MEMBERSHIP_FILTERS = ["all", "active", "trialing", "past_due", "cancelling", "free"] as const;
export type MembershipFilter = (typeof MEMBERSHIP_FILTERS)[number];
/** "all", or a tier's id (its shape; the Worker answers 400 tier_unknown for one the ladder lacks). */
export const TIER_FILTER_PATTERN = /^(?:all|[a-z0-9][a-z0-9-]{0,39})$/;

/**
 * Where a member's VIP comes from: a paying subscription, a complimentary grant from the back
 * office, both, or neither. A member is VIP while either source is active.
 */
export type VipSource = "none" | "paid" | "comp" | "both";

/** Error codes of this area, besides invalid_input, not_found and rate_limited. */
export const USER_ADMIN_ERROR_CODES = {
  userNotFound: "user_not_found",
  selfDemotion: "self_demotion",
  lastAdmin: "last_admin",
  selfBan: "self_ban",
  emailTaken: "email_taken",
  inviteFailed: "mail_failed",
} as const;

/** One member as the back office lists them. Dates are ISO 8601. */
export type AdminUser = {
  id: string;
  email: string;
  username: string;
  joinedAt: string;
  /** null: never signed in ('Never'). */
  lastSignInAt: string | null;
  /** "active" also for a timed suspension past its end (it ended by itself). */
  status: "active" | "banned";
  /** The ban in force: its reason, end (null: permanent) and start (ISO 8601); null while active. */
  ban: AdminUserBan | null;
  isAdmin: boolean;
  /** What gates VIP content: true while a paid subscription or a comp is active. */
  isVIP: boolean;
  vipSource: VipSource;
  /** Door staff: may check VIP passes in at events (/check-in), nothing more (decision 027). */
  isDoorStaff: boolean;
  /** The badge of the member's tier (null: the free tier); optional only for older client fixtures. */
  tier?: TierBadge | null;
  /** Whole months the member held a paid tier (contracts/member-support.ts). */
  monthsSupported?: number;
};

/** A ban's reason and dates. Rows banned before reasons existed have an empty reason and no start. */
export type AdminUserBan = { reason: string; until: string | null; at: string | null };

export type AdminUsersResponse = {
  users: AdminUser[];
  page: number;
  pageSize: number;
  total: number;
  /** At least 1, so 'page 1 of 1' reads right for an empty list. */
  totalPages: number;
  /** The ladder, lowest rank first (the free tier and archived ones included): the tier filter's choices. */
  tiers?: TierBadge[];
};

export type AdminUserResponse = { user: AdminUser };
export type InviteResponse = { invited: string };

export const usersQuerySchema = z.strictObject({
  search: z.string().trim().max(USERS_SEARCH_MAX).default(""),
  role: z.enum(ROLE_FILTERS).default("all"),
  tier: z.string().max(40).regex(TIER_FILTER_PATTERN).default("all"),
  membership: z.enum(MEMBERSHIP_FILTERS).default("all"),
  minMonths: z.coerce.number().int().min(0).max(MIN_MONTHS_MAX).default(0),
  page: z.coerce.number().int().min(1).max(USERS_PAGE_MAX).default(1),
});
export type UsersQuery = z.infer<typeof usersQuerySchema>;

export const userIdParamSchema = z.object({ id: z.string().regex(USER_ID_PATTERN, USER_ADMIN_MESSAGES.invalidUserId) });

export const adminSwitchSchema = z.strictObject({ admin: z.boolean() });
/** A comp names the paid tier it gives (decision 098); VIP when left out. */
export const compSwitchSchema = z.strictObject({ comp: z.boolean(), tierId: tierIdSchema.default("vip") });
/** A timed suspension's end: an instant with its offset (the SPA sends the admin's local time as UTC), in the future. */
const banUntilSchema = z.iso
  .datetime({ offset: true, message: SUSPENSION_MESSAGES.untilInvalid })
  .transform((iso) => Date.parse(iso))
  .refine((ms) => ms > Date.now(), SUSPENSION_MESSAGES.untilPast);

/**
 * Lifting takes the flag alone; banning (or editing a ban in force) takes the reason and the end,
 * null for a permanent ban. `until` is epoch ms once parsed.
 */
export const banSwitchSchema = z.discriminatedUnion("banned", [
  z.strictObject({ banned: z.literal(false) }),
  z.strictObject({
    banned: z.literal(true),
    reason: userText({
      min: 1,
      minMessage: SUSPENSION_MESSAGES.reasonRequired,
      max: BAN_REASON_MAX,
      maxMessage: SUSPENSION_MESSAGES.reasonTooLong,
      multiline: true,
    }),
    until: banUntilSchema.nullable(),
  }),
]);
/** A ban as the service applies it: until in epoch ms, null for permanent. */
export type BanTerms = { reason: string; until: number | null };
export const doorStaffSwitchSchema = z.strictObject({ doorStaff: z.boolean() });
/** `locale`: the invitation mail's language, chosen in the form; left out: the admin's own (the request's). */
export const inviteSchema = z.strictObject({ email: emailSchema, locale: z.enum(LOCALES).optional() });
