// A feature's English catalog, read from its descriptors' defaultMessages by the english-messages
// Vite plugin (scripts/lib/english-messages.mjs): `import en from "./messages?english"`.
declare module "*?english" {
  const catalog: Record<string, string>;
  export default catalog;
}
