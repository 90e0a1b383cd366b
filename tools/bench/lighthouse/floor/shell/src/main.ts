// Step D's shell entry, as the real shell's main.ts: an async boundary before anything shared runs.
void import('./bootstrap').then(({ start }) => start());
