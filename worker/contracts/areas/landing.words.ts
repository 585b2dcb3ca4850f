// The landing page's words: the contact form's messages, as the back office handles them.
import type { AuditActionNames } from "./area";

export const auditActions = {
  "message.update": { en: "Contact message updated", "pt-BR": "Mensagem de contato atualizada" },
  "message.delete": { en: "Contact message deleted", "pt-BR": "Mensagem de contato excluída" },
  "message.reply": { en: "Reply written", "pt-BR": "Resposta escrita" },
  "message.reply_sent": { en: "Reply sent", "pt-BR": "Resposta enviada" },
} as const satisfies AuditActionNames;
