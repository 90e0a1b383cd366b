/** The date both legal pages were last changed; update it with the text. */
export const POLICY_DATE_ISO = '2026-11-21';
export const POLICY_DATE_TEXT = '21 November 2026';

export function PolicyDate() {
  return (
    <>
      Last updated <time dateTime={POLICY_DATE_ISO}>{POLICY_DATE_TEXT}</time>
    </>
  );
}
