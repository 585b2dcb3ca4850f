// The legal pages' messages (legal.* in messages.<locale>.json), shipped with the legal routes'
// chunks instead of the entry chunk: the long texts weigh only on the pages that show them.
import { createFeatureMessages } from "../../i18n/FeatureMessages";
import en from "./messages?english";
import ptBR from "./messages.pt-BR.json";

export const LegalMessages = createFeatureMessages({ en, "pt-BR": ptBR });
