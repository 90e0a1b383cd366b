import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useUser } from '@vox/auth';
import { displayName, type Profile } from '@vox/contract';
import { Button, Notice, Page, SiteLink, Spinner, MicIcon } from '@vox/ui';
import { BackBar, useGoBack, usePageTitle } from '@vox/ui/page-kit';
import { href } from '@vox/variant';
import { useCastingCredits, useCastingSettings } from '../api/casting-credits';
import { useProfile, usePublicScripts, type ProfileRef } from '../api/profiles';
import { PersonAvatar } from '../components/person-avatar';
import { EditProfileDialog } from './edit-profile-dialog';
import { FriendButton } from './friend-button';
import '../components/social.css';
import './profile-page.css';

/**
 * /members/{handle} and /profile/{userId}: full screen (no header), so it carries its own way
 * back. Anyone may look: name (Guest when missing), photo, bio, public scripts and the roles the
 * member was cast in (when they show them), with friend
 * controls that follow how I stand to the member; my own page has Edit profile. The tab shows
 * the member's name.
 */
export function ProfilePage() {
  const { handle, userId } = useParams();
  const ref: ProfileRef = handle ? { by: 'handle', value: handle } : { by: 'id', value: userId ?? '' };
  const profile = useProfile(ref);
  const goBack = useGoBack();
  const name = profile.data ? displayName(profile.data) : undefined;
  // The tab names the person, as the page does.
  usePageTitle(name);

  return (
    <>
      <BackBar onBack={goBack}>{name}</BackBar>
      {profile.isPending ? (
        <Page centered>
          <Spinner size="lg" label="Loading the profile" />
        </Page>
      ) : profile.isError ? (
        <Notice icon={<MicIcon />} title={profile.error.message}>
          <p>The link may be mistyped, or the member changed their handle.</p>
        </Notice>
      ) : (
        <ProfileView profile={profile.data} />
      )}
    </>
  );
}

function ProfileView({ profile }: { profile: Profile }) {
  const user = useUser();
  const [editing, setEditing] = useState(false);
  const mine = profile.relationship === 'self' || user?.id === profile.id;
  const name = displayName(profile);

  return (
    <Page width="narrow" className="vox-profile">
      <section className="vox-profile__card" aria-labelledby="vox-profile-name">
        <div className="vox-profile__banner" aria-hidden="true" />
        <div className="vox-profile__head">
          <span className="vox-profile__avatar">
            <PersonAvatar person={profile} size="xl" decorative={false} />
          </span>
          <div className="vox-profile__names">
            <h1 id="vox-profile-name" className="vox-profile__name">
              {name}
            </h1>
            {profile.handle && name !== `@${profile.handle}` && <p className="vox-profile__handle">@{profile.handle}</p>}
          </div>
        </div>
        {profile.bio ? <p className="vox-profile__bio">{profile.bio}</p> : <p className="vox-profile__bio vox-profile__bio--empty">{mine ? 'Add a few words about yourself: the roles you like, your voice, your time zone.' : `${name} has not written a bio yet.`}</p>}
        {mine ? (
          <div className="vox-toolbar">
            <Button onClick={() => setEditing(true)}>Edit profile</Button>
          </div>
        ) : (
          <FriendButton profile={profile} />
        )}
      </section>
      <PublicScripts ownerId={profile.id} name={name} mine={mine} />
      <CastIn userId={profile.id} mine={mine} />
      {editing && <EditProfileDialog profile={profile} onClose={() => setEditing(false)} />}
    </Page>
  );
}

function PublicScripts({ ownerId, name, mine }: { ownerId: string; name: string; mine: boolean }) {
  const scripts = usePublicScripts(ownerId);
  const items = scripts.data?.items ?? [];
  return (
    <section className="vox-card vox-social-card" aria-labelledby="vox-profile-scripts">
      <h2 id="vox-profile-scripts" className="vox-social-card__title">
        Public scripts {scripts.data && <span className="vox-social-badge">{scripts.data.total}</span>}
      </h2>
      {scripts.isPending ? (
        <Spinner label="Loading scripts" />
      ) : items.length === 0 ? (
        <p className="vox-social-empty">{mine ? 'You have no public scripts yet. Scripts you make public appear here.' : `${name} has no public scripts yet.`}</p>
      ) : (
        <ul className="vox-social-list" aria-label="Public scripts">
          {items.map((script) => (
            <li key={script.id} className="vox-split vox-social-row vox-profile__script">
              <div>
                <Link to={href('script', { scriptId: script.id })} className="vox-profile__script-title">
                  {script.title}
                </Link>
                <p className="vox-profile__script-meta">
                  {[script.genre, `${script.roleCount} ${script.roleCount === 1 ? 'role' : 'roles'}`, `${script.lineCount} lines`].filter(Boolean).join(' · ')}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}


/** "Cast in": the roles the member was cast in through casting calls, when there are any to show. */
function CastIn({ userId, mine }: { userId: string; mine: boolean }) {
  const credits = useCastingCredits(userId);
  const items = credits.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className="vox-card vox-social-card" aria-labelledby="vox-profile-cast-in">
      <h2 id="vox-profile-cast-in" className="vox-social-card__title">
        Cast in <span className="vox-social-badge">{items.length}</span>
      </h2>
      {mine && <HiddenCreditsNote />}
      <ul className="vox-social-list" aria-label="Cast in">
        {items.map((credit) => (
          <li key={`${credit.callId}/${credit.roleName}`} className="vox-social-row vox-profile__credit">
            <span className="vox-profile__script-title">{credit.roleName}</span> in{' '}
            {/* Casting is the main site's: from the school site the link goes there. */}
            <SiteLink to={href('castingCall', { callId: credit.callId })} site="main">
              {credit.scriptTitle}
            </SiteLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** I always see my own credits: say so when others do not. */
function HiddenCreditsNote() {
  const settings = useCastingSettings();
  if (settings.data?.showCredits !== false) return null;
  return <p className="vox-profile__script-meta">Only you see this list: your profile keeps it from others (Edit profile changes that).</p>;
}
