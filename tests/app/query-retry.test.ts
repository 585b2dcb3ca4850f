// The app's query client retries once, and only what a second try may change: a 4xx answer comes
// again (and React Query's default would show it a second later), a 5xx or a lost connection may not.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "../../app/lib/api";
import { createAppQueryClient } from "../../app/lib/queryClient";

afterEach(() => void vi.useRealTimers());

async function asksFor(error: Error) {
  vi.useFakeTimers();
  const queryFn = vi.fn(() => Promise.reject(error));
  const settled = createAppQueryClient()
    .fetchQuery({ queryKey: ["retry", error.message], queryFn })
    .catch((caught: unknown) => caught);
  await vi.runAllTimersAsync();
  expect(await settled).toBe(error);
  return queryFn.mock.calls.length;
}

describe("the app's query retry", () => {
  it.each([400, 401, 403, 404, 409, 429])("asks once for an answer of %i", async (status) => {
    expect(await asksFor(new ApiRequestError(status, "refused", `answer ${status}`))).toBe(1);
  });

  it("asks twice for a 5xx or a failed connection", async () => {
    expect(await asksFor(new ApiRequestError(503, "unavailable", "answer 503"))).toBe(2);
    expect(await asksFor(new TypeError("Failed to fetch"))).toBe(2);
  });
});
