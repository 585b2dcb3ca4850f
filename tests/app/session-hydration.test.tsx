// A part of a server-rendered page that hydrates late (a Suspense boundary whose code is still on
// its way) when the session has changed meanwhile, as a sign-up on the page does: it hydrates with
// the session the server rendered, so React finds no mismatch, and shows the new session right after.
import { act, Suspense, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { notifyManager, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { IntlProvider } from "react-intl";
import { beforeAll, describe, expect, it } from "vitest";
import { hydrateWithLatePart } from "./fixtures/hydration";
import { rememberRenderedSession, useSessionUser } from "../../app/lib/session/useSession";
import { SessionAnswerScope } from "../../app/lib/session/SessionAnswerScope";
import { meQueryOptions } from "../../app/lib/session/queries";
import { TrackPlayButton } from "../../app/features/music/catalog/TrackPlayButton";
import type { MeResponse } from "../../worker/contracts/auth";
import { track } from "./player-fakes";

// The query cache tells its observers of a change at once (not on the next task), so a part that
// hydrated earlier (a session scope) already shows the new session when the late part arrives.
beforeAll(() => notifyManager.setScheduler((notify) => notify()));

function Greeting() {
  const { user } = useSessionUser();
  return <p>{user ? `Hi ${user.username}` : "Sign Up Now"}</p>;
}

/** A track row's play button: a preview for a visitor, the whole track for a VIP. */
function RowPlayButton() {
  return <TrackPlayButton track={track(1)} queue={[track(1)]} />;
}

const signedIn = { user: { id: "u1", username: "Ana", isVIP: true, isAdmin: false } } as unknown as MeResponse;
const visitor: MeResponse = { user: null };

const clientWith = (me: MeResponse) => {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(meQueryOptions().queryKey, me);
  return client;
};

/** The app's providers around a part, in English with the messages' defaults. */
const Page = ({ client, children }: { client: QueryClient; children: React.ReactNode }) => (
  <QueryClientProvider client={client}>
    <IntlProvider locale="en" defaultLocale="en">
      <Suspense fallback="…">{children}</Suspense>
    </IntlProvider>
  </QueryClientProvider>
);

/** The same page with the session read once for the late part, as a track table does for its rows. */
const ScopedPage = ({ client, children }: { client: QueryClient; children: React.ReactNode }) => (
  <Page client={client}>
    <SessionAnswerScope>{children}</SessionAnswerScope>
  </Page>
);

/**
 * The visitor's page as the server sent it, hydrated with `Part`'s code held back; the session
 * becomes `now` before the code arrives. Returns what React reported and the page.
 */
async function hydrateAfterSessionChange(remember: boolean, now: MeResponse, Part: ComponentType = Greeting, Around: typeof Page = Page) {
  const container = document.createElement("div");
  container.innerHTML = renderToString(
    <Around client={clientWith(visitor)}>
      <Part />
    </Around>,
  );
  document.body.appendChild(container);
  const served = container.innerHTML;

  const client = clientWith(visitor);
  if (remember) rememberRenderedSession(client);
  const { recoverable, arrive } = await hydrateWithLatePart(container, (late) => <Around client={client}>{late}</Around>, Part);
  expect(container.innerHTML).toBe(served);

  await act(async () => client.setQueryData(meQueryOptions().queryKey, now));
  await arrive();
  return { recoverable, container };
}

describe("a late-hydrating boundary after the session changed", () => {
  it("hydrates with the server's session, without a mismatch, then shows the new one", async () => {
    const { recoverable, container } = await hydrateAfterSessionChange(true, signedIn);
    expect(recoverable).toEqual([]);
    expect(container.textContent).toBe("Hi Ana");
  });

  it("is a mismatch React has to recover from when the rendered session is not remembered", async () => {
    const { recoverable, container } = await hydrateAfterSessionChange(false, signedIn);
    expect(recoverable).toHaveLength(1);
    expect(container.textContent).toBe("Hi Ana");
  });

  it("hydrates a reader under a session scope that hydrated first with the server's session, then shows the new one", async () => {
    const { recoverable, container } = await hydrateAfterSessionChange(true, signedIn, Greeting, ScopedPage);
    expect(recoverable).toEqual([]);
    expect(container.textContent).toBe("Hi Ana");
  });

  it("hydrates a track row's play button as the visitor's preview, then offers the new VIP the whole track", async () => {
    const { recoverable, container } = await hydrateAfterSessionChange(true, signedIn, RowPlayButton);
    expect(recoverable).toEqual([]);
    expect(container.querySelector("button")!.getAttribute("aria-label")).toBe("Play Track 1");
  });
});
