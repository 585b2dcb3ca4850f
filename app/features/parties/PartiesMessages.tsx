// The listening parties' own messages, shipped with their chunks. The teaser wraps itself in it
// because the landing page and /events render it outside the parties' route.
import { createFeatureMessages } from "../../i18n/FeatureMessages";
import en from "./messages?english";
import ptBR from "./messages.pt-BR.json";

export const PartiesMessages = createFeatureMessages({ en, "pt-BR": ptBR });
