// The notification centre's sentences, each kind's ICU message by language, served by the
// notification-texts Vite plugin (scripts/lib/notification-texts.mjs) from the areas' words files:
// plain strings in dev and tests, compiled message ASTs in a build.
declare module "virtual:notification-texts" {
  import type { MessageFormatElement } from "react-intl";
  import type { NotificationKind } from "#contracts/notifications.ts";
  const texts: Record<"en" | "pt-BR", Record<NotificationKind, string | MessageFormatElement[]>>;
  export default texts;
}
