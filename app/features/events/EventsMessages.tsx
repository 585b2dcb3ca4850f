// The events feature's messages (the list, the /events page extras and the virtual meet page),
// shipped with its chunks. EventsList wraps itself in it because the landing page renders it too.
import type { ReactNode } from "react";
import { FeatureMessages } from "../../i18n/FeatureMessages";
import en from "./messages.en.json";
import ptBR from "./messages.pt-BR.json";

const catalogs = { en, "pt-BR": ptBR };

export const EventsMessages = ({ children }: { children: ReactNode }) => <FeatureMessages catalogs={catalogs}>{children}</FeatureMessages>;
