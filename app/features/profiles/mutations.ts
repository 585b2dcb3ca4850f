// Saving the Edit Profile dialog: the picture first (its own multipart route), then the fields.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { meQueryOptions } from "../../lib/session/queries";
import { AVATAR_FIELD, type AvatarUploadResponse, type ProfileResponse, type ProfileView } from "#contracts/profiles.ts";
import type { MeResponse } from "#contracts/auth.ts";
import { profileQueryKey, profileQueryOptions } from "./queries";
import type { ProfileFields } from "./validation";

/** Whether "member since" and months supported are hidden from others (decision 100); left out, unchanged. */
export type ProfilePrivacy = { hideMemberSince: boolean; hideMonthsSupported: boolean };
export type ProfileUpdate = { fields: ProfileFields; avatar: File | null; privacy?: ProfilePrivacy };

export function uploadAvatar(file: File) {
  const body = new FormData();
  body.append(AVATAR_FIELD, file);
  return api<AvatarUploadResponse>("/api/uploads/avatar", { method: "POST", body });
}

const trimmed = (f: ProfileFields): ProfileFields => ({
  username: f.username.trim(),
  bio: f.bio.trim(),
  website: f.website.trim(),
  location: f.location.trim(),
});

export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();

  const showEverywhere = (profile: ProfileView) => {
    queryClient.setQueryData(profileQueryOptions(userId).queryKey, { profile });
    // The header shows the signed-in user's name and picture.
    queryClient.setQueryData<MeResponse>(meQueryOptions().queryKey, (me) =>
      me?.user ? { user: { ...me.user, username: profile.username, avatarUrl: profile.avatarUrl } } : me,
    );
  };

  return useMutation({
    mutationFn: async ({ fields, avatar, privacy }: ProfileUpdate) => {
      if (avatar) await uploadAvatar(avatar);
      // Empty strings clear bio, website and location (see updateProfileSchema).
      return api<ProfileResponse>("/api/profiles/me", { method: "PATCH", json: { ...trimmed(fields), ...privacy } });
    },
    onSuccess: ({ profile }) => showEverywhere(profile),
    // The upload may have succeeded before the fields failed: show what the server now holds.
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: profileQueryKey(userId), exact: true });
      void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
    },
  });
}
