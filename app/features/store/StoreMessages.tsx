// The store feature's messages, shipped with its chunks (the store's pages, and its buttons on
// album and track pages).
import type { ReactNode } from "react";
import { FeatureMessages } from "../../i18n/FeatureMessages";
import en from "./messages.en.json";
import ptBR from "./messages.pt-BR.json";

const catalogs = { en, "pt-BR": ptBR };

export const StoreMessages = ({ children }: { children: ReactNode }) => <FeatureMessages catalogs={catalogs}>{children}</FeatureMessages>;
