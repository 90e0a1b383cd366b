module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'podcast',
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  // The routes this app renders are specified with the table (libs/site-routes/src/site-routes.spec.tsx).
  passWithNoTests: true,
  setupFilesAfterEnv: ['<rootDir>/../../tools/jest/jsdom-setup.cjs'],
};
