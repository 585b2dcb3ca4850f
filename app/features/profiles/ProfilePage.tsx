// /social/profile/{userId} (docs/features.md#sign-up-sign-in-and-profiles): the profile card, the owner's actions and the user's posts.
// The route's loader has already fetched the profile, so reading it here never suspends on a
// first visit; loading and failure screens live in ProfileStates.tsx.
import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { ProfileView } from "#contracts/profiles.ts";
import { useSessionUser } from "../../lib/session/useSession";
import { Avatar } from "../../components/Avatar";
import { TierBadge } from "../../components/TierBadge";
import { EditProfileDialog } from "./EditProfileDialog";
import { displayUrl, safeWebUrl } from "./links";
import { avatarAltMessage, joinedMessage, monthsSupportedMessage, profileMessages } from "./messages";
import { ProfilePosts } from "./ProfilePosts";
import { profileQueryOptions } from "./queries";

function ProfileDetails({ profile }: { profile: ProfileView }) {
  const website = safeWebUrl(profile.website);
  return (
    <dl className="profile-details">
      {profile.location && (
        <div>
          <dt>
            <FormattedMessage {...profileMessages.location} />
          </dt>
          <dd>{profile.location}</dd>
        </div>
      )}
      {website && (
        <div>
          <dt>
            <FormattedMessage {...profileMessages.website} />
          </dt>
          <dd>
            <a href={website.href} target="_blank" rel="noopener noreferrer nofollow ugc">
              {displayUrl(website)}
            </a>
          </dd>
        </div>
      )}
    </dl>
  );
}

/**
 * `membership`: the owner's membership panel, which the payments feature draws; `pass`: the owner's
 * VIP pass, which the vip-pass feature draws; `contests`: the member's remix contest entries, which
 * the contests feature draws for anyone who reads the profile (the route puts all three in).
 */
export function ProfilePage({ userId, membership, pass, contests }: { userId: string; membership?: ReactNode; pass?: ReactNode; contests?: ReactNode }) {
  const intl = useIntl();
  const { profile } = useSuspenseQuery(profileQueryOptions(userId)).data;
  const me = useSessionUser().user;
  const isOwner = me?.id === profile.id;
  const [editing, setEditing] = useState(false);

  return (
    <section className="page profile-page">
      <header className="card profile-header">
        <Avatar src={profile.avatarUrl} alt={intl.formatMessage(avatarAltMessage, { username: profile.username })} size={128} className="avatar-lg" />
        <div className="profile-summary">
          <h1>
            {profile.username} <TierBadge holder={profile} vipLabel={intl.formatMessage(profileMessages.vipBadge)} />{" "}
            {profile.isAdmin && (
              <span className="badge">
                <FormattedMessage {...profileMessages.adminBadge} />
              </span>
            )}
          </h1>
          {/* Either is absent when the member hides it from others (decision 100). */}
          {profile.createdAt && (
            <p className="muted">
              <FormattedMessage {...joinedMessage} values={{ date: intl.formatDate(profile.createdAt, { dateStyle: "long" }) }} />
            </p>
          )}
          {Boolean(profile.monthsSupported) && (
            <p className="muted" data-slot="months-supported">
              <FormattedMessage {...monthsSupportedMessage} values={{ months: profile.monthsSupported! }} />
            </p>
          )}
          {/* Rendered as text: user content never becomes HTML. */}
          {profile.bio && <p className="profile-bio">{profile.bio}</p>}
          <ProfileDetails profile={profile} />
          {isOwner && (
            <div className="profile-actions">
              <button type="button" className="btn" onClick={() => setEditing(true)}>
                <FormattedMessage {...profileMessages.editProfile} />
              </button>
              {!profile.isVIP && !profile.isAdmin && (
                <Link to="/vip-signup" className="btn btn-primary">
                  <FormattedMessage {...profileMessages.becomeVip} />
                </Link>
              )}
            </div>
          )}
        </div>
      </header>

      {isOwner && membership && (
        // Only the owner sees their membership (status, renewal, manage subscription).
        <div className="profile-membership" data-slot="membership">
          {membership}
        </div>
      )}

      {isOwner && pass && (
        // Only the owner sees their pass: it is what lets them in at the door.
        <div className="profile-pass" data-slot="vip-pass">
          {pass}
        </div>
      )}

      {contests}

      <ProfilePosts userId={profile.id} />

      {editing && <EditProfileDialog profile={profile} onClose={() => setEditing(false)} />}
    </section>
  );
}
