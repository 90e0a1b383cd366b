import { lazyPage } from '@vox/ui';

/**
 * The editor is the heavy page of the lib (the Fountain reader and writer, the line editor), so
 * it is a chunk of its own: /scripts and the reader do not download it.
 */
export const ScriptEditorPage = lazyPage(
  () => import('./script-editor-page'),
  (module) => module.ScriptEditorPage,
);
