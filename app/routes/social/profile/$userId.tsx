import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "../../../features/auth/guards";
import { ProfilePage } from "../../../features/profiles/ProfilePage";
import { ProfileLoadError, ProfileLoading } from "../../../features/profiles/ProfileStates";
import { profilePostsQueryOptions, profileQueryOptions } from "../../../features/profiles/queries";

export const Route = createFileRoute("/social/profile/$userId")({
  beforeLoad: requireSignedIn,
  loader: async ({ context: { queryClient }, params: { userId } }) => {
    // The posts list has its own loading and error states: start it, do not wait for it.
    void queryClient.prefetchQuery(profilePostsQueryOptions(userId));
    await queryClient.ensureQueryData(profileQueryOptions(userId));
  },
  pendingComponent: ProfileLoading,
  errorComponent: ProfileLoadError,
  component: ProfileRoute,
});

function ProfileRoute() {
  const { userId } = Route.useParams();
  return <ProfilePage userId={userId} />;
}
