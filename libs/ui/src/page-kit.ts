// @vox/ui/page-kit: parts only pages use, never the shell (libs/ui/README.md, "Entries"), and the
// page CSS primitives (vox-page-head, vox-stack, vox-card, vox-toolbar, …): a page that uses their
// classes imports this entry, if only for them (`import '@vox/ui/page-kit';`).
import './lib/page-primitives/page-primitives.css';
export { BackBar } from './lib/back-bar/back-bar';
export { useGoBack } from './lib/use-go-back/use-go-back';
export { PlaceholderPage } from './lib/placeholder-page/placeholder-page';
export { ArrowLeftIcon } from './lib/icons/page-kit-icons';
export { usePageTitle } from './lib/use-page-title/use-page-title';
export { Pager } from './lib/pager/pager';
