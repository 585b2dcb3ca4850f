// The music area's words: its back office's audit actions, named in each language.
import type { AuditActionNames, NotificationKinds } from "./area";

export const auditActions = {
  "album.create": { en: "Album created", "pt-BR": "Álbum criado" },
  "album.update": { en: "Album edited", "pt-BR": "Álbum editado" },
  "album.delete": { en: "Album deleted", "pt-BR": "Álbum excluído" },
  "album.reorder": { en: "Albums reordered", "pt-BR": "Álbuns reordenados" },
  "album.cover": { en: "Album cover changed", "pt-BR": "Capa do álbum alterada" },
  "track.create": { en: "Track added", "pt-BR": "Faixa adicionada" },
  "track.update": { en: "Track edited", "pt-BR": "Faixa editada" },
  "track.delete": { en: "Track deleted", "pt-BR": "Faixa excluída" },
  "track.reorder": { en: "Tracks reordered", "pt-BR": "Faixas reordenadas" },
  "track.audio": { en: "Track audio uploaded", "pt-BR": "Áudio da faixa enviado" },
  "track.audio_url": { en: "Track audio link set", "pt-BR": "Link do áudio da faixa definido" },
  "track.audio_remove": { en: "Track audio removed", "pt-BR": "Áudio da faixa removido" },
  "track.master": { en: "Track master uploaded", "pt-BR": "Master da faixa enviada" },
  "track.master_remove": { en: "Track master removed", "pt-BR": "Master da faixa removida" },
  "track.lyrics": { en: "Track lyrics saved", "pt-BR": "Letra da faixa salva" },
  "track.lyrics_remove": { en: "Track lyrics removed", "pt-BR": "Letra da faixa removida" },
  "track.credits": { en: "Track credits saved", "pt-BR": "Créditos da faixa salvos" },
  "album.lyrics_access": { en: "Release lyrics access changed", "pt-BR": "Acesso às letras do lançamento alterado" },
  "catalog.import": { en: "Releases imported from a folder", "pt-BR": "Lançamentos importados de uma pasta" },
} as const satisfies AuditActionNames;

/** The notifications it sends: how loudly each arrives, its line in the settings and its sentence in the centre. */
export const notificationKinds = {
  release: {
    urgent: false,
    loud: true,
    label: { en: "New releases", "pt-BR": "Novos lançamentos" },
    text: {
      en: "New release: {title}",
      "pt-BR": "Novo lançamento: {title}",
    },
  },
  /** A release's VIP early access has begun (VIPs). */
  release_early: {
    urgent: false,
    loud: true,
    label: { en: "VIP early access to releases", "pt-BR": "Acesso antecipado VIP a lançamentos" },
    text: {
      en: "VIP early access: {title}",
      "pt-BR": "Acesso antecipado VIP: {title}",
    },
  },
  /** What I asked "Notify me" about is out (decision 057). */
  notify_release: {
    urgent: true,
    loud: true,
    label: { en: "Releases I asked to be told about", "pt-BR": "Lançamentos que pedi para ser avisado" },
    text: {
      en: "{title} is out now — you asked us to tell you",
      "pt-BR": "{title} já saiu — você pediu para ser avisado",
    },
  },
} as const satisfies NotificationKinds;
