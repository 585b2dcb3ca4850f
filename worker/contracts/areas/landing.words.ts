// The landing page's words: the contact form's messages, as the back office handles them.
import type { AuditActionNames, NotificationKinds } from "./area";

export const auditActions = {
  "message.update": { en: "Contact message updated", "pt-BR": "Mensagem de contato atualizada" },
  "message.delete": { en: "Contact message deleted", "pt-BR": "Mensagem de contato excluída" },
  "message.reply": { en: "Reply written", "pt-BR": "Resposta escrita" },
  "message.reply_sent": { en: "Reply sent", "pt-BR": "Resposta enviada" },
} as const satisfies AuditActionNames;

/** The notifications it sends: how loudly each arrives, its line in the settings and its sentence in the centre. */
export const notificationKinds = {
  contact_reply: {
    urgent: false,
    loud: false,
    label: { en: "Answers to my contact messages", "pt-BR": "Respostas às minhas mensagens de contato" },
    text: {
      en: "The team answered your message",
      "pt-BR": "A equipe respondeu à sua mensagem",
    },
  },
} as const satisfies NotificationKinds;
