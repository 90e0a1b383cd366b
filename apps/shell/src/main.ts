import { takeEarlyRequests } from './early';

// The requests the first render waits for: started by the page's first script (early-script.js),
// else now, while the rest of the shell downloads.
const early = takeEarlyRequests();

// The shell's shared singletons (react, the router, @vox/auth, ...) are eager, in this file
// (tools/webpack/web.config.cjs); the async boundary keeps react-dom and the app's own code in a
// chunk of their own, which downloads beside this one (its preload is in index.html).
void import('./bootstrap').then(({ start }) => start(early));
