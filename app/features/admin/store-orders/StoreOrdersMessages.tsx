// The store orders' own messages, shipped with their chunk (inside the back office's messages),
// with the form kit's, whose dialogs the shipping and refund forms use.
import type { ReactNode } from "react";
import { FeatureMessages } from "../../../i18n/FeatureMessages";
import { AdminFormMessages } from "../components/form/AdminFormMessages";
import en from "./messages.en.json";
import ptBR from "./messages.pt-BR.json";

const catalogs = { en, "pt-BR": ptBR };

export const StoreOrdersMessages = ({ children }: { children: ReactNode }) => (
  <FeatureMessages catalogs={catalogs}>
    <AdminFormMessages>{children}</AdminFormMessages>
  </FeatureMessages>
);
