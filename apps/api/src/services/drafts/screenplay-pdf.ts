import PDFDocument from 'pdfkit';
import { LAYOUT, parseFountain, printedPages } from '@vox/fountain';

/**
 * A standard screenplay PDF from Fountain text: US Letter, Courier 12 pt, 1.5 in left
 * margin and 1 in elsewhere, a title page when the draft has a title, page numbers ("2.") at the
 * top right from the second page on, as scripts are printed. Line and page breaks come from
 * `printedPages` (`layoutScreenplay`, the same layout as the editor's preview), whose number is
 * the page count the drafts list shows (`pageCount`).
 */
const INCH = 72;
const CHAR = 7.2; // Courier 12 pt: ten characters to the inch.
const LINE = 12; // six lines to the inch.
const LEFT = 1.5 * INCH;
const TOP = 1 * INCH;
const RIGHT_EDGE = 7.5 * INCH;

export async function screenplayPdf(fountain: string, fallbackTitle: string): Promise<Buffer> {
  const script = parseFountain(fountain);
  const title = script.title || fallbackTitle;
  const doc = new PDFDocument({ size: 'LETTER', margin: 0, autoFirstPage: false, info: { Title: title, Creator: 'VoxClub' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Courier').fontSize(12);
  const at = (text: string, x: number, y: number) => doc.text(text, x, y, { lineBreak: false });

  if (title) {
    doc.addPage();
    const centre = (text: string, y: number) => at(text, (8.5 * INCH - text.length * CHAR) / 2, y);
    centre(title.toUpperCase(), 4 * INCH);
    if (script.genre) centre(script.genre, 4 * INCH + 3 * LINE);
  }

  for (const page of printedPages(script)) {
    doc.addPage();
    if (page.number > 1) {
      const label = `${page.number}.`;
      at(label, RIGHT_EDGE - label.length * CHAR, 0.5 * INCH);
    }
    page.lines.forEach((line, row) => {
      if (!line || !line.text) return;
      const x = line.kind === 'transition' ? RIGHT_EDGE - line.text.length * CHAR : LEFT + LAYOUT[line.kind].indent * CHAR;
      at(line.text, x, TOP + row * LINE);
    });
  }
  doc.end();
  return done;
}
