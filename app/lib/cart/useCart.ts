// The cart, wherever it is kept: a visitor's in this browser, a member's by the Worker (GET and PUT
// /api/store/cart). On sign-in the browser's cart is merged into the member's (POST
// /api/store/cart/merge: quantities summed within each product's limit) and the browser's copy is
// cleared; the header's badge runs that merge, since it is on every page. The cart's choices (the
// country to ship to, the code applied) are kept with it the same way: in this browser
// (browserCartOptions.ts) or by the Worker (PUT /api/store/cart/options), and merged on sign-in.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { api } from "../api";
import { useAsServerRendered } from "../useAsServerRendered";
import { useSessionUser } from "../session/useSession";
import { browserCart } from "./browserCart";
import { browserCartOptions, NO_OPTIONS } from "./browserCartOptions";
import type { CartLine, CartOptions } from "#contracts/store/cart.ts";

/** GET /api/store/cart's answer (the contract's StoreCartResponse, without its zod module). */
type CartAnswer = { lines: CartLine[] } & Partial<CartOptions>;

const CART_API = "/api/store/cart";
const EMPTY: CartLine[] = [];

export const cartKeys = { member: ["store", "cart"] as const };

export const memberCartQueryOptions = () =>
  queryOptions({
    queryKey: cartKeys.member,
    queryFn: ({ signal }) => api<CartAnswer>(CART_API, { signal }),
    staleTime: 30_000,
  });

/** The browser's cart as React sees it (none while a server-rendered page hydrates). */
export const useBrowserCart = () => useSyncExternalStore(browserCart.subscribe, browserCart.get, browserCart.getServerSnapshot);

export const useBrowserCartOptions = () => useSyncExternalStore(browserCartOptions.subscribe, browserCartOptions.get, browserCartOptions.getServerSnapshot);

const optionsOf = (answer: CartAnswer | undefined): CartOptions => ({
  shippingCountry: answer?.shippingCountry ?? null,
  promoCode: answer?.promoCode ?? null,
});

export function useCart() {
  const { user } = useSessionUser();
  const local = useBrowserCart();
  const localOptions = useBrowserCartOptions();
  const queryClient = useQueryClient();
  const member = useQuery({ ...memberCartQueryOptions(), enabled: user !== null });
  const save = useMutation({
    // One save at a time, in order: the last change made is the one kept.
    scope: { id: "store-cart" },
    mutationFn: (lines: CartLine[]) => api<CartAnswer>(CART_API, { method: "PUT", json: { lines } }),
    onMutate: async (lines) => {
      await queryClient.cancelQueries({ queryKey: cartKeys.member });
      const previous = queryClient.getQueryData<CartAnswer>(cartKeys.member);
      queryClient.setQueryData<CartAnswer>(cartKeys.member, { lines });
      return { previous };
    },
    onError: (_error, _lines, context) => {
      if (context?.previous) queryClient.setQueryData(cartKeys.member, context.previous);
    },
    onSuccess: (answer) => queryClient.setQueryData(cartKeys.member, answer),
  });
  const saveOptions = useMutation({
    scope: { id: "store-cart" },
    mutationFn: (options: CartOptions) => api<CartAnswer>(`${CART_API}/options`, { method: "PUT", json: options }),
    onMutate: async (options) => {
      await queryClient.cancelQueries({ queryKey: cartKeys.member });
      const previous = queryClient.getQueryData<CartAnswer>(cartKeys.member);
      if (previous) queryClient.setQueryData<CartAnswer>(cartKeys.member, { ...previous, ...options });
      return { previous };
    },
    onError: (_error, _options, context) => {
      if (context?.previous) queryClient.setQueryData(cartKeys.member, context.previous);
    },
    onSuccess: (answer) => queryClient.setQueryData(cartKeys.member, answer),
  });

  const signedIn = user !== null;
  // The Worker never reads a member's cart: it rendered one on its way (see useAsServerRendered).
  const asServerRendered = useAsServerRendered();
  const memberCart = asServerRendered ? undefined : member.data;
  return {
    signedIn,
    lines: signedIn ? (memberCart?.lines ?? EMPTY) : local,
    /** A member's cart is on its way from the Worker. */
    loading: signedIn && (asServerRendered || member.isPending),
    loadError: signedIn && !asServerRendered ? member.error : null,
    retryLoad: () => void member.refetch(),
    /** Replaces the lines; a member's refusal (a line no longer allowed) rejects and keeps the old ones. */
    setLines: async (lines: CartLine[]) => {
      if (signedIn) await save.mutateAsync(lines);
      else browserCart.set(lines);
    },
    /** The country to ship to and the code applied, kept with the cart. */
    options: signedIn ? (memberCart ? optionsOf(memberCart) : NO_OPTIONS) : localOptions,
    /** Keeps the cart's choices; a member's failed save leaves the ones before (a choice is never money). */
    setOptions: (options: CartOptions) => {
      if (signedIn) saveOptions.mutate(options);
      else browserCartOptions.set(options);
    },
    saving: save.isPending,
    saveError: save.error,
    clearSaveError: save.reset,
  };
}

/** Once a member is signed in, the browser's cart joins theirs and the browser forgets it. */
export function useMergeBrowserCartOnSignIn() {
  const { user } = useSessionUser();
  const local = useBrowserCart();
  const localOptions = useBrowserCartOptions();
  const queryClient = useQueryClient();
  const merging = useRef(false);
  useEffect(() => {
    if (!user || local.length === 0 || merging.current) return;
    merging.current = true;
    const options = localOptions.shippingCountry || localOptions.promoCode ? { options: localOptions } : {};
    api<CartAnswer>(`${CART_API}/merge`, { method: "POST", json: { lines: local, ...options } })
      .then(async (answer) => {
        // The merged cart is the member's now: a read of it still on its way is older.
        await queryClient.cancelQueries({ queryKey: cartKeys.member });
        queryClient.setQueryData(cartKeys.member, answer);
        browserCart.clear();
        browserCartOptions.set(NO_OPTIONS);
      })
      // The browser keeps its copy and tries again on the next change or page.
      .catch(() => undefined)
      .finally(() => {
        merging.current = false;
      });
  }, [user, local, localOptions, queryClient]);
}
