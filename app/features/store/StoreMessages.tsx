// The store feature's messages, shipped with its chunks (the store's pages, and its buttons on
// album and track pages).
import { createFeatureMessages } from "../../i18n/FeatureMessages";
import en from "./messages?english";
import ptBR from "./messages.pt-BR.json";

export const StoreMessages = createFeatureMessages({ en, "pt-BR": ptBR });
