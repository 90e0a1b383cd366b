// Reads a PDF from stdin and prints its text as JSON: one array of lines per page. pdfjs-dist
// is ESM only, so tests run this in a child process instead of loading it into Jest.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const pdf = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), useSystemFonts: false, isEvalSupported: false }).promise;
const pages = [];
for (let n = 1; n <= pdf.numPages; n++) {
  const page = await pdf.getPage(n);
  const content = await page.getTextContent();
  // Group text items into lines by their baseline.
  const rows = new Map();
  for (const item of content.items) {
    if (!('str' in item) || !item.str) continue;
    const y = Math.round(item.transform[5]);
    const x = item.transform[4];
    const fontSize = Math.round(Math.hypot(item.transform[0], item.transform[1]));
    (rows.get(y) ?? rows.set(y, []).get(y)).push({ x, str: item.str, fontSize, font: content.styles[item.fontName]?.fontFamily });
  }
  const lines = [...rows.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([y, items]) => ({ y, x: Math.min(...items.map((i) => i.x)), text: items.sort((a, b) => a.x - b.x).map((i) => i.str).join(''), fontSize: items[0].fontSize }));
  const { width, height } = page.getViewport({ scale: 1 });
  pages.push({ width, height, lines });
}
process.stdout.write(JSON.stringify(pages));
