module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'notifications-data',
  rootDir: __dirname,
  testEnvironment: 'node',
};
