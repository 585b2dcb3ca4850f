// The control room's own messages, shipped with this page's chunk inside the back office's messages.
import { createFeatureMessages } from "../../../i18n/FeatureMessages";
import en from "./messages?english";
import ptBR from "./messages.pt-BR.json";

export const LiveAdminMessages = createFeatureMessages({ en, "pt-BR": ptBR });
