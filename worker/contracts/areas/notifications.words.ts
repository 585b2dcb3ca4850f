// The notification centre's words: a notice sent to members from the back office.
import type { AuditActionNames } from "./area";

export const auditActions = {
  "notify.send": { en: "Notification sent to members", "pt-BR": "Notificação enviada aos membros" },
} as const satisfies AuditActionNames;
