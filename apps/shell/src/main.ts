// The async boundary gives module federation a moment to agree on shared singletons
// (react, the router, @vox/auth, ...) before any of them is used.
import('./bootstrap');
