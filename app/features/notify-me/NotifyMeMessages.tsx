// The "Notify me" link pages' messages, shipped with their chunk.
import { createFeatureMessages } from "../../i18n/FeatureMessages";
import en from "./messages?english";
import ptBR from "./messages.pt-BR.json";

export const NotifyMeMessages = createFeatureMessages({ en, "pt-BR": ptBR });
