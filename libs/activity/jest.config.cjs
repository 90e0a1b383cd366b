module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'activity',
  rootDir: __dirname,
  testEnvironment: 'node',
};
