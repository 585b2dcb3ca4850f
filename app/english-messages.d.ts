// An English catalog, read from the descriptors' defaultMessages by the english-messages Vite
// plugin (scripts/lib/english-messages.mjs): a feature's `import en from "./messages?english"`,
// the site's `import("./en?english")` in app/i18n.
declare module "*?english" {
  const catalog: Record<string, string>;
  export default catalog;
}
