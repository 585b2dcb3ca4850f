// The landing page's words: the contact form's messages, as the back office handles them.
// And the codes its routes and forms refuse with, each with its English (decision 181).
import type { AuditActionNames, NotificationKinds, RouteCodeWords, ValidationCodeWords } from "./area";
import { INBOX_MESSAGES } from "../admin/messages.ts";
import { CONTACT_LIMITS, CONTACT_MESSAGES } from "../contact.ts";

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
    push: {
      en: ({ brandName }) => ({ title: brandName, body: "The team answered your message" }),
      "pt-BR": ({ brandName }) => ({ title: brandName, body: "A equipe respondeu à sua mensagem" }),
    },
  },
} as const satisfies NotificationKinds;

/** The refusals its routes answer besides the form rules: each code's status and English text (worker/contracts/route-codes.ts gathers them). */
export const routeCodes = {
  message_not_found: { status: 404, en: INBOX_MESSAGES.messageNotFound },
  reply_not_sent: { status: 502, en: INBOX_MESSAGES.replyFailed },
} as const satisfies RouteCodeWords;

/** The rules a person can break in its forms: each code's English text and the values it names (worker/contracts/validation-codes.ts gathers them). */
export const validationCodes = {
  contact_subject_required: { message: CONTACT_MESSAGES.subjectRequired },
  contact_message_required: { message: CONTACT_MESSAGES.messageRequired },
  contact_name_too_long: { message: CONTACT_MESSAGES.nameTooLong, params: { max: CONTACT_LIMITS.name } },
  contact_email_too_long: { message: CONTACT_MESSAGES.emailTooLong, params: { max: CONTACT_LIMITS.email } },
  contact_subject_too_long: { message: CONTACT_MESSAGES.subjectTooLong, params: { max: CONTACT_LIMITS.subject } },
  contact_message_too_long: { message: CONTACT_MESSAGES.messageTooLong, params: { max: CONTACT_LIMITS.message } },
} as const satisfies ValidationCodeWords;
