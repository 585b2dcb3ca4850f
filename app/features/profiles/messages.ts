// Every text of the profile page and the Edit Profile dialog (docs/features.md#sign-up-sign-in-and-profiles: the page, validation and error texts).
import { defineMessage, defineMessages } from "react-intl";

export const profileMessages = defineMessages({
  loading: { id: "profile.loading", defaultMessage: "Loading profile..." },
  loadFailed: { id: "profile.loadFailed", defaultMessage: "Failed to load profile" },
  notFound: { id: "profile.notFound", defaultMessage: "Profile not found" },
  tryAgain: { id: "profile.tryAgain", defaultMessage: "Try Again" },
  returnHome: { id: "common.returnHome", defaultMessage: "Return Home" },
  vipBadge: { id: "profile.vipBadge", defaultMessage: "VIP" },
  adminBadge: { id: "profile.adminBadge", defaultMessage: "Admin" },
  location: { id: "profile.location", defaultMessage: "Location" },
  website: { id: "profile.website", defaultMessage: "Website" },
  editProfile: { id: "profile.editProfile", defaultMessage: "Edit Profile" },
  becomeVip: { id: "profile.becomeVip", defaultMessage: "Become VIP" },

  postsTitle: { id: "profile.posts.title", defaultMessage: "Posts" },
  postsLoading: { id: "profile.posts.loading", defaultMessage: "Loading posts..." },
  postsLoadFailed: { id: "profile.posts.loadFailed", defaultMessage: "Failed to load posts" },
  postsEmpty: { id: "profile.posts.empty", defaultMessage: "No posts yet" },
  postsEmptyHint: { id: "profile.posts.emptyHint", defaultMessage: "Posts shared in the social feed will appear here." },
  postImageAlt: { id: "profile.posts.imageAlt", defaultMessage: "Image shared with the post" },

  editTitle: { id: "profile.edit.title", defaultMessage: "Edit Profile" },
  bioLabel: { id: "profile.edit.bio", defaultMessage: "Bio" },
  websiteLabel: { id: "profile.edit.website", defaultMessage: "Website" },
  locationLabel: { id: "profile.edit.location", defaultMessage: "Location" },
  privacyLegend: { id: "profile.edit.privacy", defaultMessage: "On my profile, for others" },
  hideMemberSince: { id: "profile.edit.hideMemberSince", defaultMessage: "Hide when I joined" },
  hideMonthsSupported: { id: "profile.edit.hideMonthsSupported", defaultMessage: "Hide how many months I have supported" },
  avatarLabel: { id: "profile.edit.avatar", defaultMessage: "Profile Picture" },
  avatarHint: { id: "profile.edit.avatarHint", defaultMessage: "JPG, PNG, GIF (max 2MB)" },
  avatarChoose: { id: "profile.edit.avatarChoose", defaultMessage: "Choose a picture" },
  avatarNoFile: { id: "profile.edit.avatarNoFile", defaultMessage: "No file chosen" },
  avatarPreviewAlt: { id: "profile.edit.avatarPreviewAlt", defaultMessage: "Preview of your new profile picture" },
  save: { id: "profile.edit.save", defaultMessage: "Save Changes" },
  saving: { id: "profile.edit.saving", defaultMessage: "Saving..." },
  cancel: { id: "profile.edit.cancel", defaultMessage: "Cancel" },
  updateFailed: { id: "profile.edit.failed", defaultMessage: "Failed to update profile" },
  avatarTooLarge: { id: "profile.edit.avatarTooLarge", defaultMessage: "Image must be less than 2MB" },
  uploadFailed: { id: "profile.edit.uploadFailed", defaultMessage: "Failed to upload image" },
});

// Messages with placeholders, typed so a missing or misspelt value fails the type check.
export const avatarAltMessage = defineMessage<{ username: string }>({ id: "profile.avatarAlt", defaultMessage: "{username}'s profile picture" });
export const joinedMessage = defineMessage<{ date: string }>({ id: "profile.joined", defaultMessage: "Joined {date}" });
export const monthsSupportedMessage = defineMessage<{ months: number }>({
  id: "profile.monthsSupported",
  defaultMessage: "{months, plural, one {Supporter for # month} other {Supporter for # months}}",
});
