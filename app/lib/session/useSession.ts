// Read-only views of the two queries every shell component needs.
import { useQuery } from "@tanstack/react-query";
import { configQueryOptions, meQueryOptions } from "./queries";

/** The signed-in user, or null for a visitor (also while loading and when /api/auth/me fails). */
export function useSessionUser() {
  const { data, isPending } = useQuery(meQueryOptions());
  return { user: data?.user ?? null, isPending };
}

/** Public site settings (brand, e-mails, outside links, VIP price); undefined until loaded. */
export function useSiteConfig() {
  return useQuery(configQueryOptions()).data;
}

/** VIP content is open to VIP members and administrators (docs/design.md#43-roles-and-guards: requireVIP). */
export function canUseVipContent(user: { isVIP: boolean; isAdmin: boolean } | null): boolean {
  return !!user && (user.isVIP || user.isAdmin);
}
