import { takeEarlyRequests } from './early';

// The requests the first render waits for: started by the page's first script (early-script.js),
// else now, while the rest of the shell downloads.
const early = takeEarlyRequests();

// The async boundary gives module federation a moment to agree on shared singletons
// (react, the router, @vox/auth, ...) before any of them is used.
void import('./bootstrap').then(({ start }) => start(early));
