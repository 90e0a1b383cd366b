import { PlaceholderPage } from '@vox/ui';

/** /event/{eventId}/register. */
export function EventRegistrationPage() {
  return (
    <PlaceholderPage
      title="Register for the event"
      description="Sign up for the event here. When it is full you join the waiting list, and either way a confirmation arrives by email."
    />
  );
}
