import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";
import type { MailboxResponse } from "#contracts/auth.ts";

export const mailboxQueryOptions = () =>
  queryOptions({
    queryKey: ["dev", "mailbox"],
    queryFn: ({ signal }) => api<MailboxResponse>("/api/dev/mailbox", { signal }),
    // A 404 means live mode: asking again will not change that.
    retry: false,
    staleTime: 0,
  });
