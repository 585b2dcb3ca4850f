// Shared helpers for the journeys: the demo accounts seeded by scripts/prepare-local.mjs, the
// translation catalogs (to check a page really switched language), and unique new members.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { siteCatalog, sitePortuguese } from "../../scripts/lib/english-messages.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");
const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(ROOT, file), "utf8")) as T;

export type DemoAccount = { key: string; id: string; email: string; username: string; password: string; role: "admin" | "vip" | "user" | "door" };

const demoAccounts = readJson<{ accounts: DemoAccount[] }>("scripts/demo-data.json").accounts;

export function demoAccount(key: "admin" | "vip" | "fan" | "door"): DemoAccount {
  const account = demoAccounts.find((a) => a.key === key);
  if (!account) throw new Error(`No demo account "${key}" in scripts/demo-data.json`);
  return account;
}

type Catalog = Record<string, string>;
const catalogs: Record<"en" | "pt-BR", Catalog> = {
  // The site's English is read from the source's defaultMessages (scripts/lib/english-messages.mjs).
  en: siteCatalog(),
  "pt-BR": sitePortuguese(),
};

/** The text a catalog gives a message id; fails loudly when the id is missing. */
export function t(locale: "en" | "pt-BR", id: string): string {
  const text = catalogs[locale][id];
  if (text === undefined) throw new Error(`Message "${id}" is missing from the site's ${locale} catalog`);
  return text;
}

/** A member nobody has used before, so the journey can run again against the same server. */
export function newMember() {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const username = `e2e_${stamp}`;
  return { username, email: `${username}@example.com`, password: "first-pass-1", newPassword: "second-pass-2" };
}

/** Opens the header's account menu (the bar's on a wide screen, the phone menu's on a narrow one) and gives its entry `name`. */
export async function accountMenuItem(page: Page, name: string | RegExp): Promise<Locator> {
  const banner = page.getByRole("banner");
  await banner.getByRole("button", { name: /, (account menu|menu da conta)$/ }).click();
  return banner.getByRole("menuitem", { name });
}
