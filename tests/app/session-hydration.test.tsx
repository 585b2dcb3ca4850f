// A part of a server-rendered page that hydrates late (a Suspense boundary whose code is still on
// its way) when the session has changed meanwhile, as a sign-up on the page does: it hydrates with
// the session the server rendered, so React finds no mismatch, and shows the new session right after.
import { act, lazy, Suspense } from "react";
import { renderToString } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { hydrate } from "./fixtures/hydration";
import { rememberRenderedSession, useSessionUser } from "../../app/lib/session/useSession";
import { meQueryOptions } from "../../app/lib/session/queries";
import type { MeResponse } from "../../worker/contracts/auth";

function Greeting() {
  const { user } = useSessionUser();
  return <p>{user ? `Hi ${user.username}` : "Sign Up Now"}</p>;
}

const signedIn = { user: { id: "u1", username: "Ana" } } as unknown as MeResponse;
const visitor: MeResponse = { user: null };

const clientWith = (me: MeResponse) => {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(meQueryOptions().queryKey, me);
  return client;
};

/**
 * The visitor's page as the server sent it, hydrated with the greeting's code held back; the
 * session becomes `now` before the code arrives. Returns what React reported and the text shown.
 */
async function hydrateAfterSessionChange(remember: boolean, now: MeResponse) {
  const container = document.createElement("div");
  container.innerHTML = renderToString(
    <QueryClientProvider client={clientWith(visitor)}>
      <Suspense fallback="…">
        <Greeting />
      </Suspense>
    </QueryClientProvider>,
  );
  document.body.appendChild(container);

  const client = clientWith(visitor);
  if (remember) rememberRenderedSession(client);
  let arrive!: () => void;
  const code = new Promise<void>((resolve) => (arrive = resolve));
  const LateGreeting = lazy(() => code.then(() => ({ default: Greeting })));
  const recoverable: string[] = [];
  await act(async () => {
    hydrate(
      container,
      <QueryClientProvider client={client}>
        <Suspense fallback="…">
          <LateGreeting />
        </Suspense>
      </QueryClientProvider>,
      { onRecoverableError: (error) => recoverable.push(String(error)) },
    );
  });
  expect(container.textContent).toBe("Sign Up Now");

  await act(async () => client.setQueryData(meQueryOptions().queryKey, now));
  await act(async () => arrive());
  return { recoverable, shown: container.textContent };
}

describe("a late-hydrating boundary after the session changed", () => {
  it("hydrates with the server's session, without a mismatch, then shows the new one", async () => {
    const { recoverable, shown } = await hydrateAfterSessionChange(true, signedIn);
    expect(recoverable).toEqual([]);
    expect(shown).toBe("Hi Ana");
  });

  it("is a mismatch React has to recover from when the rendered session is not remembered", async () => {
    const { recoverable, shown } = await hydrateAfterSessionChange(false, signedIn);
    expect(recoverable).toHaveLength(1);
    expect(shown).toBe("Hi Ana");
  });
});
