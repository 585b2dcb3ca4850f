// The TV's words: its back office's audit actions, named in each language.
// And the codes its routes and forms refuse with, each with its English (decision 181).
import type { AuditActionNames, NotificationKinds, RouteCodeWords } from "./area";
import { TV_MESSAGES } from "../tv.ts";

export const auditActions = {
  "channel.create": { en: "TV channel added", "pt-BR": "Canal de TV adicionado" },
  "channel.update": { en: "TV channel edited", "pt-BR": "Canal de TV editado" },
  "channel.delete": { en: "TV channel deleted", "pt-BR": "Canal de TV excluído" },
  "channel.reorder": { en: "TV channels reordered", "pt-BR": "Canais de TV reordenados" },
  "channel.thumbnail": { en: "TV channel thumbnail changed", "pt-BR": "Miniatura do canal de TV alterada" },
  "channel.video": { en: "TV channel video changed", "pt-BR": "Vídeo do canal de TV alterado" },
} as const satisfies AuditActionNames;

/** The notifications it sends: how loudly each arrives, its line in the settings and its sentence in the centre. */
export const notificationKinds = {
  tv_live: {
    urgent: false,
    loud: false,
    label: { en: "The TV going live", "pt-BR": "A TV entrando ao vivo" },
    text: {
      en: "{title} is live now on TV",
      "pt-BR": "{title} está ao vivo agora na TV",
    },
    push: {
      en: ({ params }) => ({ title: "Live now on TV", body: params.title ?? "" }),
      "pt-BR": ({ params }) => ({ title: "Ao vivo agora na TV", body: params.title ?? "" }),
    },
  },
} as const satisfies NotificationKinds;

/** The refusals its routes answer besides the form rules: each code's status and English text (worker/contracts/route-codes.ts gathers them). */
export const routeCodes = {
  channel_not_found: { status: 404, en: TV_MESSAGES.channelNotFound },
  no_source: { status: 409, en: TV_MESSAGES.noSource },
  channel_not_live: { status: 409, en: "Only a live channel can go live" },
} as const satisfies RouteCodeWords;
