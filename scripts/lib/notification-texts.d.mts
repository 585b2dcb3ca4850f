// Types for notification-texts.mjs.
import type { Plugin } from "vite";
export function notificationTextsPlugin(): Plugin;
