import type { FountainScript } from './fountain';
import { parseFountain } from './parse';

/**
 * A screenplay file the writer chose: read and checked one way wherever one is imported (the
 * script editor's Import Fountain, a new draft from a file on /write). Fountain is plain text, so
 * a .fountain (or .spmd) file is taken as it is, and a .txt file when it reads as a screenplay; the
 * text comes back whole, only its line ends made "\n" and a byte order mark dropped, with the
 * script `parseFountain` reads from it.
 */

/** The file picker's `accept`. */
export const FOUNTAIN_FILE_ACCEPT = '.fountain,.spmd,.txt,text/plain';

/** A chosen file larger than this is surely not a screenplay (a feature film's Fountain is some 200 KB). */
export const FOUNTAIN_FILE_MAX_BYTES = 5 * 1024 * 1024;

export const FOUNTAIN_FILE_MESSAGES = {
  tooLarge: 'This file is larger than 5 MB. Choose a Fountain or plain-text screenplay.',
  unreadable: 'This file could not be read. Choose a Fountain or plain-text screenplay.',
  notFountain: 'This file is not a screenplay in Fountain. Choose a .fountain file, or a .txt file in Fountain (most screenwriting apps export it).',
  notUtf8: 'Some characters of this file could not be read: it is not saved as UTF-8 text. Save it as UTF-8 (Unicode) and choose it again.',
  empty: 'This file holds no screenplay: no scene headings, action or dialogue found.',
} as const;

type FountainFile = { text: string; script: FountainScript; problem?: undefined } | { problem: string };

/** What a file must offer: a File, or a test's stand-in. */
interface ChosenFile {
  name: string;
  size: number;
  type?: string;
}

const FOUNTAIN_NAME = /\.(?:fountain|spmd)$/i;
const TEXT_NAME = /\.txt$/i;

/** Its text as UTF-8 (FileReader where there is one: jsdom's File has no text()). */
function readText(file: Blob): Promise<string> {
  if (typeof FileReader === 'undefined') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file);
  });
}

/** The problem with a file before it is read (its kind and size), or null. */
function fountainFileProblem(file: ChosenFile): string | null {
  const named = FOUNTAIN_NAME.test(file.name) || TEXT_NAME.test(file.name) || (!/\.[^./]+$/.test(file.name) && file.type === 'text/plain');
  if (!named) return FOUNTAIN_FILE_MESSAGES.notFountain;
  if (file.size > FOUNTAIN_FILE_MAX_BYTES) return FOUNTAIN_FILE_MESSAGES.tooLarge;
  return null;
}

/**
 * The problem with a file's text as a screenplay, or its text (line ends made "\n") and script:
 * the browser's check after reading a file, and the API's for a file sent to make a draft.
 */
export function fountainFileText(file: ChosenFile, raw: string): FountainFile {
  // A NUL is in no text file: something else (a PDF, a word processor's file) renamed .txt.
  if (raw.includes('\u0000')) return { problem: FOUNTAIN_FILE_MESSAGES.notFountain };
  // Bytes that are not UTF-8 came out as U+FFFD: taking them would lose those characters.
  if (raw.includes('\uFFFD')) return { problem: FOUNTAIN_FILE_MESSAGES.notUtf8 };
  const text = raw.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const script = parseFountain(text);
  if (script.lines.length === 0) return { problem: FOUNTAIN_FILE_MESSAGES.empty };
  // Plain text is a screenplay when something in it is more than action: a title page, a scene heading, dialogue or a transition.
  if (!FOUNTAIN_NAME.test(file.name) && !script.title && script.lines.every((line) => line.kind === 'action')) {
    return { problem: FOUNTAIN_FILE_MESSAGES.notFountain };
  }
  return { text, script };
}

/** Reads and checks a chosen file (see the top of this file). */
export async function readFountainFile(file: ChosenFile & Blob): Promise<FountainFile> {
  const problem = fountainFileProblem(file);
  if (problem) return { problem };
  let raw: string;
  try {
    raw = await readText(file);
  } catch {
    return { problem: FOUNTAIN_FILE_MESSAGES.unreadable };
  }
  return fountainFileText(file, raw);
}
