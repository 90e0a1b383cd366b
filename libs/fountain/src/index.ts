// Fountain (https://fountain.io) screenplay text <-> the structured script of @vox/contract.
// Used by the script editor (import/export) and by `npm run seed:demo`.
export { parseFountain, toFountain, type FountainScript } from './lib/fountain';
