// The import page's own messages and the form kit's, shipped with its chunk.
import { createFeatureMessages } from "../../../i18n/FeatureMessages";
import { AdminFormMessages } from "../components/form/AdminFormMessages";
import en from "./messages?english";
import ptBR from "./messages.pt-BR.json";

export const CatalogImportMessages = createFeatureMessages({ en, "pt-BR": ptBR }, { with: [AdminFormMessages] });
