// The radio's messages (page, mini player, popup), shipped with the radio chunks.
import type { ReactNode } from "react";
import { FeatureMessages } from "../../i18n/FeatureMessages";
import en from "./messages.en.json";
import ptBR from "./messages.pt-BR.json";

const catalogs = { en, "pt-BR": ptBR };

export const RadioMessages = ({ children }: { children: ReactNode }) => <FeatureMessages catalogs={catalogs}>{children}</FeatureMessages>;
