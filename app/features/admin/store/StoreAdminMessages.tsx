// The store page's own messages and the form kit's (its form fields, form frame and picture
// upload), shipped with this page's chunk inside the back office's messages.
import type { ReactNode } from "react";
import { FeatureMessages } from "../../../i18n/FeatureMessages";
import { AdminFormMessages } from "../components/form/AdminFormMessages";
import en from "./messages.en.json";
import ptBR from "./messages.pt-BR.json";

const catalogs = { en, "pt-BR": ptBR };

export const StoreAdminMessages = ({ children }: { children: ReactNode }) => (
  <AdminFormMessages>
    <FeatureMessages catalogs={catalogs}>{children}</FeatureMessages>
  </AdminFormMessages>
);
