import { mergeTexts } from './merge';

describe('merge', () => {
  const base = 'INT. DECK - NIGHT\n\nRain.\n\nNORA\nHello.\n\nCAPTAIN\nTickets.\n';
  it("puts my changes into the other version when they touch other lines", async () => {
    const mine = base.replace('Hello.', 'Hello there.');
    const theirs = base.replace('Tickets.', 'Tickets, please.');
    expect(await mergeTexts(base, mine, theirs)).toBe('INT. DECK - NIGHT\n\nRain.\n\nNORA\nHello there.\n\nCAPTAIN\nTickets, please.\n');
  });
  it('refuses when both changed the same line, or the base is unknown', async () => {
    expect(await mergeTexts(base, base.replace('Rain.', 'Snow.'), base.replace('Rain.', 'Fog.'))).toBeNull();
    expect(await mergeTexts(undefined, 'a', 'b')).toBeNull();
  });
});
