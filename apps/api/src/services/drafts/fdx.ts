import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { create } from 'xmlbuilder2';
import { DRAFT_MESSAGES } from '@vox/contract/schemas';
import { parseFountain } from '@vox/fountain';
import { BadRequestError } from '../../domain-errors';

/**
 * Final Draft's file format (.fdx) to and from Fountain, on the server: the XML libraries stay
 * out of the web bundles (the drafts pages only send a file's text and download what comes
 * back), and an import that fails makes nothing. Reading uses fast-xml-parser (a validating,
 * dependency-light parser that never evaluates entities from the file); writing uses xmlbuilder2,
 * which escapes every text it is given, as the podcast feed does.
 *
 * An FDX script is a list of paragraphs, each with a type and its text:
 *   <FinalDraft DocumentType="Script" Template="No" Version="5"><Content>
 *     <Paragraph Type="Scene Heading"><Text>INT. HOUSE - DAY</Text></Paragraph> ...
 * The types kept: Scene Heading, Action, Character, Parenthetical, Dialogue, Transition, Shot
 * and General (action). Others (cast lists, notes) are skipped; a title page's first line
 * becomes the Fountain title.
 */

type FdxType = 'Scene Heading' | 'Action' | 'Character' | 'Parenthetical' | 'Dialogue' | 'Transition' | 'Shot' | 'General';

interface FdxParagraph {
  type: string;
  text: string;
}

const SCENE_START = /^(?:INT|EXT|EST|INT\.?\/EXT|I\/E)[. ]/i;
const TRANSITION_END = /^[^a-z]*TO:$/;

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** A <Text> element's words: plain text, or an element with a '#text' (styled runs). */
function textOf(node: unknown): string {
  if (node === null || node === undefined) return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (typeof node === 'object' && '#text' in (node as Record<string, unknown>)) return String((node as Record<string, unknown>)['#text']);
  return '';
}

function paragraphsOf(content: unknown): FdxParagraph[] {
  const paragraphs = asArray((content as { Paragraph?: unknown } | undefined)?.Paragraph);
  return paragraphs.map((paragraph) => {
    const p = paragraph as Record<string, unknown>;
    return { type: String(p['@_Type'] ?? 'General'), text: asArray(p.Text).map(textOf).join('') };
  });
}

/** The Fountain text of a Final Draft file; BadRequestError when it is not one or holds no script. */
export function fdxToFountain(xml: string): string {
  const clean = xml.replace(/^\uFEFF/, '');
  if (XMLValidator.validate(clean) !== true) throw new BadRequestError(DRAFT_MESSAGES.fdxUnreadable);
  const parsed = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    processEntities: true,
    isArray: (name) => name === 'Paragraph' || name === 'Text',
  }).parse(clean) as { FinalDraft?: { Content?: unknown; TitlePage?: { Content?: unknown } } };
  const root = parsed.FinalDraft;
  if (!root || typeof root !== 'object') throw new BadRequestError(DRAFT_MESSAGES.fdxUnreadable);

  const out: string[] = [];
  const title = paragraphsOf(root.TitlePage?.Content)
    .map((p) => p.text.trim())
    .find(Boolean);
  if (title) out.push(`Title: ${title}`, '');

  let inSpeech = false;
  for (const { type, text: raw } of paragraphsOf(root.Content)) {
    const text = raw.replace(/\r\n?/g, '\n').trim();
    if (!text) continue;
    const kind = type as FdxType;
    if ((kind === 'Parenthetical' || kind === 'Dialogue') && inSpeech) {
      out.push(kind === 'Parenthetical' ? (text.startsWith('(') ? text : `(${text})`) : text);
      continue;
    }
    if (out.length > 0 && out[out.length - 1] !== '') out.push('');
    inSpeech = false;
    switch (kind) {
      case 'Scene Heading': {
        const heading = text.toUpperCase();
        out.push(SCENE_START.test(heading) ? heading : `.${heading}`);
        break;
      }
      case 'Character': {
        // Fountain reads a cue from capitals; a name with small letters is forced with "@".
        out.push(/[a-z]/.test(text) ? `@${text}` : text);
        inSpeech = true;
        break;
      }
      case 'Transition': {
        const transition = text.toUpperCase();
        out.push(TRANSITION_END.test(transition) ? transition : `> ${transition}`);
        break;
      }
      case 'Parenthetical':
      case 'Dialogue':
      case 'Action':
      case 'Shot':
      case 'General':
      default: {
        // Action in capitals (a shot, a sound) would read as a cue or a heading: "!" keeps it action.
        const lines = text.split('\n').map((line) => line.trim());
        const forced = !/[a-z]/.test(lines[0]) || SCENE_START.test(lines[0]) || TRANSITION_END.test(lines[0]);
        out.push(forced ? `!${lines.join('\n')}` : lines.join('\n'));
      }
    }
  }
  const fountain = `${out.join('\n').trim()}\n`;
  if (parseFountain(fountain).lines.length === 0) throw new BadRequestError(DRAFT_MESSAGES.fdxNotScript);
  return fountain;
}

/**
 * xmlbuilder2 leaves an `&` that starts something entity-like (`&lt;`) as it is: every `&` is
 * escaped first, so a typed "&lt;" stays those four characters (see podcast-feed.ts).
 */
const xmlText = (value: string) => value.replace(/&/g, '&amp;');

/** A Final Draft file (.fdx) of a Fountain text: one paragraph per scene heading, action, cue, parenthetical, speech and transition. */
export function fountainToFdx(fountain: string): string {
  const script = parseFountain(fountain);
  const doc = create({ version: '1.0', encoding: 'UTF-8', standalone: false, invalidCharReplacement: '' });
  const root = doc.ele('FinalDraft', { DocumentType: 'Script', Template: 'No', Version: '5' });
  const content = root.ele('Content');
  const paragraph = (type: FdxType, text: string) => content.ele('Paragraph', { Type: type }).ele('Text').txt(xmlText(text));
  let previous: (typeof script.lines)[number] | null = null;
  for (const line of script.lines) {
    switch (line.kind) {
      case 'scene':
        paragraph('Scene Heading', line.text.toUpperCase());
        break;
      case 'transition':
        paragraph('Transition', line.text.toUpperCase());
        break;
      case 'dialogue': {
        // The same speaker goes on after a parenthetical inside one speech; otherwise a new cue.
        const goesOn = previous?.kind === 'dialogue' && previous.role === line.role && line.parenthetical !== null;
        if (!goesOn) paragraph('Character', line.role ?? '');
        if (line.parenthetical) paragraph('Parenthetical', line.parenthetical);
        if (line.text) paragraph('Dialogue', line.text);
        break;
      }
      default:
        paragraph('Action', line.text);
    }
    previous = line;
  }
  if (script.title) {
    root.ele('TitlePage').ele('Content').ele('Paragraph', { Alignment: 'Center', Type: 'Action' }).ele('Text').txt(xmlText(script.title));
  }
  return doc.end({ prettyPrint: true });
}
