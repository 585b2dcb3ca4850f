// The community rooms' own messages, shipped with their chunks.
import { createFeatureMessages } from "../../i18n/FeatureMessages";
import en from "./messages?english";
import ptBR from "./messages.pt-BR.json";

export const RoomsMessages = createFeatureMessages({ en, "pt-BR": ptBR });
