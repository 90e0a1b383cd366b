import { PlaceholderPage } from '@vox/ui';

/** /pilot_program/id. */
export function PilotProgramPage() {
  return (
    <PlaceholderPage
      title="Pilot program for schools"
      description="Tell us about your school and your drama classes here to join the pilot program; the VoxClub team receives your request and gets in touch."
    />
  );
}
