module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'feature-audio',
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/../../tools/jest/jsdom-setup.cjs'],
};
