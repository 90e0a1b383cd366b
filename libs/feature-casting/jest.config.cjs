module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'feature-casting',
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/../../tools/jest/jsdom-setup.cjs'],
};
