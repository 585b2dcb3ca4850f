// The live show page's own messages, shipped with its chunk.
import { createFeatureMessages } from "../../i18n/FeatureMessages";
import en from "./messages?english";
import ptBR from "./messages.pt-BR.json";

export const LiveMessages = createFeatureMessages({ en, "pt-BR": ptBR });
