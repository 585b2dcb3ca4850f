// The form kit's messages, shipped with the chunks of the pages that use the kit: such a page's
// own messages provider wraps its content in this one.
import { createFeatureMessages } from "#app/i18n/FeatureMessages.tsx";
import en from "./messages?english";
import ptBR from "./messages.pt-BR.json";

export const AdminFormMessages = createFeatureMessages({ en, "pt-BR": ptBR });
