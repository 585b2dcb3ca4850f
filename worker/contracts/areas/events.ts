// Events: the list, virtual meets, reminders and the tickets' back office.
import type { Area } from "./area";

/** Event fields whose value the audit row leaves out (long or secret) but says were changed. */
export type AuditEventTextField = "description" | "descriptionPtBR" | "joinUrl" | "presaleCode";

const EVENT_FIELD_EN: Record<AuditEventTextField, string> = {
  description: "description changed",
  descriptionPtBR: "Portuguese description changed",
  joinUrl: "join link changed",
  presaleCode: "presale code changed",
};

export const events = {
  pages: ["/events", "/virtual-meet", "/reminders/confirm"],
  personalPages: ["/reminders/confirm"],
  ssrPages: {
    "/events": "app/routes/events.tsx",
    "/virtual-meet": "app/routes/virtual-meet.tsx",
  },
  auditNotes: {
    event_texts_changed: (detail: { fields: AuditEventTextField[] }) => detail.fields.map((field) => EVENT_FIELD_EN[field]).join("; "),
    ticket_csv_import: (detail: { firstRow: number; lastRow: number }) => `CSV import, file rows ${detail.firstRow}-${detail.lastRow}`,
  },
} as const satisfies Area;
