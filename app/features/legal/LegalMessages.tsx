// The legal pages' messages (legal.* in messages.<locale>.json), shipped with the legal routes'
// chunks instead of the entry chunk: the long texts weigh only on the pages that show them.
import type { ReactNode } from "react";
import { FeatureMessages } from "../../i18n/FeatureMessages";
import en from "./messages.en.json";
import ptBR from "./messages.pt-BR.json";

const catalogs = { en, "pt-BR": ptBR };

export const LegalMessages = ({ children }: { children: ReactNode }) => <FeatureMessages catalogs={catalogs}>{children}</FeatureMessages>;
