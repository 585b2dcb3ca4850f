// The TV's words: its back office's audit actions, named in each language.
import type { AuditActionNames } from "./area";

export const auditActions = {
  "channel.create": { en: "TV channel added", "pt-BR": "Canal de TV adicionado" },
  "channel.update": { en: "TV channel edited", "pt-BR": "Canal de TV editado" },
  "channel.delete": { en: "TV channel deleted", "pt-BR": "Canal de TV excluído" },
  "channel.reorder": { en: "TV channels reordered", "pt-BR": "Canais de TV reordenados" },
  "channel.thumbnail": { en: "TV channel thumbnail changed", "pt-BR": "Miniatura do canal de TV alterada" },
  "channel.video": { en: "TV channel video changed", "pt-BR": "Vídeo do canal de TV alterado" },
} as const satisfies AuditActionNames;
