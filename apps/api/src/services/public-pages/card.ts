import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { escapeHtml } from './head';

/**
 * The generated preview card (1200x630, the size Open Graph and Twitter's large card ask for) of
 * a page without a picture of its own: its title, subtitle and site name on the site's colours.
 * Drawn as SVG and rasterised to PNG by sharp (already the photo store's library; most scrapers
 * take no SVG), with the system's DejaVu Sans through fontconfig. Kept on disk by a hash of what it
 * shows, so each card is drawn once.
 */
interface CardText {
  title: string;
  subtitle?: string;
  siteName: string;
  /** The podcast site's dark theme, else the main site's. */
  dark: boolean;
}

const WIDTH = 1200;
const HEIGHT = 630;
const TITLE_SIZE = 68;
/** About this many characters of DejaVu Sans Bold at TITLE_SIZE fit in the card's text width. */
const LINE_CHARS = 27;
const MAX_LINES = 3;

/** Words into at most MAX_LINES lines, the last cut with an ellipsis when the title is longer. */
function titleLines(title: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.replace(/\s+/g, ' ').trim().split(' ')) {
    const pieces = word.length > LINE_CHARS ? (word.match(new RegExp(`.{1,${LINE_CHARS}}`, 'gu')) ?? [word]) : [word];
    for (const piece of pieces) {
      if (!line) line = piece;
      else if (line.length + 1 + piece.length <= LINE_CHARS) line += ` ${piece}`;
      else {
        lines.push(line);
        line = piece;
      }
    }
  }
  if (line) lines.push(line);
  if (lines.length <= MAX_LINES) return lines;
  const kept = lines.slice(0, MAX_LINES);
  kept[MAX_LINES - 1] = `${kept[MAX_LINES - 1].slice(0, LINE_CHARS - 1).trimEnd()}…`;
  return kept;
}

function cardSvg(text: CardText): string {
  const accent = text.dark ? '#FF01CD' : '#BA58E9';
  const background = text.dark ? '#141018' : '#faf6fd';
  const ink = text.dark ? '#ffffff' : '#1d1024';
  const muted = text.dark ? '#cfc4d6' : '#5b4a66';
  const lines = titleLines(text.title);
  const top = 300 - ((lines.length - 1) * TITLE_SIZE * 1.15) / 2;
  const title = lines
    .map((line, i) => `<text x="96" y="${Math.round(top + i * TITLE_SIZE * 1.15)}" font-size="${TITLE_SIZE}" font-weight="bold" fill="${ink}">${escapeHtml(line)}</text>`)
    .join('');
  const subtitle = text.subtitle
    ? `<text x="96" y="${Math.round(top + lines.length * TITLE_SIZE * 1.15 + 20)}" font-size="36" fill="${muted}">${escapeHtml(text.subtitle.slice(0, 60))}</text>`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" font-family="DejaVu Sans, sans-serif">` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${background}"/>` +
    `<rect width="24" height="${HEIGHT}" fill="${accent}"/>` +
    `<circle cx="120" cy="540" r="26" fill="${accent}"/>` +
    `<path d="M107 531l13 22 13-22" stroke="#fff" stroke-width="5" fill="none" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<text x="164" y="552" font-size="34" font-weight="bold" fill="${accent}">${escapeHtml(text.siteName)}</text>` +
    title +
    subtitle +
    `</svg>`
  );
}

/** The card's PNG: from the disk cache, or drawn and kept there (written whole, then renamed). */
export async function renderCard(cacheDir: string, text: CardText): Promise<Buffer> {
  const svg = cardSvg(text);
  const file = path.join(cacheDir, `${createHash('sha256').update(svg).digest('hex')}.png`);
  try {
    return await fs.promises.readFile(file);
  } catch {
    // not drawn yet
  }
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  await fs.promises.mkdir(cacheDir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.promises.writeFile(tmp, png);
  await fs.promises.rename(tmp, file);
  return png;
}
