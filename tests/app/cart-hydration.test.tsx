// A member's product page as the Worker sends it: the Worker never reads a member's cart, so
// "Add to cart" arrives disabled, the cart on its way. The header fetches the cart as soon as it
// hydrates, often before the product's part of the page does; that part must still hydrate as the
// server rendered it and enable the button right after, or the button keeps the server's
// "disabled" (React neither reports nor mends an attribute that differs while hydrating).
import { act, lazy, Suspense, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { IntlProvider } from "react-intl";
import { describe, expect, it } from "vitest";
import { hydrate } from "./fixtures/hydration";
import { BuyBox } from "../../app/features/store/BuyBox";
import { cartKeys } from "../../app/lib/cart/useCart";
import { rememberRenderedSession } from "../../app/lib/session/useSession";
import { meQueryOptions } from "../../app/lib/session/queries";
import type { MeResponse } from "../../worker/contracts/auth";
import type { PublicProduct } from "../../worker/contracts/store";

const member = { user: { id: "u1", username: "Ana", isVIP: false, isAdmin: false } } as unknown as MeResponse;

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
};

const memberClient = () => {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(meQueryOptions().queryKey, member);
  return client;
};

const Page = ({ client, children }: { client: QueryClient; children: ReactNode }) => (
  <QueryClientProvider client={client}>
    <IntlProvider locale="en" defaultLocale="en">
      <Suspense fallback="…">{children}</Suspense>
    </IntlProvider>
  </QueryClientProvider>
);

const addButton = (container: Element) => container.querySelector<HTMLButtonElement>("button[type=submit]")!;

describe("a member's product page hydrating after the cart has arrived", () => {
  it("hydrates the button as the server sent it, disabled, and enables it once hydrated", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(
      <Page client={memberClient()}>
        <BuyBox product={SHIRT} currency="usd" />
      </Page>,
    );
    document.body.appendChild(container);
    expect(addButton(container).disabled).toBe(true);

    const client = memberClient();
    rememberRenderedSession(client);
    let arrive!: () => void;
    const code = new Promise<void>((resolve) => (arrive = resolve));
    const LateBuyBox = lazy(() => code.then(() => ({ default: () => <BuyBox product={SHIRT} currency="usd" /> })));
    const recoverable: string[] = [];
    await act(async () => {
      hydrate(
        container,
        <Page client={client}>
          <LateBuyBox />
        </Page>,
        { onRecoverableError: (error) => recoverable.push(String(error)) },
      );
    });
    // The header's read of the member's cart answers before the product's part hydrates.
    await act(async () => client.setQueryData(cartKeys.member, { lines: [] }));
    await act(async () => arrive());

    expect(recoverable).toEqual([]);
    expect(addButton(container).disabled).toBe(false);
    expect(addButton(container).textContent).toBe("Add to cart");
  });
});
