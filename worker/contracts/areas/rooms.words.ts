// The community rooms' words: the back office's and the rooms' own moderators' audit actions.
// And the codes its routes and forms refuse with, each with its English (decision 181).
import type { AuditActionNames, NotificationKinds, RouteCodeWords, ValidationCodeWords } from "./area";
import { ROOM_MESSAGES, ROOM_PICTURE_MESSAGES, ROOM_REPORT_MESSAGES, ROOM_SLOW_MODE_MAX_SECONDS } from "../rooms/limits.ts";
import { ADMIN_ROOM_MESSAGES, ROOM_DESCRIPTION_MAX, ROOM_FORM_MESSAGES as ROOM, ROOM_NAME_MAX, ROOM_POSITION_MAX } from "../rooms/admin-limits.ts";

export const auditActions = {
  "room.create": { en: "Room created", "pt-BR": "Sala criada" },
  "room.update": { en: "Room edited", "pt-BR": "Sala editada" },
  "room.archive": { en: "Room archived", "pt-BR": "Sala arquivada" },
  "room.unarchive": { en: "Room opened again", "pt-BR": "Sala reaberta" },
  "room.moderator.add": { en: "Fan moderator named", "pt-BR": "Moderador fã nomeado" },
  "room.moderator.remove": { en: "Fan moderator removed", "pt-BR": "Moderador fã removido" },
  "room.message.hide": { en: "Room message hidden", "pt-BR": "Mensagem de sala ocultada" },
  "room.member.mute": { en: "Member muted in a room", "pt-BR": "Membro silenciado numa sala" },
  "room.slow_mode": { en: "Room slow mode changed", "pt-BR": "Modo lento da sala alterado" },
  "room.message.pin": { en: "Room message pinned", "pt-BR": "Mensagem de sala fixada" },
  "room.message.unpin": { en: "Room message unpinned", "pt-BR": "Mensagem de sala desafixada" },
  "room.message.reports_dismiss": { en: "Room message reports dismissed", "pt-BR": "Denúncias da mensagem da sala descartadas" },
} as const satisfies AuditActionNames;

/** The notifications it sends: how loudly each arrives, its line in the settings and its sentence in the centre. */
export const notificationKinds = {
  room_mention: {
    urgent: false,
    loud: true,
    label: { en: "Mentions of you in community rooms", "pt-BR": "Menções a você nas salas da comunidade" },
    text: {
      en: "{actor} mentioned you in {title}: “{excerpt}”",
      "pt-BR": "{actor} mencionou você em {title}: “{excerpt}”",
    },
    push: {
      en: ({ actor, params, format }) => ({ title: `${actor ?? "Someone"} mentioned you in ${params.title ?? "a room"}`, body: format.quote(params.excerpt) }),
      "pt-BR": ({ actor, params, format }) => ({
        title: `${actor ?? "Alguém"} mencionou você em ${params.title ?? "uma sala"}`,
        body: format.quote(params.excerpt),
      }),
    },
  },
  room_reply: {
    urgent: false,
    loud: true,
    label: { en: "Replies to your messages in community rooms", "pt-BR": "Respostas às suas mensagens nas salas da comunidade" },
    text: {
      en: "{actor} replied to you in {title}: “{excerpt}”",
      "pt-BR": "{actor} respondeu a você em {title}: “{excerpt}”",
    },
    push: {
      en: ({ actor, params, format }) => ({ title: `${actor ?? "Someone"} replied to you in ${params.title ?? "a room"}`, body: format.quote(params.excerpt) }),
      "pt-BR": ({ actor, params, format }) => ({
        title: `${actor ?? "Alguém"} respondeu a você em ${params.title ?? "uma sala"}`,
        body: format.quote(params.excerpt),
      }),
    },
  },
  /** New messages in a room I asked to hear everything of, at most one per window (decision 111). */
  room_activity: {
    urgent: false,
    loud: false,
    label: { en: "New messages in rooms where you chose “Everything”", "pt-BR": "Novas mensagens nas salas em que você escolheu “Tudo”" },
    text: {
      en: "New messages in {title}: {actor}: “{excerpt}”",
      "pt-BR": "Novas mensagens em {title}: {actor}: “{excerpt}”",
    },
    push: {
      en: ({ actor, params, format }) => ({
        title: `New messages in ${params.title ?? "a room"}`,
        body: `${actor ?? "Someone"}: ${format.quote(params.excerpt)}`,
      }),
      "pt-BR": ({ actor, params, format }) => ({
        title: `Novas mensagens em ${params.title ?? "uma sala"}`,
        body: `${actor ?? "Alguém"}: ${format.quote(params.excerpt)}`,
      }),
    },
  },
} as const satisfies NotificationKinds;

/** The refusals its routes answer besides the form rules: each code's status and English text (worker/contracts/route-codes.ts gathers them). */
export const routeCodes = {
  // Community rooms (decision 106): reading one needs its tier or a ticket to its event
  room_not_found: { status: 404, en: ROOM_MESSAGES.notFound },
  ticket_required: { status: 403, en: ROOM_MESSAGES.ticketRequired },
  room_id_taken: { status: 409, en: ADMIN_ROOM_MESSAGES.idTaken },
  room_event_unknown: { status: 400, en: ADMIN_ROOM_MESSAGES.eventUnknown },
  room_member_unknown: { status: 404, en: ADMIN_ROOM_MESSAGES.memberUnknown },
  // A room's pictures (decision 110): uploaded only by those who may write there now
  room_archived: { status: 403, en: ROOM_MESSAGES.archived },
  room_muted: { status: 403, en: ROOM_PICTURE_MESSAGES.muted },
  // Reports on a room's messages (decision 111): no such message, or a moderator hid it already
  room_message_not_found: { status: 404, en: ROOM_REPORT_MESSAGES.messageNotFound },
} as const satisfies RouteCodeWords;

/** The rules a person can break in its forms: each code's English text and the values it names (worker/contracts/validation-codes.ts gathers them). */
export const validationCodes = {
  // The back office's room form (decision 106)
  room_name_required: { message: ROOM.nameRequired },
  room_name_too_long: { message: ROOM.nameTooLong, params: { max: ROOM_NAME_MAX } },
  room_id_invalid: { message: ROOM.idInvalid },
  room_description_too_long: { message: ROOM.descriptionTooLong, params: { max: ROOM_DESCRIPTION_MAX } },
  room_slow_mode_invalid: { message: ROOM.slowModeInvalid, params: { max: ROOM_SLOW_MODE_MAX_SECONDS } },
  room_position_invalid: { message: ROOM.positionInvalid, params: { max: ROOM_POSITION_MAX } },
  room_tier_required: { message: ROOM.tierRequired },
  room_event_required: { message: ROOM.eventRequired },
} as const satisfies ValidationCodeWords;
