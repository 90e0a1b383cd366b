// A module with nothing in it: what the server render module makes of a stylesheet import.
module.exports = function emptyModule() {
  return '';
};
