module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'activity',
  rootDir: __dirname,
  testEnvironment: 'node',
  // The React hook's spec switches itself to jsdom with a docblock.
};
