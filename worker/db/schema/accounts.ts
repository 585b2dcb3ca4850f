// Members and signing in: accounts, admin and door-staff flags, profiles, sessions, password
// resets, e-mail verification, and the sign-in slowdown with its one-time links.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { LOCALES } from "#contracts/locale.ts";
import { createdAt } from "./columns";

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    isAdmin: integer("is_admin", { mode: "boolean" }).notNull().default(false),
    isVip: integer("is_vip", { mode: "boolean" }).notNull().default(false),
    /** The member's tier now (migrations/0065; null: the free tier), kept beside is_vip by the same batches. */
    tierId: text("tier_id"),
    /** Door staff (migrations/0024_door_staff.sql): may check VIP passes in at events, nothing more. */
    isDoorStaff: integer("is_door_staff", { mode: "boolean" }).notNull().default(false),
    status: text("status", { enum: ["active", "banned"] })
      .notNull()
      .default("active"),
    /** A ban's reason, end (null: permanent) and start, all null while active (migrations/0033_suspensions.sql). */
    banReason: text("ban_reason"),
    bannedUntil: integer("banned_until", { mode: "timestamp_ms" }),
    bannedAt: integer("banned_at", { mode: "timestamp_ms" }),
    avatarUrl: text("avatar_url"),
    /** The language the site's mails to this member are in (migrations/0032_member_locale.sql). */
    locale: text("locale", { enum: LOCALES }).notNull().default("en"),
    /** When the member proved the address is theirs (migrations/0035_email_verification.sql); null until then. */
    emailVerifiedAt: integer("email_verified_at", { mode: "timestamp_ms" }),
    /** A new address asked for and not yet confirmed: `email` changes only when its link is used. */
    pendingEmail: text("pending_email"),
    lastSignInAt: integer("last_sign_in_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [uniqueIndex("users_email_unique").on(sql`lower(${t.email})`), uniqueIndex("users_username_unique").on(sql`lower(${t.username})`)],
);

export const admins = sqliteTable("admins", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
});

export const profiles = sqliteTable("profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  bio: text("bio"),
  website: text("website"),
  location: text("location"),
  /** Left out of the profile for everyone but its owner (migrations/0069). */
  hideMemberSince: integer("hide_member_since", { mode: "boolean" }).notNull().default(false),
  hideMonthsSupported: integer("hide_months_supported", { mode: "boolean" }).notNull().default(false),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
});

// Only a SHA-256 of the session id is stored, so a leaked table cannot be replayed as cookies.
export const sessions = sqliteTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    // The Devices list (migration 0036, decision 039): the only id the API shows for a session
    // (32 hex characters, never the cookie or its hash), and the browser and system at sign-in.
    publicId: text("public_id")
      .notNull()
      .$defaultFn(() => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("")),
    deviceBrowser: text("device_browser"),
    deviceOs: text("device_os"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), uniqueIndex("sessions_public_id_idx").on(t.publicId)],
);

export const passwordResets = sqliteTable(
  "password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

// E-mail verification links (migrations/0035_email_verification.sql): only the token's SHA-256
// is stored; `email` is the address the link proves (the account's own or its pending new one).
export const emailVerifications = sqliteTable(
  "email_verifications",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("email_verifications_user_idx").on(t.userId)],
);

export type UserRow = typeof users.$inferSelect;

// The sign-in slowdown (migrations/0034_login_throttle.sql, decision 038): one row per address
// typed at the sign-in form, whether or not an account has it, so the slowdown reveals nothing.
export const loginThrottles = sqliteTable("login_throttles", {
  email: text("email").primaryKey(),
  /** Wrong passwords since the last quiet period (LOGIN_SLOWDOWN.forgetAfterMs). */
  failures: integer("failures").notNull().default(0),
  lastFailureAt: integer("last_failure_at", { mode: "timestamp_ms" }).notNull(),
  /** No attempt before this time has its password checked (epoch ms; 0 = none). */
  notBefore: integer("not_before", { mode: "timestamp_ms" }).notNull().default(new Date(0)),
  /** When the owner was last mailed a sign-in link for this address. */
  linkSentAt: integer("link_sent_at", { mode: "timestamp_ms" }),
});

// One-time sign-in links mailed to a throttled account's owner; only the token's SHA-256 is stored.
export const signInLinks = sqliteTable(
  "sign_in_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("sign_in_links_user_idx").on(t.userId)],
);
