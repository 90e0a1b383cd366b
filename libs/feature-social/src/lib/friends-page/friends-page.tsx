import { PlaceholderPage } from '@vox/ui';

/** /friends for a signed-in user. */
export function FriendsPage() {
  return (
    <PlaceholderPage
      title="Your friends"
      description="Your friends and pending friend requests will be listed here. Send a request by handle or email, then accept, decline or remove."
    />
  );
}
