// The events and venues pages' own messages, shipped with their chunks (inside the back office's).
import { createFeatureMessages } from "../../../i18n/FeatureMessages";
import en from "./messages?english";
import ptBR from "./messages.pt-BR.json";

export const EventsMessages = createFeatureMessages({ en, "pt-BR": ptBR });
