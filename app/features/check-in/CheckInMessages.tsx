// The check-in page's own messages, loaded with its route's chunk rather than the entry.
import { createFeatureMessages } from "../../i18n/FeatureMessages";
import en from "./messages?english";
import ptBR from "./messages.pt-BR.json";

export const CheckInMessages = createFeatureMessages({ en, "pt-BR": ptBR });
