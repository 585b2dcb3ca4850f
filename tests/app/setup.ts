// Both languages' catalogs are loaded once before the tests, so an I18nProvider renders its text
// at once (the app loads the active one before its first render).
import { beforeAll } from "vitest";
import { loadCatalog } from "../../app/i18n/catalogs";

beforeAll(async () => {
  await Promise.all([loadCatalog("en"), loadCatalog("pt-BR")]);
});

// The app reports each page view with navigator.sendBeacon (app/lib/pageViews.ts). happy-dom's
// sendBeacon makes a real request to its own origin, which nothing serves here: every page a test
// renders would end in an unhandled network error. Beacons go nowhere in tests unless a test
// replaces this to look at them (tests/app/page-views.test.ts).
Object.defineProperty(navigator, "sendBeacon", { value: () => true, configurable: true, writable: true });
