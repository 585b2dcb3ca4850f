// An audit summary's structured parts in the admin's language: the detail (kind + parameters,
// worker/contracts/audit-detail.ts) and the names and plain values of the changed fields. A kind or
// field this file does not know keeps the stored text (older rows: the English note).
import type { IntlShape, MessageDescriptor } from "react-intl";
import type { AuditDetail, AuditEventTextField } from "#contracts/audit-detail.ts";
import type { AuditEntryView } from "#contracts/admin/admin.ts";
import { isBanReasonCode } from "#contracts/suspension.ts";
import { auditDetailMessages as d, auditFieldMessages, auditValueMessages } from "./messages";

const EVENT_FIELDS: Record<AuditEventTextField, MessageDescriptor> = {
  description: d.eventDescription,
  descriptionPtBR: d.eventDescriptionPtBR,
  joinUrl: d.eventJoinUrl,
  presaleCode: d.eventPresaleCode,
};

/**
 * Every kind an area declares needs its case below: the type check fails on one left out. A stored
 * kind this version does not know (a row written by a newer one) keeps its English note.
 */
const unknownKind = (_detail: never): null => null;

function detailText(intl: IntlShape, detail: AuditDetail): string | null {
  switch (detail.kind) {
    case "account":
      return intl.formatMessage(d.account, { email: detail.email });
    case "album_tracks_retired":
      return intl.formatMessage(d.albumTracksRetired, { count: detail.count });
    case "ticket_csv_import":
      return intl.formatMessage(d.ticketCsvImport, { first: detail.firstRow, last: detail.lastRow });
    case "contacts_csv_import":
      return intl.formatMessage(d.contactsCsvImport, { part: detail.part, parts: detail.parts });
    case "perk_deleted":
      return intl.formatMessage(d.perkDeleted, { reveals: detail.reveals, codes: detail.codes, claimed: detail.claimed });
    case "store_product_deleted":
      return intl.formatMessage(d.storeProductDeleted, { pictures: detail.pictures, variants: detail.variants });
    case "store_stock_adjusted":
      return intl.formatMessage(d.storeStockAdjusted, { sku: detail.sku, delta: intl.formatNumber(detail.delta, { signDisplay: "always" }) });
    case "moderation_deleted":
      return intl.formatMessage(d.moderationDeleted);
    case "moderation_author_banned":
      return intl.formatMessage(d.moderationAuthorBanned);
    case "suspension":
      return intl.formatMessage(d.suspension, {
        change: detail.change,
        email: detail.email,
        permanent: detail.until ? "no" : "yes",
        // In the admin's own time zone and language.
        until: detail.until ? intl.formatDate(detail.until, { dateStyle: "medium", timeStyle: "short" }) : "",
        // A reason the site stored as a code (the moderation queue's ban) reads in the admin's language.
        reason: isBanReasonCode(detail.reason) ? intl.formatMessage(d.suspensionReasonReportedContent) : detail.reason,
      });
    case "event_texts_changed":
      if (!Array.isArray(detail.fields)) return null;
      return intl.formatList(detail.fields.filter((field) => field in EVENT_FIELDS).map((field) => intl.formatMessage(EVENT_FIELDS[field])));
    default:
      return unknownKind(detail);
  }
}

/** The summary's note in the admin's language: its detail when known, else the stored text. */
export function noteText(intl: IntlShape, summary: AuditEntryView["summary"]): string | null {
  const detail = summary.detail;
  const text = detail && typeof detail === "object" ? detailText(intl, detail) : null;
  return text ?? summary.note ?? null;
}

const own = <T extends object>(map: T, key: string): key is Extract<keyof T, string> => Object.prototype.hasOwnProperty.call(map, key);

/** A changed field's name: its label when this file knows it, else the stored name. */
export function fieldLabel(intl: IntlShape, field: string): string {
  return own(auditFieldMessages, field) ? intl.formatMessage(auditFieldMessages[field]) : field;
}

/** A shown value: yes/no, "(changed)" and the album types translated; anything else as stored. */
export function valueText(intl: IntlShape, value: string): string {
  return own(auditValueMessages, value) ? intl.formatMessage(auditValueMessages[value]) : value;
}
