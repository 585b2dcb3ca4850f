// An English catalog, read from the descriptors' defaultMessages by the english-messages Vite
// plugin (scripts/lib/english-messages.mjs): a feature's `import en from "./messages?english"`,
// the site's `import("./en?english")` in app/i18n. The same plugin makes a feature's provider of
// its catalogs: `import XMessages from "./messages?feature"`.
declare module "*?english" {
  const catalog: Record<string, string>;
  export default catalog;
}

declare module "*?feature" {
  import type { ComponentType, ReactNode } from "react";
  const FeatureProvider: ComponentType<{ children: ReactNode }>;
  export default FeatureProvider;
}
