module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'fountain',
  rootDir: __dirname,
  testEnvironment: 'node',
};
