// The app's server entry: the Worker renders public pages with it (worker/routes/pages.ts). The
// same route tree, loaders, queries and components as the browser, on a memory history: the
// loaders' data is fetched through the Worker's own API routes, the page renders once it has all
// arrived, and the data travels in the page (./state.ts) for the browser to hydrate from.
import { createMemoryHistory } from "@tanstack/react-router";
import type { QueryClient } from "@tanstack/react-query";
import { prerender } from "react-dom/static";
import { AppTree } from "../AppTree";
import { loadCatalog } from "../i18n/catalogs";
import { setApiTransport } from "../lib/api";
import { createAppQueryClient } from "../lib/queryClient";
import { configQueryOptions, meQueryOptions } from "../lib/session/queries";
import { requireAdminRoute, requireSignedIn } from "../lib/session/guards";
import { OriginContext } from "../lib/origin";
import { PageHeadContext } from "../lib/usePageMeta";
import { createAppRouter } from "../router";
import { missingDataOf, serializeState } from "./state";
import type { AppSsr, PageHead, PageMatch, RenderInput, RenderedPage } from "#contracts/ssr.ts";

const pathOf = (url: string) => {
  const { pathname, search } = new URL(url);
  return pathname + search;
};

/** Resolves once no query of `client` is fetching (a loader may start some without awaiting them). */
function settled(client: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (client.isFetching() > 0) return;
      stop();
      resolve();
    };
    const stop = client.getQueryCache().subscribe(check);
    check();
  });
}

/** The guards that send a visitor to sign in (app/lib/session/guards.ts). */
const SIGN_IN_GUARDS: readonly unknown[] = [requireSignedIn, requireAdminRoute];

/**
 * The router that only matches addresses: one per isolate, since matching reads the route tree alone
 * (making a router for every request cost about 3 ms of a page's CPU).
 */
let matcher: ReturnType<typeof createAppRouter> | undefined;

export function matchPage(url: string): PageMatch {
  const router = (matcher ??= createAppRouter(createAppQueryClient(), createMemoryHistory({ initialEntries: ["/"] }), () => "en"));
  const [matched, , foundRoute] = router.getMatchedRoutes(new URL(url).pathname);
  // A page behind a sign-in guard: the address the guard sends a visitor to, built as it builds it,
  // so the Worker can redirect at once instead of sending a blank shell to run the guard.
  const guarded = matched.some((route) => SIGN_IN_GUARDS.includes(route.options.beforeLoad));
  const signIn = guarded ? router.buildLocation({ to: "/social/login", search: { redirect: pathOf(url) } }).href : null;
  return { routeId: foundRoute?.id ?? null, signIn };
}

export async function renderPage({ url, locale }: RenderInput): Promise<RenderedPage> {
  const queryClient = createAppQueryClient();
  // A page renders what its loaders fetched, failures included ("not found"), at once: the server
  // never retries (a retry waits a second), and a failure is not a spinner for a retry on mount
  // (the browser's hydration keeps them too: ./state.ts). The few queries with a retry of their
  // own retry only a 5xx or a lost connection.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false, retryOnMount: false } });
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [pathOf(url)] }), () => locale);
  // As in the browser's entry: the header's settings and session, the page's loaders, the language.
  await Promise.all([queryClient.prefetchQuery(configQueryOptions()), queryClient.prefetchQuery(meQueryOptions()), router.load(), loadCatalog(locale)]);
  await settled(queryClient);
  // A guard's redirect (a signed-in member on /social/login) or the router's canonical address.
  const outcome = (router as unknown as { _serverResult?: { type: string; redirect?: Response } })._serverResult;
  if (outcome?.type === "redirect" && outcome.redirect) {
    return {
      status: outcome.redirect.status,
      redirect: outcome.redirect.headers.get("Location") ?? "/",
      html: "",
      head: { title: "", description: "" },
      routeId: "",
      state: "",
    };
  }

  const head: Partial<PageHead> = {};
  let failure: unknown = null;
  // prerender, not a stream: it waits for every lazy part of the page and writes the whole page
  // at once, so the HTML needs no inline scripts to put late parts in place (the CSP allows none).
  const { prelude } = await prerender(
    <OriginContext value={new URL(url).origin}>
      <PageHeadContext value={head}>
        <AppTree queryClient={queryClient} router={router} locale={locale} />
      </PageHeadContext>
    </OriginContext>,
    // With no limit on a part's size, React writes every part in place, never outlined for later.
    { onError: (error) => void (failure ??= error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  if (failure) throw failure;

  const matches = router.state.matches;
  const notFound = matches.some((match) => match.status === "notFound" || match._notFound) || missingDataOf(queryClient);
  return {
    status: notFound ? 404 : 200,
    html,
    head: { title: head.title ?? "", description: head.description ?? "", image: head.image, type: head.type },
    routeId: matches.at(-1)?.routeId ?? "__root__",
    state: serializeState(queryClient, locale),
  };
}

export { setApiTransport };

export default { setApiTransport, matchPage, renderPage } satisfies AppSsr;
