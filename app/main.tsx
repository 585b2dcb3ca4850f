import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { AppTree } from "./AppTree";
import { loadCatalog } from "./i18n/catalogs";
import { detectInitialLocale } from "./i18n/I18nProvider";
import { createAppQueryClient } from "./lib/queryClient";
import { configQueryOptions, meQueryOptions } from "./lib/session/queries";
import { rememberRenderedSession } from "./lib/session/useSession";
import { createAppRouter } from "./router";
import { registerServiceWorker } from "./lib/serviceWorker";
import { AfterHydration, captureEarlyInput } from "./ssr/hydrated";
import { hydrateState, readState } from "./ssr/state";
import "./styles.css";
// The events list (with its Notify me button), the contact form and the listening-party teaser are
// on the landing page, where most visits start: their few rules go in the one stylesheet every page
// loads, not in more render-blocking requests.
import "./features/events/events.css";
import "./components/notify-me/notify-me.css";
import "./features/contact/contact.css";
import "./features/parties/party-teaser.css";

// Start-up runs in short tasks, so a tap on a server-rendered page is answered between them: the
// modules' evaluation is one task, setting up the caches the next, making the router and loading
// its match one each after that, then hydration (in slices, see below).
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

async function start() {
  await nextTask();
  // A public page arrives rendered by the Worker, with the data it was rendered from: the app
  // hydrates that HTML with the same data and language. Other pages arrive as the bare shell.
  const serverState = readState();
  const serverData = new Set<string>();
  const queryClient = createAppQueryClient(serverData);
  if (serverState) {
    for (const hash of hydrateState(queryClient, serverState)) serverData.add(hash);
    rememberRenderedSession(queryClient);
  }
  const locale = serverState?.locale ?? detectInitialLocale();
  // The language's messages start loading now; the router (every route built and matched) is made
  // in the next task, each under a phone's 50 ms.
  const catalog = loadCatalog(locale).catch(() => undefined); // the English defaults then (the provider retries)
  await nextTask();
  // The router's loaders read the language here (app/router.tsx) before I18nProvider renders.
  document.documentElement.lang = locale;
  const router = createAppRouter(queryClient);
  // Hydration must build the tree the server built: the router renders its matches without the
  // Suspense boundary it adds around a page the browser renders from scratch.
  if (serverState) router.ssr = { manifest: undefined };
  // Matching the address and starting its loaders in a task of their own as well.
  await nextTask();

  // Everything the first screen waits for starts at once, not one after another: the site settings
  // and the session (every page's header uses them; a server-rendered page brought both), the
  // page's own chunks and loader data, and the language, which alone is loaded before the first
  // render, so no text flickers.
  void queryClient.prefetchQuery(configQueryOptions());
  void queryClient.prefetchQuery(meQueryOptions());
  const root = document.getElementById("root")!;
  const app = <AppTree queryClient={queryClient} router={router} locale={locale} />;
  const loaded = router.load().catch(() => undefined); // a failing loader shows its error once rendered
  // Hydration waits for the page's chunks too (the server's tree is complete); a page the browser
  // renders itself shows at once, with the router's pending state until its loaders are done.
  await (serverState ? Promise.all([loaded, catalog]) : catalog);
  await nextTask();
  // A transition: hydration yields to the browser between components, so a tap or a scroll is
  // answered while the page is being made interactive.
  if (serverState) {
    const early = captureEarlyInput(root);
    startTransition(() => void hydrateRoot(root, <AfterHydration early={early}>{app}</AfterHydration>));
  } else createRoot(root).render(app);
  // The service worker (decision 042) after the page: it registers once the page has loaded.
  registerServiceWorker();
}

void start();
