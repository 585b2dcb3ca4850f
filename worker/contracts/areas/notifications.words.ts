// The notification centre's words: a notice sent to members from the back office.
// And the codes its routes and forms refuse with, each with its English (decision 181).
import type { AuditActionNames, RouteCodeWords } from "./area";

export const auditActions = {
  "notify.send": { en: "Notification sent to members", "pt-BR": "Notificação enviada aos membros" },
} as const satisfies AuditActionNames;

/** The refusals its routes answer besides the form rules: each code's status and English text (worker/contracts/route-codes.ts gathers them). */
export const routeCodes = {
  notification_not_found: { status: 404, en: "Notification not found" },
  already_announced: { status: 409, en: "This has already been announced" },
} as const satisfies RouteCodeWords;
