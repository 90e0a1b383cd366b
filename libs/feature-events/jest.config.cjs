module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'feature-events',
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/../../tools/jest/jsdom-setup.cjs'],
};
