// The perks page's own messages, and the catalog's (its form fields, form frame and picture upload
// are reused here), shipped with this page's chunk inside the back office's messages.
import type { ReactNode } from "react";
import { FeatureMessages } from "../../../i18n/FeatureMessages";
import { CatalogMessages } from "../catalog/CatalogMessages";
import en from "./messages.en.json";
import ptBR from "./messages.pt-BR.json";

const catalogs = { en, "pt-BR": ptBR };

export const PerksAdminMessages = ({ children }: { children: ReactNode }) => (
  <CatalogMessages>
    <FeatureMessages catalogs={catalogs}>{children}</FeatureMessages>
  </CatalogMessages>
);
