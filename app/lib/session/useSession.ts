// Read-only views of the two queries every shell component needs.
import { createContext, useContext, useSyncExternalStore } from "react";
import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { configQueryOptions, meQueryOptions } from "./queries";
import type { MeResponse } from "#contracts/auth.ts";

const meKey = meQueryOptions().queryKey;

/** The session each query client held when its page began to hydrate: the one the server rendered. */
const renderedSessions = new WeakMap<QueryClient, MeResponse | undefined>();

/**
 * Called once the server's data is in `client`, before hydrating: a part of the page that hydrates
 * late (a Suspense boundary) then hydrates with the session the server rendered, even if a sign-in,
 * sign-up or sign-out changed it meanwhile, and shows the new one right after. Rendered with the
 * new session over the server's HTML, it would be a hydration mismatch (React's error 418).
 */
export function rememberRenderedSession(client: QueryClient) {
  renderedSessions.set(client, client.getQueryData(meKey));
}

/**
 * Re-renders come from the query observer below (under a scope, from the scope's, through its
 * context), so the store needs no subscription of its own.
 */
const observedByQuery = () => () => {};

export type SessionAnswer = { me: MeResponse | undefined; isPending: boolean };

/**
 * One observer's answer shared by the many small readers under it (`SessionAnswerScope`, around a
 * table of track rows: three readers a row, each with an observer of its own that set a stale-time
 * timer as the page started, were a third of the music hub's longest flush of effects). A reader
 * under it keeps an observer that does not subscribe; the scope's own fetches and refetches.
 */
export const SharedSessionAnswer = createContext<SessionAnswer | null>(null);

/**
 * The /api/auth/me answer (undefined until there is one) and whether it is still awaited. While a
 * part of the page hydrates, the answer the server rendered; React then re-renders the part at
 * once if the current one differs.
 */
export function useSessionAnswer(): SessionAnswer {
  const shared = useContext(SharedSessionAnswer);
  const client = useQueryClient();
  const own = useQuery({ ...meQueryOptions(), subscribed: shared === null });
  const data = shared ? shared.me : own.data;
  const current = () => data;
  const rendered = () => (renderedSessions.has(client) ? renderedSessions.get(client) : data);
  return { me: useSyncExternalStore(observedByQuery, current, rendered), isPending: shared ? shared.isPending : own.isPending };
}

/** The signed-in user, or null for a visitor (also while loading and when /api/auth/me fails). */
export function useSessionUser() {
  const { me, isPending } = useSessionAnswer();
  return { user: me?.user ?? null, isPending };
}

/** Public site settings (brand, e-mails, outside links, VIP price); undefined until loaded. */
export function useSiteConfig() {
  return useQuery(configQueryOptions()).data;
}

/** VIP content is open to VIP members and administrators (docs/design.md#43-roles-and-guards: requireVIP). */
export function canUseVipContent(user: { isVIP: boolean; isAdmin: boolean } | null): boolean {
  return !!user && (user.isVIP || user.isAdmin);
}
