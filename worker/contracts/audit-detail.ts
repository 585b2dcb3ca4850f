// The structured part of an audit summary: a kind and its parameters, so the audit page renders it
// in the admin's language (app/features/admin/audit). Each row keeps the English `note` too, built
// here from the same detail: older rows (note only) and the CSV export read that text.

/** Event fields whose value the audit row leaves out (long or secret) but says were changed. */
export const AUDIT_EVENT_TEXT_FIELDS = ["description", "descriptionPtBR", "joinUrl", "presaleCode"] as const;
export type AuditEventTextField = (typeof AUDIT_EVENT_TEXT_FIELDS)[number];

export type AuditDetail =
  /** Whose account a user-admin change was on (their e-mail at the time). */
  | { kind: "account"; email: string }
  | { kind: "album_tracks_retired"; count: number }
  | { kind: "ticket_csv_import"; firstRow: number; lastRow: number }
  | { kind: "contacts_csv_import"; part: number; parts: number }
  | { kind: "perk_deleted"; reveals: number; codes: number; claimed: number }
  | { kind: "moderation_deleted" }
  | { kind: "moderation_author_banned" }
  | { kind: "event_texts_changed"; fields: AuditEventTextField[] }
  /** A ban given, its terms changed, or lifted: the (new, or lifted) reason and end (ISO; null: permanent). */
  | { kind: "suspension"; change: "ban" | "edit" | "lift"; email: string; reason: string; until: string | null };

export type AuditDetailKind = AuditDetail["kind"];

const EVENT_FIELD_EN: Record<AuditEventTextField, string> = {
  description: "description changed",
  descriptionPtBR: "Portuguese description changed",
  joinUrl: "join link changed",
  presaleCode: "presale code changed",
};

/** The detail as the English note older rows were written with (the fallback text). */
export function auditNoteOf(detail: AuditDetail): string {
  switch (detail.kind) {
    case "account":
      return detail.email;
    case "album_tracks_retired":
      return `${detail.count} track(s) retired; their plays are kept`;
    case "ticket_csv_import":
      return `CSV import, file rows ${detail.firstRow}-${detail.lastRow}`;
    case "contacts_csv_import":
      return `CSV import, part ${detail.part} of ${detail.parts}`;
    case "perk_deleted":
      return `${detail.reveals} reveal(s) and ${detail.codes} code(s) (${detail.claimed} handed out) deleted`;
    case "moderation_deleted":
      return "deleted from the moderation queue";
    case "moderation_author_banned":
      return "author banned from the moderation queue";
    case "event_texts_changed":
      return detail.fields.map((field) => EVENT_FIELD_EN[field]).join("; ");
    case "suspension": {
      const terms = `${detail.until ? `until ${detail.until}` : "permanent"}; reason: ${detail.reason}`;
      const what = detail.change === "ban" ? "suspended" : detail.change === "edit" ? "suspension changed" : "suspension lifted";
      return `${detail.email}: ${what} (${terms})`;
    }
  }
}

/** A summary's `detail` and `note` for a writer to spread into its summary. */
export const auditDetail = (detail: AuditDetail) => ({ detail, note: auditNoteOf(detail) });
