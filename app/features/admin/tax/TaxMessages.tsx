// The back office's tax messages, shipped with the chunks of the pages that show them.
import { createFeatureMessages } from "../../../i18n/FeatureMessages";
import en from "./messages?english";
import ptBR from "./messages.pt-BR.json";

export const TaxMessages = createFeatureMessages({ en, "pt-BR": ptBR });
