// The music area's words: its back office's audit actions, named in each language.
import type { AuditActionNames } from "./area";

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
