// The store page's own messages and the form kit's (its form fields, form frame and picture
// upload), shipped with this page's chunk inside the back office's messages.
import { createFeatureMessages } from "../../../i18n/FeatureMessages";
import { AdminFormMessages } from "../components/form/AdminFormMessages";
import en from "./messages?english";
import ptBR from "./messages.pt-BR.json";

export const StoreAdminMessages = createFeatureMessages({ en, "pt-BR": ptBR }, { with: [AdminFormMessages] });
