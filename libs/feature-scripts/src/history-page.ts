// @vox/feature-scripts/history-page: /history (the README, "Entries").
export { HistoryPage } from './lib/history-page/history-page';
