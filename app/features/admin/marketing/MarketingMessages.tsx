// The marketing page's own messages, shipped with its chunk (inside the back office's messages).
import { createFeatureMessages } from "../../../i18n/FeatureMessages";
import en from "./messages?english";
import ptBR from "./messages.pt-BR.json";

export const MarketingMessages = createFeatureMessages({ en, "pt-BR": ptBR });
