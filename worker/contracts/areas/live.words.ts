// The live shows' words: their back office's audit actions, named in each language.
import type { AuditActionNames } from "./area";

export const auditActions = {
  "live.show.create": { en: "Live show set up", "pt-BR": "Show ao vivo configurado" },
  "live.show.update": { en: "Live show edited", "pt-BR": "Show ao vivo editado" },
  "live.start": { en: "Live show started", "pt-BR": "Show ao vivo iniciado" },
  "live.end": { en: "Live show ended", "pt-BR": "Show ao vivo encerrado" },
  "live.captions.put": { en: "Live show captions uploaded", "pt-BR": "Legendas do show ao vivo enviadas" },
  "live.captions.delete": { en: "Live show captions removed", "pt-BR": "Legendas do show ao vivo removidas" },
} as const satisfies AuditActionNames;
