// The disputes pages' messages, shipped with their chunk inside the back office's messages.
import { createFeatureMessages } from "../../../i18n/FeatureMessages";
import en from "./messages?english";
import ptBR from "./messages.pt-BR.json";

export const DisputesMessages = createFeatureMessages({ en, "pt-BR": ptBR });
