import { PlaceholderPage } from '@vox/ui';

/** /notifications for a signed-in user. */
export function MessagesPage() {
  return (
    <PlaceholderPage
      title="Messages"
      description="Friend requests, invitations to table reads, messages from your friends and news about your membership will arrive here."
    />
  );
}
