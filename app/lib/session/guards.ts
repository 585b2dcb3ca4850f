// Route guards for beforeLoad. Convenience only: the Worker enforces every rule again.
import type { QueryClient } from "@tanstack/react-query";
import { redirect } from "@tanstack/react-router";
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

export async function requireAdminRoute({ context, location }: GuardArgs) {
  const user = await currentUser(context.queryClient);
  if (!user) throw redirect({ to: "/social/login", search: { redirect: location.href } });
  if (!user.isAdmin) throw redirect({ to: "/" });
  return { user };
}
