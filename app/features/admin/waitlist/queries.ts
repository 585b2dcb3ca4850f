// The waitlist's back office calls: the event's figures, its settings (read and saved) and the
// release of seats to a type's line. Types and paths from the zod-free admin model.
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import {
  waitlistEventPath,
  waitlistReleasePath,
  waitlistRulesPath,
  type WaitlistFiguresResponse,
  type WaitlistRules,
  type WaitlistRulesResponse,
} from "#contracts/waitlist/admin-model.ts";
import { adminKeys } from "../queries";

export const waitlistAdminKeys = {
  figures: (eventId: string) => [...adminKeys.all, "waitlist", "figures", eventId] as const,
  rules: (eventId: string) => [...adminKeys.all, "waitlist", "rules", eventId] as const,
};

export const waitlistFiguresQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: waitlistAdminKeys.figures(eventId),
    queryFn: ({ signal }) => api<WaitlistFiguresResponse>(waitlistEventPath(eventId), { signal }),
    staleTime: 10_000,
  });

export const waitlistRulesQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: waitlistAdminKeys.rules(eventId),
    queryFn: ({ signal }) => api<WaitlistRulesResponse>(waitlistRulesPath(eventId), { signal }),
  });

export const saveWaitlistRules = (eventId: string, rules: WaitlistRules) =>
  api<WaitlistRulesResponse>(waitlistRulesPath(eventId), { method: "PUT", json: rules });

/** What the release answers: how many of the seats went to the line. */
export type ReleaseResponse = { released: number };
export const releaseSeats = (ticketTypeId: string, count: number) =>
  api<ReleaseResponse>(waitlistReleasePath(ticketTypeId), { method: "POST", json: { count } });
