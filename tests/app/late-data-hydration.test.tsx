// Data the Worker never reads while rendering a page arrives in the browser after it: a member's
// cart (the header asks for it as soon as it hydrates) and a VIP's favorites (the first group of
// track rows asks). A part of the page that hydrates after the answer (a Suspense boundary whose
// turn comes later) must still hydrate as the server rendered it and show the answer right after,
// or the attributes it differs in keep the server's values: React neither reports nor mends an
// attribute that differs while hydrating (a disabled "Add to cart", an empty heart's
// aria-pressed on a favorite).
import { act, Suspense, type ReactElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { IntlProvider } from "react-intl";
import { describe, expect, it } from "vitest";
import { hydrateWithLatePart } from "./fixtures/hydration";
import { BuyBox } from "../../app/features/store/BuyBox";
import { FavoriteToggle } from "../../app/features/music/collections/FavoriteToggle";
import { favoritesQueryKey } from "../../app/features/music/collections/favorites";
import { cartKeys } from "../../app/lib/cart/useCart";
import { rememberRenderedSession } from "../../app/lib/session/useSession";
import { meQueryOptions } from "../../app/lib/session/queries";
import type { MeResponse } from "../../worker/contracts/auth";
import type { PublicProduct } from "../../worker/contracts/store/store";
import { track } from "./player-fakes";

const member = { user: { id: "u1", username: "Ana", isVIP: false, isAdmin: false } } as unknown as MeResponse;
const vip = { user: { id: "u2", username: "Bia", isVIP: true, isAdmin: false } } as unknown as MeResponse;

const SHIRT: PublicProduct = {
  id: "p-shirt",
  slug: "tour-shirt",
  kind: "merch",
  state: "live",
  title: "Tour Shirt",
  description: "",
  pricing: "fixed",
  price: { usd: 2500, brl: 12500 },
  regularPrice: { usd: 2500, brl: 12500 },
  vipPrice: null,
  vipApplied: false,
  suggested: null,
  perOrderLimit: 4,
  images: [],
  variants: [{ id: "v-l", size: "L", colour: null, stock: { state: "in_stock", left: null }, maxQuantity: 4 }],
  stock: { state: "in_stock", left: null },
  maxQuantity: 4,
  release: null,
  bundledRelease: null,
  giftMonths: null,
  physical: true,
  shipsFrom: null,
};

const clientFor = (me: MeResponse) => {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(meQueryOptions().queryKey, me);
  return client;
};

const Page = ({ client, children }: { client: QueryClient; children: ReactNode }) => (
  <QueryClientProvider client={client}>
    <IntlProvider locale="en" defaultLocale="en">
      <Suspense fallback="…">{children}</Suspense>
    </IntlProvider>
  </QueryClientProvider>
);

/**
 * `part` as the Worker renders it for `me`, then hydrated with its code held back while `arrives`
 * puts the browser's answer in the cache. Returns the page and what React reported.
 */
async function hydrateAfterAnswer(me: MeResponse, part: ReactElement, arrives: (client: QueryClient) => void) {
  const container = document.createElement("div");
  container.innerHTML = renderToString(<Page client={clientFor(me)}>{part}</Page>);
  document.body.appendChild(container);
  const served = container.innerHTML;

  const client = clientFor(me);
  rememberRenderedSession(client);
  const { recoverable, arrive } = await hydrateWithLatePart(
    container,
    (late) => <Page client={client}>{late}</Page>,
    () => part,
  );
  expect(container.innerHTML).toBe(served);
  await act(async () => arrives(client));
  await arrive();
  return { container, recoverable };
}

describe("a part hydrating after data the Worker never reads has arrived", () => {
  it("enables a member's Add to cart once hydrated (the server sent it disabled, the cart on its way)", async () => {
    const addButton = (container: Element) => container.querySelector<HTMLButtonElement>("button[type=submit]")!;
    const { container, recoverable } = await hydrateAfterAnswer(member, <BuyBox product={SHIRT} currency="usd" />, (client) =>
      client.setQueryData(cartKeys.member, { lines: [] }),
    );
    expect(recoverable).toEqual([]);
    expect(addButton(container).disabled).toBe(false);
    expect(addButton(container).textContent).toBe("Add to cart");
  });

  it("shows a VIP's favorite as pressed once hydrated (the server sent every heart empty)", async () => {
    const favorite = track(1);
    const { container, recoverable } = await hydrateAfterAnswer(vip, <FavoriteToggle track={favorite} />, (client) =>
      client.setQueryData(favoritesQueryKey, { tracks: [favorite] }),
    );
    expect(recoverable).toEqual([]);
    const heart = container.querySelector("button")!;
    expect(heart.getAttribute("aria-pressed")).toBe("true");
    expect(heart.getAttribute("aria-label")).toBe("Remove Track 1 from favorites");
    expect(heart.className).toBe("fav-toggle is-favorite");
    expect(container.querySelector("svg")!.getAttribute("fill")).toBe("currentColor");
  });
});
