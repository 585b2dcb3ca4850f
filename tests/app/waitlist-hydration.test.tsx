// The waitlist's line under a sold-out type is rendered by the Worker as "checking" for a member
// (it never reads their places); a card hydrating after the browser's answer arrived must still
// hydrate as the server rendered it, then show the member's state right after.
import { act, Suspense, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { IntlProvider } from "react-intl";
import { describe, expect, it } from "vitest";
import { hydrateWithLatePart } from "./fixtures/hydration";
import { WaitlistJoin } from "../../app/features/waitlist/WaitlistJoin";
import { waitlistKeys } from "../../app/features/waitlist/queries";
import { rememberRenderedSession } from "../../app/lib/session/useSession";
import { meQueryOptions } from "../../app/lib/session/queries";
import type { MeResponse } from "../../worker/contracts/auth";
import type { PublicEvent } from "../../worker/contracts/events";
import type { PublicTicketType } from "../../worker/contracts/tickets/event-tickets-model";

const member = { user: { id: "u1", username: "Ana", isVIP: false, isAdmin: false } } as unknown as MeResponse;
const BALCONY: PublicTicketType = {
  id: "tt-balcony",
  name: "Balcony",
  priceCents: 4000,
  currency: "usd",
  perOrderLimit: 4,
  vipOnly: false,
  minTier: null,
  left: null,
  soldOut: true,
};
const EVENT = { id: "ev-1", title: "Ticket Night" } as PublicEvent;

const clientFor = () => {
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

describe("a member's waitlist line", () => {
  it("hydrates as the server rendered it after the places arrived, then shows them", async () => {
    const part = <WaitlistJoin event={EVENT} type={BALCONY} />;
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Page client={clientFor()}>{part}</Page>);
    document.body.appendChild(container);
    const served = container.innerHTML;
    expect(container.textContent).toBe("Checking the waitlist...");

    const client = clientFor();
    rememberRenderedSession(client);
    const { recoverable, arrive } = await hydrateWithLatePart(
      container,
      (late) => <Page client={client}>{late}</Page>,
      () => part,
    );
    expect(container.innerHTML).toBe(served);
    await act(async () => {
      client.setQueryData(waitlistKeys.places, {
        places: [{ id: "pl-1", ticketTypeId: BALCONY.id, eventId: EVENT.id, quantity: 2, joinedAt: "2026-11-25T11:00:00.000Z", busy: "few", offer: null }],
      });
    });
    await arrive();
    expect(recoverable).toEqual([]);
    expect(container.textContent).toContain("You're on the waitlist — a few fans are waiting");
  });
});
