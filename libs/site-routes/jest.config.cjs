module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'site-routes',
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/../../tools/jest/jsdom-setup.cjs'],
};
