// Both languages' catalogs are loaded once before the tests, so an I18nProvider renders its text
// at once (the app loads the active one before its first render).
import { beforeAll } from "vitest";
import { loadCatalog } from "../../app/i18n/catalogs";

beforeAll(async () => {
  await Promise.all([loadCatalog("en"), loadCatalog("pt-BR")]);
});
