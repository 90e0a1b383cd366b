module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'privileges',
  rootDir: __dirname,
  testEnvironment: 'node',
};
