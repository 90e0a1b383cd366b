module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'recording',
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/../../tools/jest/jsdom-setup.cjs'],
};
