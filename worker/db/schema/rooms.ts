// Community rooms (decision 106, migrations/0076): the rooms and who may read and write each, their
// fan moderators, and each member's place in them. The messages live in each room's Durable Object.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { events } from "./events";
import { membershipTiers } from "./tiers";
import { listeningParties } from "./music";
import { createdAt } from "./columns";
import { sql } from "drizzle-orm";

const ACCESS = ["members", "tier", "ticket"] as const;

export const rooms = sqliteTable(
  "rooms",
  {
    id: text("id").primaryKey(),
    nameEn: text("name_en").notNull(),
    namePtBR: text("name_pt_br").notNull(),
    descriptionEn: text("description_en").notNull().default(""),
    descriptionPtBR: text("description_pt_br").notNull().default(""),
    readAccess: text("read_access", { enum: ACCESS }).notNull().default("members"),
    readTierId: text("read_tier_id").references(() => membershipTiers.id),
    readEventId: text("read_event_id").references(() => events.id, { onDelete: "set null" }),
    writeAccess: text("write_access", { enum: ACCESS }).notNull().default("members"),
    writeTierId: text("write_tier_id").references(() => membershipTiers.id),
    writeEventId: text("write_event_id").references(() => events.id, { onDelete: "set null" }),
    slowModeSeconds: integer("slow_mode_seconds").notNull().default(0),
    position: integer("position").notNull().default(0),
    /** Archived: read-only, still listed for those who may read it. */
    archivedAt: integer("archived_at", { mode: "timestamp_ms" }),
    /** The newest message's number and time, kept by the room's object. */
    lastSeq: integer("last_seq").notNull().default(0),
    lastMessageAt: integer("last_message_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    /** A listening party's chat (migrations/0077): kept in step with the party, not listed on /rooms. */
    partyId: text("party_id").references(() => listeningParties.id, { onDelete: "cascade" }),
    /** A remix contest's room (migrations/0103): kept in step with the contest, not listed on /rooms. */
    contestId: text("contest_id"),
  },
  (t) => [
    index("rooms_position_idx").on(t.archivedAt, t.position),
    uniqueIndex("rooms_party_idx").on(t.partyId),
    uniqueIndex("rooms_contest_idx").on(t.contestId),
  ],
);

export const roomModerators = sqliteTable(
  "room_moderators",
  {
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    namedBy: text("named_by").references(() => users.id, { onDelete: "set null" }),
    namedAt: integer("named_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index("room_moderators_user_idx").on(t.userId)],
);

export const roomMembers = sqliteTable(
  "room_members",
  {
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastReadSeq: integer("last_read_seq").notNull().default(0),
    notify: text("notify", { enum: ["all", "mentions", "none"] })
      .notNull()
      .default("mentions"),
    /** 1 once the member has a message in the room: the export and the deletion visit these rooms. */
    posted: integer("posted", { mode: "boolean" }).notNull().default(false),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    /** When the member was last told of the room's new messages ('all', decision 111; 0: never). */
    activityToldAt: integer("activity_told_at").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.roomId] }),
    index("room_members_posted_idx").on(t.userId, t.posted),
    index("room_members_notify_idx").on(t.roomId, t.notify, t.activityToldAt),
  ],
);

/** Members' reports on room messages (decision 111, migrations/0079), with the message as reported. */
export const roomMessageReports = sqliteTable(
  "room_message_reports",
  {
    id: text("id").primaryKey(),
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    details: text("details"),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    authorName: text("author_name").notNull(),
    text: text("text").notNull(),
    messageAt: integer("message_at").notNull(),
    createdAt: integer("created_at").notNull(),
    resolvedAt: integer("resolved_at"),
  },
  (t) => [
    uniqueIndex("room_message_reports_reporter_idx").on(t.roomId, t.seq, t.reporterId),
    index("room_message_reports_open_idx").on(t.resolvedAt, t.roomId, t.seq),
  ],
);

/** A hidden room message as the moderation queue's "hidden" view lists it (decision 115, migrations/0082). */
export const roomHiddenMessages = sqliteTable(
  "room_hidden_messages",
  {
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    authorName: text("author_name").notNull(),
    text: text("text").notNull(),
    messageAt: integer("message_at").notNull(),
    hiddenAt: integer("hidden_at").notNull(),
    hiddenBy: text("hidden_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.seq] }), index("room_hidden_messages_hidden_idx").on(t.hiddenAt)],
);

/** A picture uploaded for a room message, until the hourly job sees whether it was sent (decision 115, migrations/0082). */
export const roomPictureUploads = sqliteTable(
  "room_picture_uploads",
  {
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    filename: text("filename").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.filename] }), index("room_picture_uploads_created_idx").on(t.createdAt)],
);
