// The member's offer card's messages, shipped with the chunk of the page that shows it.
import { createFeatureMessages } from "../../i18n/FeatureMessages";
import en from "./messages?english";
import ptBR from "./messages.pt-BR.json";

export const OfferMessages = createFeatureMessages({ en, "pt-BR": ptBR });
