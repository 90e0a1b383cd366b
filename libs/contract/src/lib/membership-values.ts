/**
 * What a plan gives its member, in the member's words, by the role it grants: the first line of a
 * plan card on /membership (the card lists each privilege below it). A role not named here gets
 * MEMBERSHIP_PITCH_DEFAULT.
 */
const MEMBERSHIP_PITCH: Readonly<Record<string, string>> = {
  writer: 'Write your own scripts: drafts with their full history, and templates to start from.',
  premium: 'Everything a writer gets, plus your own audio library and free scripts to read and record.',
};
const MEMBERSHIP_PITCH_DEFAULT = 'More of VoxClub for as long as the membership runs.';

/** The plan card's pitch for a role (see MEMBERSHIP_PITCH). */
export const membershipPitch = (role: string): string => MEMBERSHIP_PITCH[role] ?? MEMBERSHIP_PITCH_DEFAULT;

/** Said after a declined card, on the test provider's page and on /subscription. */
export const DECLINED_ADVICE = 'Nothing was charged. Try another card.';
