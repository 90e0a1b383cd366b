// Shortens the texts of react-router's production build's invariant() and warning() calls to a
// numbered code ("react-router #12"), so the shared react-router module on every first route
// carries no ~3 KB of developer messages (~0.6 KB gzip). Every call stays, and throws or warns
// as before; its full text is in the development build (the dev server loads it) at the same
// place, in the same order. Parsed with the TypeScript compiler (already the build's), so only
// the message argument of a call to those functions changes.
const ts = require('typescript');

/** The functions react-router reports through, and which argument is the text. */
const MESSAGE_ARGUMENT = { invariant: 1, warning: 1, warningOnce: 2 };

const isText = (node) =>
  ts.isStringLiteral(node) ||
  ts.isNoSubstitutionTemplateLiteral(node) ||
  ts.isTemplateExpression(node) ||
  (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken && isText(node.left) && isText(node.right)) ||
  (ts.isParenthesizedExpression(node) && isText(node.expression));

/** The source with each message replaced by `"react-router #<n>"`, n counting calls in source order. */
function shortenMessages(source, fileName = 'react-router.mjs') {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const spans = [];
  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && Object.hasOwn(MESSAGE_ARGUMENT, node.expression.text)) {
      const text = node.arguments[MESSAGE_ARGUMENT[node.expression.text]];
      if (text && isText(text)) spans.push([text.getStart(file), text.end]);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let out = source;
  // From the last to the first, so the earlier offsets stay right.
  for (let i = spans.length - 1; i >= 0; i--) out = `${out.slice(0, spans[i][0])}"react-router #${i}"${out.slice(spans[i][1])}`;
  return out;
}

module.exports = function reactRouterMessagesLoader(source) {
  return shortenMessages(source, this.resourcePath);
};
module.exports.shortenMessages = shortenMessages;
