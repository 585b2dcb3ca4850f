// Both languages' catalogs are loaded once before the tests, so an I18nProvider renders its text
// at once (the app loads the active one before its first render).
import { configure } from "@testing-library/react";
import { beforeAll } from "vitest";
import { loadCatalog } from "../../app/i18n/catalogs";

// A `findBy` waits for what the test claims, not for a time tuned to a quiet host: the app units
// share two cores with the node tests, the upload check and the journeys' preparation, and under a
// load of 9 a lazy page's first render took longer than testing-library's default second (two
// units failed there that pass quiet). The test's own limit (15 s, vitest.config.ts) still bounds it.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(async () => {
  await Promise.all([loadCatalog("en"), loadCatalog("pt-BR")]);
});

// The app reports each page view with navigator.sendBeacon (app/lib/pageViews.ts). happy-dom's
// sendBeacon makes a real request to its own origin, which nothing serves here: every page a test
// renders would end in an unhandled network error. Beacons go nowhere in tests unless a test
// replaces this to look at them (tests/app/page-views.test.ts).
Object.defineProperty(navigator, "sendBeacon", { value: () => true, configurable: true, writable: true });
