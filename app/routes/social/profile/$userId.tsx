import { useQuery } from "@tanstack/react-query";
import { createFileRoute, redirect } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { requireSignedIn } from "../../../lib/session/guards";
import { MembershipPanel } from "../../../features/payments/MembershipPanel";
import { ProfileContestEntries } from "../../../features/contests/ProfileContestEntries";
import { ProfilePage } from "../../../features/profiles/ProfilePage";
import { VipPassCard } from "../../../features/vip-pass/VipPassCard";
import { ProfileLoadError, ProfileLoading, ProfileNotFound } from "../../../features/profiles/ProfileStates";
import {
  isMissingProfile,
  isUserId,
  profileByUsernameQueryOptions,
  profilePostsQueryOptions,
  profileQueryKey,
  profileQueryOptions,
  usernameOfAddress,
} from "../../../features/profiles/queries";
import { usePageMeta } from "../../../lib/usePageMeta";

export const Route = createFileRoute("/social/profile/$userId")({
  beforeLoad: requireSignedIn,
  // A profile that does not exist is a page state, not an error: nothing is thrown (so nothing is
  // logged), an id that cannot exist is not even asked for, and the posts are asked for only once
  // the profile is known to exist. Failures (5xx, network) still reach the errorComponent.
  loader: async ({ context: { queryClient }, params: { userId } }): Promise<{ found: boolean }> => {
    // An @mention links to /social/profile/@username: look the id up, keep the profile it brought
    // in the cache and go to the profile's own address (replacing the @ address in the history).
    const username = usernameOfAddress(userId);
    if (username !== null) {
      let id: string;
      try {
        const found = await queryClient.ensureQueryData(profileByUsernameQueryOptions(username));
        id = found.profile.id;
        queryClient.setQueryData(profileQueryKey(id), found);
      } catch (error) {
        if (isMissingProfile(error)) return { found: false };
        throw error;
      }
      throw redirect({ to: "/social/profile/$userId", params: { userId: id }, replace: true });
    }
    if (!isUserId(userId)) return { found: false };
    try {
      await queryClient.ensureQueryData(profileQueryOptions(userId));
    } catch (error) {
      if (isMissingProfile(error)) return { found: false };
      throw error;
    }
    // The posts list has its own loading and error states: start it, do not wait for it.
    void queryClient.prefetchQuery(profilePostsQueryOptions(userId));
    return { found: true };
  },
  pendingComponent: ProfileLoading,
  errorComponent: ProfileLoadError,
  component: ProfileRoute,
});

const meta = defineMessages({
  title: { id: "meta.profile.title", defaultMessage: "Profile" },
  named: { id: "meta.profile.named", defaultMessage: "{username}'s Profile" },
});

function ProfileRoute() {
  const { userId } = Route.useParams();
  const { found } = Route.useLoaderData();
  // The loader has put the profile in the cache: the tab names its owner. A missing profile is
  // never asked for again.
  const username = useQuery({ ...profileQueryOptions(userId), enabled: found }).data?.profile.username;
  usePageMeta(username ? { title: meta.named, titleValues: { username } } : { title: meta.title });
  return found ? (
    <ProfilePage userId={userId} membership={<MembershipPanel />} pass={<VipPassCard />} contests={<ProfileContestEntries userId={userId} />} />
  ) : (
    <ProfileNotFound />
  );
}
