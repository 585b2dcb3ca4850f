// The events feature's messages (the list, the /events page extras and the virtual meet page),
// shipped with its chunks. EventsList wraps itself in it because the landing page renders it too.
import { createFeatureMessages } from "../../i18n/FeatureMessages";
import en from "./messages?english";
import ptBR from "./messages.pt-BR.json";

export const EventsMessages = createFeatureMessages({ en, "pt-BR": ptBR });
