// The library page's code, loaded on first use: by its route, and by a download (so the downloads'
// list opens offline). One import() expression, so both load the same chunk.
export const loadListeningHistoryPage = () => import('./listening-history-page');
