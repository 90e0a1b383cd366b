import fs from 'node:fs';
import path from 'node:path';
import { FOUNTAIN_FILE_MAX_BYTES, FOUNTAIN_FILE_MESSAGES, readFountainFile } from './file';
import { parseFountain } from './parse';

const ferry = fs.readFileSync(path.join(__dirname, '../fixtures/last-ferry.fountain'), 'utf8');
const file = (content: BlobPart | BlobPart[], name: string, type = '') => new File(Array.isArray(content) ? content : [content], name, { type });

describe('readFountainFile (a screenplay file the writer chose)', () => {
  it('answers a .fountain file whole, with the script it reads as', async () => {
    const read = await readFountainFile(file(ferry, 'last-ferry.fountain'));
    expect(read.problem).toBeUndefined();
    expect(read).toEqual({ text: ferry, script: parseFountain(ferry) });
  });

  it('takes a .txt file (or an unnamed plain-text one) in Fountain; makes its line ends "\\n" and drops a byte order mark, nothing else', async () => {
    const crlf = `\uFEFFINT. ROOM - DAY\r\n\r\nBOB\r\nHi, Zoë.\r\n`;
    expect(await readFountainFile(file(crlf, 'scene.TXT'))).toMatchObject({ text: 'INT. ROOM - DAY\n\nBOB\nHi, Zoë.\n' });
    expect(await readFountainFile(file('Title: Night Bus\n\nRain.', 'night-bus', 'text/plain'))).toMatchObject({ text: 'Title: Night Bus\n\nRain.' });
  });

  it('says a file is not Fountain by its kind, or by what is in it', async () => {
    const notFountain = { problem: FOUNTAIN_FILE_MESSAGES.notFountain };
    expect(await readFountainFile(file('%PDF-1.7', 'script.pdf', 'application/pdf'))).toEqual(notFountain);
    expect(await readFountainFile(file('PK\u0003\u0004', 'script.docx'))).toEqual(notFountain);
    // A PDF renamed .txt: NUL bytes are in no text file.
    expect(await readFountainFile(file(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0x01, 0x02]), 'script.txt'))).toEqual(notFountain);
    // A .txt of prose: nothing in it is more than action.
    expect(await readFountainFile(file('Shopping: milk, eggs.\n\nCall the dentist.', 'notes.txt'))).toEqual(notFountain);
    // A .fountain of action only is a screenplay all the same.
    expect(await readFountainFile(file('Fog rolls in.', 'fog.fountain'))).toMatchObject({ text: 'Fog rolls in.' });
  });

  it('refuses a file with no screenplay in it, and one whose characters are not UTF-8 (rather than losing them)', async () => {
    expect(await readFountainFile(file('  \n\n[[only a note]]\n', 'empty.fountain'))).toEqual({ problem: FOUNTAIN_FILE_MESSAGES.empty });
    // "Zoë" in Latin-1: the ë is not UTF-8.
    expect(await readFountainFile(file(new Uint8Array([...Buffer.from('INT. ROOM - DAY\n\nZo'), 0xeb]), 'latin1.fountain'))).toEqual({ problem: FOUNTAIN_FILE_MESSAGES.notUtf8 });
  });

  it('refuses a file larger than 5 MB without reading it', async () => {
    const large = file('x'.repeat(FOUNTAIN_FILE_MAX_BYTES + 1), 'huge.fountain');
    const text = jest.spyOn(large, 'text');
    expect(await readFountainFile(large)).toEqual({ problem: FOUNTAIN_FILE_MESSAGES.tooLarge });
    expect(text).not.toHaveBeenCalled();
    expect(FOUNTAIN_FILE_MESSAGES.tooLarge).toBe('This file is larger than 5 MB. Choose a Fountain or plain-text screenplay.');
  });

  it('says so when the file cannot be read', async () => {
    const gone = file('INT. ROOM - DAY', 'gone.fountain');
    jest.spyOn(gone, 'text').mockRejectedValue(new Error('NotReadableError'));
    expect(await readFountainFile(gone)).toEqual({ problem: 'This file could not be read. Choose a Fountain or plain-text screenplay.' });
  });
});
