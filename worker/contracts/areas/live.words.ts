// The live shows' words: their back office's audit actions, named in each language.
import type { AuditActionNames, NotificationKinds } from "./area";

export const auditActions = {
  "live.show.create": { en: "Live show set up", "pt-BR": "Show ao vivo configurado" },
  "live.show.update": { en: "Live show edited", "pt-BR": "Show ao vivo editado" },
  "live.start": { en: "Live show started", "pt-BR": "Show ao vivo iniciado" },
  "live.end": { en: "Live show ended", "pt-BR": "Show ao vivo encerrado" },
  "live.captions.put": { en: "Live show captions uploaded", "pt-BR": "Legendas do show ao vivo enviadas" },
  "live.captions.delete": { en: "Live show captions removed", "pt-BR": "Legendas do show ao vivo removidas" },
} as const satisfies AuditActionNames;

/** The notifications it sends: how loudly each arrives, its line in the settings and its sentence in the centre. */
export const notificationKinds = {
  /** A live show I asked "Remind me" about and may watch is on air (decision 113). */
  show_live: {
    urgent: true,
    loud: true,
    label: { en: "A live show you asked to be reminded of going on air", "pt-BR": "Um show ao vivo que você pediu para lembrar entrando no ar" },
    text: {
      en: "{title} is live: watch it now",
      "pt-BR": "{title} está ao vivo: assista agora",
    },
  },
} as const satisfies NotificationKinds;
