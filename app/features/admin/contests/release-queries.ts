// Releasing a contest's remix (decision 197): the contest's released entries (the members' route,
// under the contest's admin key so a publish refreshes it), the publish write, and the remixers'
// shares over a period with the address of their CSV.
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type { ContestReleaseResponse, ContestReleasesResponse, PublishInput, RemixSharesResponse } from "#contracts/contests/releases.ts";
import { CONTESTS_API, contestsAdminKeys } from "./queries";

export const contestReleasesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...contestsAdminKeys.all, "releases", id] as const,
    queryFn: ({ signal }) => api<ContestReleasesResponse>(`/api/contests/${encodeURIComponent(id)}/releases`, { signal }),
    staleTime: 30_000,
  });

export type SharesPeriod = { from: string; to: string };

const periodQuery = (p: SharesPeriod) => new URLSearchParams({ from: p.from, to: p.to }).toString();

export const remixSharesQueryOptions = (p: SharesPeriod) =>
  queryOptions({
    queryKey: [...contestsAdminKeys.all, "remix-shares", p.from, p.to] as const,
    queryFn: ({ signal }) => api<RemixSharesResponse>(`${CONTESTS_API}/remix-shares?${periodQuery(p)}`, { signal }),
    staleTime: 30_000,
  });

export const remixSharesCsvUrl = (p: SharesPeriod) => `${CONTESTS_API}/remix-shares.csv?${periodQuery(p)}`;

export const publishEntry = ({ contestId, entryId, input }: { contestId: string; entryId: string; input: PublishInput }) =>
  api<ContestReleaseResponse>(`${CONTESTS_API}/${encodeURIComponent(contestId)}/entries/${encodeURIComponent(entryId)}/publish`, {
    method: "POST",
    json: input,
  });
