// The store orders' own messages, shipped with their chunk (inside the back office's messages),
// with the form kit's, whose dialogs the shipping and refund forms use.
import { createFeatureMessages } from "../../../i18n/FeatureMessages";
import { AdminFormMessages } from "../components/form/AdminFormMessages";
import en from "./messages?english";
import ptBR from "./messages.pt-BR.json";

export const StoreOrdersMessages = createFeatureMessages({ en, "pt-BR": ptBR }, { with: [AdminFormMessages] });
