// A contest's page is rendered by the Worker, which knows no reader's time zone: its phase line
// names UTC on the server and while hydrating, so the HTML and the hydrating render agree, and says
// the reader's own zone right after. The server lists no entries (each listener's order is theirs).
import { act, Suspense, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { IntlProvider } from "react-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hydrate } from "./fixtures/hydration";
import { ContestPage } from "../../app/features/contests/ContestPage";
import { contestQueryOptions } from "../../app/features/contests/queries";
import { ID, votingContest, votingRights } from "./contest-voting-fixtures";

/** The signed-out reader's view of a contest voting in 2031, its dates fixed in UTC. */
const CONTEST = votingContest({
  prizes: "",
  opensAt: "2031-01-01T12:00:00.000Z",
  entriesCloseAt: "2031-01-05T20:00:00.000Z",
  votingOpensAt: "2031-01-05T20:00:00.000Z",
  votingClosesAt: "2031-01-10T20:00:00.000Z",
  rights: votingRights({
    canDownloadStems: false,
    stemsRefusal: "unauthorized",
    stemDownloadsLeft: 0,
    enterRefusal: "unauthorized",
    canVote: false,
    votesLeft: 0,
  }),
});

const clientFor = () => {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(contestQueryOptions(ID, "en").queryKey, { contest: CONTEST });
  return client;
};

const Page = ({ client, children }: { client: QueryClient; children: ReactNode }) => (
  <QueryClientProvider client={client}>
    <IntlProvider locale="en" defaultLocale="en">
      <Suspense fallback="…">{children}</Suspense>
    </IntlProvider>
  </QueryClientProvider>
);

afterEach(() => vi.unstubAllGlobals());

describe("a contest's page rendered by the server", () => {
  it("hydrates as the server rendered it, dates in UTC, then in the reader's zone", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(
      <Page client={clientFor()}>
        <ContestPage contestId={ID} />
      </Page>,
    );
    document.body.appendChild(container);
    const served = container.innerHTML;
    expect(container.textContent).toContain("January 10, 2031 at 8:00 PM UTC");
    expect(container.textContent).not.toContain("Remix 1");

    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise(() => {})),
    );
    const recoverable: unknown[] = [];
    const client = clientFor();
    await act(async () => {
      hydrate(
        container,
        <Page client={client}>
          <ContestPage contestId={ID} />
        </Page>,
        { onRecoverableError: (error) => recoverable.push(error) },
      );
    });
    expect(recoverable).toEqual([]);
    expect(container.innerHTML).not.toBe(served);
    const local = new Intl.DateTimeFormat("en", { dateStyle: "long", timeStyle: "short" }).format(new Date(CONTEST.votingClosesAt));
    expect(container.textContent).toContain(`Voting until ${local}`);
    expect(container.textContent).not.toContain("UTC");
  });
});
