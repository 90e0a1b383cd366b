export { contractProblem, createFakeServer, json, matchEndpoint, type FakeAnswer, type FakeCall, type FakeHandler, type FakeMatch, type FakeServer } from './lib/fake-server';
export { pageTitle, renderPage, renderRouter, renderRoutes, type RenderPageOptions } from './lib/render-page';
export { assignmentWork, draftAt, person, teacher } from './lib/fixtures';
