// A table of track rows asks who is signed in three times a row (play, release note, heart,
// playlist button). Under a SessionAnswerScope they share the scope's one query observer, so a
// page starting does not subscribe (and set a stale-time timer for) each of them.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { setApiTransport } from "../../app/lib/api";
import { SessionAnswerScope } from "../../app/lib/session/SessionAnswerScope";
import { meQueryOptions } from "../../app/lib/session/queries";
import { useSessionUser } from "../../app/lib/session/useSession";
import type { MeResponse } from "../../worker/contracts/auth";

afterEach(() => {
  cleanup();
  setApiTransport((path, init) => fetch(path, init));
});

const ana = { user: { id: "u1", username: "Ana", isVIP: true, isAdmin: false } } as unknown as MeResponse;
const bia = { user: { id: "u2", username: "Bia", isVIP: false, isAdmin: false } } as unknown as MeResponse;
const meKey = meQueryOptions().queryKey;

function Reader({ n }: { n: number }) {
  const { user, isPending } = useSessionUser();
  return <li>{isPending ? `${n}: …` : `${n}: ${user ? user.username : "visitor"}`}</li>;
}

const readers = (count: number) => Array.from({ length: count }, (_, i) => <Reader key={i} n={i + 1} />);

function renderReaders(client: QueryClient, scoped: boolean, count = 12) {
  const list = <ul>{readers(count)}</ul>;
  render(<QueryClientProvider client={client}>{scoped ? <SessionAnswerScope>{list}</SessionAnswerScope> : list}</QueryClientProvider>);
}

const observersOfMe = (client: QueryClient) => client.getQueryCache().find({ queryKey: meKey })!.getObserversCount();

function clientWith(me?: MeResponse) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (me) client.setQueryData(meKey, me);
  return client;
}

it("gives the readers under a scope one observer between them", () => {
  const client = clientWith(ana);
  renderReaders(client, true);
  expect(screen.getAllByText(/: Ana$/)).toHaveLength(12);
  expect(observersOfMe(client)).toBe(1);
});

it("gives each reader an observer of its own outside a scope", () => {
  const client = clientWith(ana);
  renderReaders(client, false);
  expect(observersOfMe(client)).toBe(12);
});

it("shows every reader under a scope the session as it changes", async () => {
  const client = clientWith(ana);
  renderReaders(client, true);
  await act(async () => client.setQueryData(meKey, bia));
  expect(await screen.findAllByText(/: Bia$/)).toHaveLength(12);
  await act(async () => client.setQueryData(meKey, { user: null }));
  expect(await screen.findAllByText(/: visitor$/)).toHaveLength(12);
});

it("asks for a session it does not have once for the whole scope, its readers waiting meanwhile", async () => {
  const asked = vi.fn();
  let answer!: (me: MeResponse) => void;
  setApiTransport((path) => {
    asked(path);
    return new Promise((resolve) => (answer = (me) => resolve(Response.json(me))));
  });
  const client = clientWith();
  renderReaders(client, true, 5);
  expect(screen.getAllByText(/: …$/)).toHaveLength(5);
  await act(async () => answer(ana));
  expect(await screen.findAllByText(/: Ana$/)).toHaveLength(5);
  expect(asked).toHaveBeenCalledTimes(1);
  expect(asked).toHaveBeenCalledWith("/api/auth/me");
});
