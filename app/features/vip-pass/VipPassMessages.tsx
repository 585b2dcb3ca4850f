// The pass's own messages, loaded with the profile route's chunk rather than the entry.
import { createFeatureMessages } from "../../i18n/FeatureMessages";
import en from "./messages?english";
import ptBR from "./messages.pt-BR.json";

export const VipPassMessages = createFeatureMessages({ en, "pt-BR": ptBR });
