import { MicIcon, Notice } from '../main-entry';

interface PlaceholderPageProps {
  title: string;
  /** What this page will offer, in a sentence or two. */
  description: string;
}

/** Holds a route whose content ships later, saying what will be there. */
export function PlaceholderPage({ title, description }: PlaceholderPageProps) {
  return (
    <Notice icon={<MicIcon />} eyebrow="Coming soon" title={title}>
      <p>{description}</p>
    </Notice>
  );
}
