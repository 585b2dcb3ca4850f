// The radio's words: its back office's audit actions, named in each language.
// And the codes its routes and forms refuse with, each with its English (decision 181).
import type { AuditActionNames, RouteCodeWords } from "./area";
import { RADIO_MESSAGES } from "../radio.ts";

export const auditActions = {
  "station.create": { en: "Radio station added", "pt-BR": "Estação de rádio adicionada" },
  "station.update": { en: "Radio station edited", "pt-BR": "Estação de rádio editada" },
  "station.delete": { en: "Radio station deleted", "pt-BR": "Estação de rádio excluída" },
  "station.reorder": { en: "Radio stations reordered", "pt-BR": "Estações de rádio reordenadas" },
  "station.picture": { en: "Radio station picture changed", "pt-BR": "Imagem da estação de rádio alterada" },
} as const satisfies AuditActionNames;

/** The refusals its routes answer besides the form rules: each code's status and English text (worker/contracts/route-codes.ts gathers them). */
export const routeCodes = {
  station_not_found: { status: 404, en: RADIO_MESSAGES.stationNotFound },
  empty_rotation: { status: 409, en: RADIO_MESSAGES.emptyRotation },
} as const satisfies RouteCodeWords;
