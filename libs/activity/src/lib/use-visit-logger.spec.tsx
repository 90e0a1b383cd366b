/**
 * @jest-environment jsdom
 */
import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import type { ActivityLogger } from './activity-logger';
import { VISIT_COUNTS_AFTER_MS as VISIT_DELAY_MS } from '@vox/contract';
import { useVisitLogger } from './use-visit-logger';

function Visits({ logger }: { logger: ActivityLogger | null }) {
  useVisitLogger(logger);
  return null;
}

function setup(logger: ActivityLogger | null, initialPath = '/scripts') {
  let navigate: NavigateFunction = () => undefined;
  function CaptureNavigate() {
    navigate = useNavigate();
    return null;
  }
  const view = render(
    <MemoryRouter initialEntries={[initialPath]}>
      <Visits logger={logger} />
      <CaptureNavigate />
    </MemoryRouter>,
  );
  const go = (path: string) => act(() => void navigate(path));
  return { view, go };
}

const fakeLogger = () => ({ log: jest.fn<Promise<void>, Parameters<ActivityLogger['log']>>(async () => undefined) });

describe('useVisitLogger', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("logs 'visit' with the path one second after the first render", () => {
    const logger = fakeLogger();
    setup(logger);
    act(() => jest.advanceTimersByTime(VISIT_DELAY_MS - 1));
    expect(logger.log).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(logger.log).toHaveBeenCalledTimes(1);
    expect(logger.log).toHaveBeenCalledWith('visit', '/scripts');
  });

  it('waits exactly 1000 ms', () => {
    expect(VISIT_DELAY_MS).toBe(1000);
  });

  it('logs again one second after each route change', () => {
    const logger = fakeLogger();
    const { go } = setup(logger);
    act(() => jest.advanceTimersByTime(1000));
    go('/history');
    act(() => jest.advanceTimersByTime(999));
    expect(logger.log).toHaveBeenCalledTimes(1);
    act(() => jest.advanceTimersByTime(1));
    expect(logger.log.mock.calls).toEqual([
      ['visit', '/scripts'],
      ['visit', '/history'],
    ]);
  });

  it('cancels the visit of a route left within the second', () => {
    const logger = fakeLogger();
    const { go } = setup(logger, '/');
    act(() => jest.advanceTimersByTime(500));
    go('/scripts');
    act(() => jest.advanceTimersByTime(999));
    go('/friends');
    act(() => jest.advanceTimersByTime(5000));
    expect(logger.log.mock.calls).toEqual([['visit', '/friends']]);
  });

  it('does not log twice when only the search or hash changes', () => {
    const logger = fakeLogger();
    const { go } = setup(logger);
    act(() => jest.advanceTimersByTime(1000));
    go('/scripts?page=2#top');
    act(() => jest.advanceTimersByTime(5000));
    expect(logger.log).toHaveBeenCalledTimes(1);
  });

  it('logs nothing after unmount', () => {
    const logger = fakeLogger();
    const { view } = setup(logger);
    view.unmount();
    act(() => jest.advanceTimersByTime(5000));
    expect(logger.log).not.toHaveBeenCalled();
  });

  it('does nothing without a logger', () => {
    setup(null);
    expect(() => act(() => jest.advanceTimersByTime(5000))).not.toThrow();
  });
});
