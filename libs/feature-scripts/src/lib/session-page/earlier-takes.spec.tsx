import { fireEvent, render, screen, within } from '@testing-library/react';
import type { Person, ScriptLine, Take } from '@vox/contract';
import { EarlierTextMark, RemovedLineTakes } from './earlier-takes';

const take = (id: string, lineId: string, extra: Partial<Take> = {}): Take => ({
  id,
  lineId,
  userId: 'u1',
  clientId: `c-${id}`,
  audio: `${id}`.padEnd(64, '0'),
  contentType: 'audio/webm',
  byteSize: 1000,
  durationMs: 1500,
  picked: true,
  createdAt: '2026-11-23T10:00:00.000Z',
  ...extra,
});
const retired: ScriptLine = { id: 'L9', kind: 'dialogue', role: 'NORA', parenthetical: '(quietly)', text: 'I have none.' };
const people = new Map<string, Person>([['u1', { id: 'u1', handle: 'nora', name: 'Nora Vale', photo: null }]]);

describe('takes across rewrites', () => {
  it('marks a take recorded on earlier text with that text, and nothing else', () => {
    const { container, rerender } = render(<EarlierTextMark take={take('a', 'L1', { recordedOnText: 'One way.' })} />);
    expect(container).toHaveTextContent('Recorded on earlier text: One way.');
    rerender(<EarlierTextMark take={take('a', 'L1')} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('lists the takes of removed lines with the line, who recorded them, and plays one', () => {
    const played: string[] = [];
    render(
      <RemovedLineTakes
        retiredLines={[retired]}
        takes={[take('a', 'L1'), take('b', 'L9', { picked: false }), take('c', 'L9', { createdAt: '2026-11-23T11:00:00.000Z', recordedOnText: 'I have nothing.' })]}
        people={people}
        onPlay={(audio) => played.push(audio)}
        audioSrc={null}
      />,
    );
    const box = screen.getByTestId('removed-line-takes');
    expect(within(box).getByText('Takes of removed lines (2)')).toBeInTheDocument();
    expect(box).toHaveTextContent('These lines were taken out of the script. Their takes are kept here.');
    expect(box.querySelector('.vox-removed-takes__text')).toHaveTextContent('NORA(quietly)I have none.');
    const takes = within(box).getByRole('list', { name: 'Takes of “I have none.”' });
    expect(within(takes).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Take 1 by Nora Vale · 0:02',
      'Take 2 by Nora Vale · 0:02Recorded on earlier text: I have nothing.',
    ]);
    fireEvent.click(within(takes).getByRole('button', { name: 'Play Take 2 by Nora Vale' }));
    expect(played).toEqual([take('c', 'L9').audio]);
  });

  it('shows nothing when no removed line has takes in this session', () => {
    const { container } = render(<RemovedLineTakes retiredLines={[retired]} takes={[take('a', 'L1')]} people={people} onPlay={() => undefined} audioSrc={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
