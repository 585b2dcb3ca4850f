// The back office's offer settings messages, shipped with the settings page's chunk.
import { createFeatureMessages } from "../../../i18n/FeatureMessages";
import en from "./messages?english";
import ptBR from "./messages.pt-BR.json";

export const OffersMessages = createFeatureMessages({ en, "pt-BR": ptBR });
