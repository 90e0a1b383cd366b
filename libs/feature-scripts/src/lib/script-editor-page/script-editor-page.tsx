import { useParams } from 'react-router';
import { PlaceholderPage } from '@vox/ui';

/** /scripts/create and /scripts/edit/{scriptId}: one editor, empty or with the script loaded. */
export function ScriptEditorPage() {
  const { scriptId } = useParams();
  return (
    <PlaceholderPage
      title={scriptId ? 'Edit script' : 'New script'}
      description="Write your script here: its title, synopsis, roles and lines, in any order you like. Paste a screenplay in Fountain text to bring in a script you already have, and choose who can read it."
    />
  );
}
