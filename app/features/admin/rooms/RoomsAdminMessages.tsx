// The rooms page's own messages and the form kit's, shipped with this page's chunk inside the back
// office's messages.
import { createFeatureMessages } from "../../../i18n/FeatureMessages";
import { AdminFormMessages } from "../components/form/AdminFormMessages";
import en from "./messages?english";
import ptBR from "./messages.pt-BR.json";

export const RoomsAdminMessages = createFeatureMessages({ en, "pt-BR": ptBR }, { with: [AdminFormMessages] });
