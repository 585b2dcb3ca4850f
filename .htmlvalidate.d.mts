// Types for .htmlvalidate.mjs so the Worker's HTML test can import it.
import type { ConfigData } from "html-validate/browser";
declare const config: ConfigData;
export default config;
