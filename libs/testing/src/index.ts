export { contractProblem, createFakeServer, json, matchEndpoint, type FakeAnswer, type FakeCall, type FakeServer } from './lib/fake-server';
export { pageTitle, renderPage, renderRouter, renderRoutes } from './lib/render-page';
export { assignmentWork, member, person, scriptAt, sessionAt, teacher } from './lib/fixtures';
