module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'variant',
  rootDir: __dirname,
  testEnvironment: 'node',
};
