// @vox/feature-scripts/editor-page: /scripts/create and /scripts/edit/{scriptId} (the README,
// "Entries"). The editor itself, not the lazy wrapper the main entry exports: this entry is
// already a chunk of its own, so the page loads in one request level, not two.
export { ScriptEditorPage } from './lib/script-editor-page/script-editor-page';
