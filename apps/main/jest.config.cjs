module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'main',
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/../../tools/jest/jsdom-setup.cjs'],
};
