// The one loading and failure component every page that loads data uses (app/components/QueryState):
// the spinner with the part's label, the data, or the red banner with the part's text and retry;
// a code the site knows reads as its own text without a retry; data already shown stays when a
// refetch fails; a quiet failure is no alert.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { IntlProvider } from "react-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import { QueryFailed, QueryState, type LoadingQuery } from "../../app/components/QueryState";
import { ApiRequestError } from "../../app/lib/api";
import en from "../../app/i18n/en?english";

afterEach(cleanup);

const inEnglish = (ui: ReactNode) =>
  render(
    <IntlProvider locale="en" messages={en}>
      {ui}
    </IntlProvider>,
  );

const query = (patch: Partial<LoadingQuery<{ items: string[] }>>): LoadingQuery<{ items: string[] }> => ({
  status: "pending",
  data: undefined,
  error: null,
  isFetching: false,
  refetch: vi.fn(() => Promise.resolve()),
  ...patch,
});

const list = (data: { items: string[] }) => <p>{data.items.join(", ")}</p>;

describe("QueryState", () => {
  it("shows the part's loading label while the data loads", () => {
    inEnglish(
      <QueryState query={query({ isFetching: true })} loading="Loading the list..." failed="Failed to load the list" retry="Retry">
        {list}
      </QueryState>,
    );
    expect(screen.getByRole("status").textContent).toBe("Loading the list...");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows a placeholder in place of the spinner when it is given one", () => {
    inEnglish(
      <QueryState query={query({})} placeholder={<div data-testid="skeleton" />} failed="Failed">
        {list}
      </QueryState>,
    );
    expect(screen.getByTestId("skeleton")).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("shows the data once it is there", () => {
    inEnglish(
      <QueryState query={query({ status: "success", data: { items: ["a", "b"] } })} failed="Failed">
        {list}
      </QueryState>,
    );
    expect(screen.getByText("a, b")).toBeTruthy();
  });

  it("says a failed load in a red banner with the part's text and a retry that refetches", () => {
    const failed = query({ status: "error", error: new Error("offline") });
    inEnglish(
      <QueryState query={failed} failed="Failed to load the list" retry="Retry">
        {list}
      </QueryState>,
    );
    const alert = screen.getByRole("alert");
    expect(alert.className).toContain("error-banner");
    expect(alert.textContent).toBe("Failed to load the listRetry");
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
  });

  it("keeps the retry waiting while a retry is on its way", () => {
    inEnglish(
      <QueryState query={query({ status: "error", error: new Error("offline"), isFetching: true })} failed="Failed" retry="Retry">
        {list}
      </QueryState>,
    );
    expect((screen.getByRole("button", { name: "Retry" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("offers no retry where the part has none", () => {
    inEnglish(
      <QueryState query={query({ status: "error", error: new Error("offline") })} failed="Failed to load the list">
        {list}
      </QueryState>,
    );
    expect(screen.getByRole("alert").textContent).toBe("Failed to load the list");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("reads a failure whose code the site knows as that code's text, without a retry", () => {
    const error = new ApiRequestError(429, "rate_limited", "Too many requests");
    inEnglish(
      <QueryState query={query({ status: "error", error })} failed="Failed to load the list" retry="Retry">
        {list}
      </QueryState>,
    );
    expect(screen.getByRole("alert").textContent).toBe("Too many attempts. Please wait a few minutes and try again.");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("keeps the data on screen when a later refetch fails", () => {
    inEnglish(
      <QueryState query={query({ status: "error", error: new Error("offline"), data: { items: ["kept"] } })} failed="Failed" retry="Retry">
        {list}
      </QueryState>,
    );
    expect(screen.getByText("kept")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("QueryFailed", () => {
  it("says a quiet failure in muted text, not as an alert", () => {
    const onRetry = vi.fn();
    inEnglish(<QueryFailed message="Parties could not be loaded" retryLabel="Retry" onRetry={onRetry} quiet />);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByText("Parties could not be loaded").parentElement?.className).toContain("muted");
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
