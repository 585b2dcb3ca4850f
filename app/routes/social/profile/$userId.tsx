import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { requireSignedIn } from "../../../lib/session/guards";
import { MembershipPanel } from "../../../features/payments/MembershipPanel";
import { ProfilePage } from "../../../features/profiles/ProfilePage";
import { VipPassCard } from "../../../features/vip-pass/VipPassCard";
import { ProfileLoadError, ProfileLoading, ProfileNotFound } from "../../../features/profiles/ProfileStates";
import { isMissingProfile, isUserId, profilePostsQueryOptions, profileQueryOptions } from "../../../features/profiles/queries";
import { usePageMeta } from "../../../lib/usePageMeta";

export const Route = createFileRoute("/social/profile/$userId")({
  beforeLoad: requireSignedIn,
  // A profile that does not exist is a page state, not an error: nothing is thrown (so nothing is
  // logged), an id that cannot exist is not even asked for, and the posts are asked for only once
  // the profile is known to exist. Failures (5xx, network) still reach the errorComponent.
  loader: async ({ context: { queryClient }, params: { userId } }): Promise<{ found: boolean }> => {
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
  return found ? <ProfilePage userId={userId} membership={<MembershipPanel />} pass={<VipPassCard />} /> : <ProfileNotFound />;
}
