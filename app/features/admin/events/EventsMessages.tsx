// The events and venues pages' own messages, shipped with their chunks (inside the back office's).
import type { ReactNode } from "react";
import { FeatureMessages } from "../../../i18n/FeatureMessages";
import en from "./messages.en.json";
import ptBR from "./messages.pt-BR.json";

const catalogs = { en, "pt-BR": ptBR };

export const EventsMessages = ({ children }: { children: ReactNode }) => <FeatureMessages catalogs={catalogs}>{children}</FeatureMessages>;
