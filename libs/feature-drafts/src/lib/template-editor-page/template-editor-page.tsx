import { useParams } from 'react-router';
import { PlaceholderPage } from '@vox/ui';

/** /templates/create and /templates/edit/{templateId} (privilege draft). */
export function TemplateEditorPage() {
  const { templateId } = useParams();
  return (
    <PlaceholderPage
      title={templateId ? 'Edit template' : 'New template'}
      description="Shape a template here: the structure, roles and starter lines that every draft started from it begins with."
    />
  );
}
