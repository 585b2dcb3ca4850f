// The member list (one server-side page per search, role and page number) and the writes that
// change a member. After a write the list and the audit log are fetched again. Types only from
// the contract: its values would pull zod into the admin chunk.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type { AdminUserResponse, AdminUsersResponse, InviteResponse, MembershipFilter, RoleFilter } from "#contracts/admin/users.ts";
import type { Locale } from "#contracts/locale.ts";
import { adminKeys } from "../queries";

export const USERS_API = "/api/admin/users";

/** The role filter's choices, in the order the page offers them. */
export const ROLE_OPTIONS = ["all", "admins", "vip", "regular", "door_staff"] as const satisfies readonly RoleFilter[];

/** The membership filter's choices, in the order the page offers them. */
export const MEMBERSHIP_OPTIONS = ["all", "active", "trialing", "past_due", "cancelling", "free"] as const satisfies readonly MembershipFilter[];

/** `tier`, `membership` and `minMonths` are left out of the request while they filter nothing. */
export type UsersFilters = { search: string; role: RoleFilter; page: number; tier?: string; membership?: MembershipFilter; minMonths?: number };

export const usersKeys = {
  all: [...adminKeys.all, "users"] as const,
  list: (filters: UsersFilters) => [...adminKeys.all, "users", filters] as const,
};

export const usersQueryOptions = (filters: UsersFilters) =>
  queryOptions({
    queryKey: usersKeys.list(filters),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ role: filters.role, page: String(filters.page) });
      if (filters.search) params.set("search", filters.search);
      if (filters.tier && filters.tier !== "all") params.set("tier", filters.tier);
      if (filters.membership && filters.membership !== "all") params.set("membership", filters.membership);
      if (filters.minMonths) params.set("minMonths", String(filters.minMonths));
      return api<AdminUsersResponse>(`${USERS_API}?${params}`, { signal });
    },
    // The table stays in place while the next page or search loads, instead of a spinner flash.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** Which switch: the admin role, the complimentary VIP, the ban, the door-staff role (decision 027). */
export type UserSwitch = "admin" | "comp" | "banned" | "doorStaff";

const SWITCH_PATH: Record<UserSwitch, string> = { admin: "admin", comp: "vip", banned: "ban", doorStaff: "door-staff" };

/** A ban's reason and end (an instant, null: permanent); a ban needs them, lifting it does not. */
export type BanFields = { reason: string; until: string | null };
/** `tierId`: the tier a comp grants (decision 098), sent with a grant only. */
export type SwitchChange = { userId: string; which: UserSwitch; on: boolean; terms?: BanFields; tierId?: string };

/** A switch's write. The list is fetched again whatever the answer (a 409 means it moved on). */
export function useUserSwitch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, which, on, terms, tierId }: SwitchChange) =>
      api<AdminUserResponse>(`${USERS_API}/${encodeURIComponent(userId)}/${SWITCH_PATH[which]}`, {
        method: "PUT",
        json: { [which]: on, ...terms, ...(tierId ? { tierId } : {}) },
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: usersKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditAll });
      // The admin's own comp changes what /api/auth/me says about them.
      void queryClient.invalidateQueries({ queryKey: ["me"] });
    },
  });
}

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: { email: string; locale: Locale }) => api<InviteResponse>(`${USERS_API}/invite`, { method: "POST", json: invitation }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.auditAll }),
  });
}
