// The back office's messages, shipped with the admin chunks rather than the entry chunk: the
// /admin layout route wraps every admin page in it.
import { createFeatureMessages } from "../../i18n/FeatureMessages";
import en from "./messages?english";
import ptBR from "./messages.pt-BR.json";

export const AdminMessages = createFeatureMessages({ en, "pt-BR": ptBR });
