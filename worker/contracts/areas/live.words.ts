// The live shows' words: their back office's audit actions, named in each language.
// And the codes its routes and forms refuse with, each with its English (decision 181).
import type { AuditActionNames, NotificationKinds, RouteCodeWords } from "./area";
import { LIVE_MESSAGES } from "../live-limits.ts";

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
    push: {
      en: ({ params }) => ({ title: `${params.title ?? "The show"} is live`, body: "Watch it now." }),
      "pt-BR": ({ params }) => ({ title: `${params.title ?? "O show"} está ao vivo`, body: "Assista agora." }),
    },
  },
} as const satisfies NotificationKinds;

/** The refusals its routes answer besides the form rules: each code's status and English text (worker/contracts/route-codes.ts gathers them). */
export const routeCodes = {
  // Live shows (decision 113): who may watch, the show's state, playback tokens, the local source
  membership_required: { status: 403, en: LIVE_MESSAGES.membershipRequired },
  not_live: { status: 409, en: LIVE_MESSAGES.notLive },
  already_live: { status: 409, en: LIVE_MESSAGES.alreadyLive },
  bad_token: { status: 403, en: LIVE_MESSAGES.badToken },
  live_media_missing: { status: 503, en: LIVE_MESSAGES.mediaMissing },
  live_show_not_set_up: { status: 404, en: LIVE_MESSAGES.showNotSetUp },
  live_caption_invalid: { status: 400, en: LIVE_MESSAGES.captionInvalid },
  live_product_unknown: { status: 400, en: LIVE_MESSAGES.productUnknown },
  stream_failed: { status: 502, en: LIVE_MESSAGES.streamFailed },
} as const satisfies RouteCodeWords;
