// Route guards for beforeLoad. Convenience only: the Worker enforces every rule again.
import type { QueryClient } from "@tanstack/react-query";
import { notFound, redirect } from "@tanstack/react-router";
import { meQueryOptions } from "./queries";

type GuardArgs = { context: { queryClient: QueryClient }; location: { href: string } };

async function currentUser(queryClient: QueryClient) {
  try {
    return (await queryClient.ensureQueryData(meQueryOptions())).user;
  } catch {
    return null; // failing to load the user counts as signed out
  }
}

export async function requireSignedIn({ context, location }: GuardArgs) {
  const user = await currentUser(context.queryClient);
  if (!user) throw redirect({ to: "/social/login", search: { redirect: location.href } });
  return { user };
}

/** What the /admin guard's not-found carries when the one signed in is not an administrator. */
const ADMIN_DENIED = { adminDenied: true } as const;

export const isAdminDenied = (data: unknown): boolean => typeof data === "object" && data !== null && "adminDenied" in data;

/**
 * /admin: a visitor is sent to sign in; anyone else signed in but not an administrator (members,
 * VIPs, door staff) stays on the address and sees 'Admin Access Required'. It is a not-found aimed
 * at /admin's own boundary rather than an error: no child loader runs (no 403s for back-office
 * data) and nothing is logged to the console, as it would be for an error boundary.
 */
export async function requireAdminRoute({ context, location }: GuardArgs) {
  const user = await currentUser(context.queryClient);
  if (!user) throw redirect({ to: "/social/login", search: { redirect: location.href } });
  if (!user.isAdmin) throw notFound({ routeId: "/admin", data: ADMIN_DENIED });
  return { user };
}
