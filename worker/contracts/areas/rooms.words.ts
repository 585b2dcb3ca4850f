// The community rooms' words: the back office's and the rooms' own moderators' audit actions.
import type { AuditActionNames, NotificationKinds } from "./area";

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
  },
  room_reply: {
    urgent: false,
    loud: true,
    label: { en: "Replies to your messages in community rooms", "pt-BR": "Respostas às suas mensagens nas salas da comunidade" },
    text: {
      en: "{actor} replied to you in {title}: “{excerpt}”",
      "pt-BR": "{actor} respondeu a você em {title}: “{excerpt}”",
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
  },
} as const satisfies NotificationKinds;
