import PDFDocument from 'pdfkit';
import { LAYOUT, parseFountain, printedPages, revisionColorName, revisionMarks } from '@vox/fountain';

/**
 * A standard screenplay PDF from Fountain text: US Letter, Courier 12 pt, 1.5 in left
 * margin and 1 in elsewhere, a title page when the draft has a title, page numbers ("2.") at the
 * top right from the second page on, as scripts are printed. Line and page breaks come from
 * `printedPages` (`layoutScreenplay`, the same layout as the editor's preview), whose number is
 * the page count the drafts list shows (`pageCount`). A page holds 55 lines from the 1 in top
 * margin (`LINES_PER_PAGE`).
 *
 * In a revision (the draft's colour past White), as Final Draft prints one: every page's header
 * names the colour and the day the revision set started ("Blue Revision (11/27/2026)") at the top
 * left, and each printed line changed since then has an asterisk in the right margin.
 */
const INCH = 72;
const CHAR = 7.2; // Courier 12 pt: ten characters to the inch.
const LINE = 12; // six lines to the inch.
const LEFT = 1.5 * INCH;
const TOP = 1 * INCH;
const RIGHT_EDGE = 7.5 * INCH;
/** The revision mark's place: a quarter inch into the right margin. */
const MARK_X = RIGHT_EDGE + 0.25 * INCH;

/** The draft's revision colour and the text its set started from. */
interface PdfRevision {
  color: number;
  base: string;
  startedAt: string;
}

/** "11/27/2026", the US date Final Draft prints in a revision header (UTC: the same on every server). */
const headerDate = (iso: string) => {
  const at = new Date(iso);
  return `${at.getUTCMonth() + 1}/${at.getUTCDate()}/${at.getUTCFullYear()}`;
};

export async function screenplayPdf(fountain: string, fallbackTitle: string, revision: PdfRevision | null = null): Promise<Buffer> {
  const script = parseFountain(fountain);
  const changed = revision ? revisionMarks(revision.base, fountain) : () => false;
  const header = revision ? `${revisionColorName(revision.color)} Revision (${headerDate(revision.startedAt)})` : null;
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
    if (header) at(header, LEFT, 0.5 * INCH);
    if (page.number > 1) {
      const label = `${page.number}.`;
      at(label, RIGHT_EDGE - label.length * CHAR, 0.5 * INCH);
    }
    page.lines.forEach((line, row) => {
      if (!line || !line.text) return;
      const x = line.kind === 'transition' ? RIGHT_EDGE - line.text.length * CHAR : LEFT + LAYOUT[line.kind].indent * CHAR;
      at(line.text, x, TOP + row * LINE);
      const source = page.sources[row];
      if (source !== null && changed(source, line.kind === 'character')) at('*', MARK_X, TOP + row * LINE);
    });
  }
  doc.end();
  return done;
}
