/** The date both legal pages were last changed; update it with the text. */
const POLICY_DATE_ISO = '2026-11-21';
const POLICY_DATE_TEXT = '21 November 2026';

export function PolicyDate() {
  return (
    <>
      Last updated <time dateTime={POLICY_DATE_ISO}>{POLICY_DATE_TEXT}</time>
    </>
  );
}
