// The revenue page's messages, shipped with this page's chunk inside the back office's messages.
import type { ReactNode } from "react";
import { FeatureMessages } from "../../../i18n/FeatureMessages";
import en from "./messages.en.json";
import ptBR from "./messages.pt-BR.json";

const catalogs = { en, "pt-BR": ptBR };

export const RevenueMessages = ({ children }: { children: ReactNode }) => <FeatureMessages catalogs={catalogs}>{children}</FeatureMessages>;
