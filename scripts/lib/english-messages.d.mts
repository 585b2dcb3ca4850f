// Types for english-messages.mjs.
import type { Plugin } from "vite";
export function descriptorsIn(file: string, text?: string): { id: string; message: string }[];
export function featureSources(folder: string): string[];
export function featureFolders(folder?: string): string[];
export function englishCatalog(folder: string, options?: { files?: string[] }): Record<string, string>;
export function englishMessages(): Plugin;
export const SITE_ENGLISH: string;
export function siteCatalog(options?: { files?: string[] }): Record<string, string>;
export function siteTextFiles(): string[];
export function sitePortuguese(): Record<string, string>;
