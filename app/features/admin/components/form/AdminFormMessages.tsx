// The form kit's messages, shipped with the chunks of the pages that use the kit: such a page's
// own messages provider wraps its content in this one.
import type { ReactNode } from "react";
import { FeatureMessages } from "../../../../i18n/FeatureMessages";
import en from "./messages.en.json";
import ptBR from "./messages.pt-BR.json";

const catalogs = { en, "pt-BR": ptBR };

export const AdminFormMessages = ({ children }: { children: ReactNode }) => <FeatureMessages catalogs={catalogs}>{children}</FeatureMessages>;
