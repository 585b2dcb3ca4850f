import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";
import type { SetupChecklist } from "#contracts/site-setup.ts";

/** What is left to set up on a new site (GET /api/admin/setup; administrators only). */
export const setupChecklistQueryOptions = () =>
  queryOptions({
    queryKey: ["admin", "setup"],
    queryFn: ({ signal }) => api<SetupChecklist>("/api/admin/setup", { signal }),
  });
