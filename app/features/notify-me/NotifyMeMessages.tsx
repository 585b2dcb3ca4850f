// The "Notify me" link pages' messages, shipped with their chunk.
import type { ReactNode } from "react";
import { FeatureMessages } from "../../i18n/FeatureMessages";
import en from "./messages.en.json";
import ptBR from "./messages.pt-BR.json";

const catalogs = { en, "pt-BR": ptBR };

export const NotifyMeMessages = ({ children }: { children: ReactNode }) => <FeatureMessages catalogs={catalogs}>{children}</FeatureMessages>;
