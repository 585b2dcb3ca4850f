// The radio's messages (page, mini player, popup), shipped with the radio chunks.
import { createFeatureMessages } from "../../i18n/FeatureMessages";
import en from "./messages?english";
import ptBR from "./messages.pt-BR.json";

export const RadioMessages = createFeatureMessages({ en, "pt-BR": ptBR });
