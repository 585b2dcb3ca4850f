// Types for precompiled-messages.mjs.
import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import type { Plugin } from "vite";
export function compileCatalog(catalog: Record<string, string>): Record<string, MessageFormatElement[]>;
export function precompiledMessages(): Plugin;
