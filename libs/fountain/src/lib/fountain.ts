import type { ScriptLineInput, ScriptRole } from '@vox/contract';

/** What a Fountain text carries of a script (no id, owner, cover, visibility or free flag). */
export interface FountainScript {
  title: string;
  synopsis: string;
  genre: string;
  language: string;
  roles: ScriptRole[];
  lines: Array<Omit<ScriptLineInput, 'id'>>;
}

/** Placeholder until the Fountain work lands (see libs/fountain/README.md). */
export function parseFountain(_text: string): FountainScript {
  throw new Error('not implemented');
}

export function toFountain(_script: FountainScript): string {
  throw new Error('not implemented');
}
