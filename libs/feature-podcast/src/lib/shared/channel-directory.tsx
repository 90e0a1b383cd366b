import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Spinner } from '@vox/ui';
import { useChannels } from '../api/podcast';
import { ChannelCard } from './channel-card';

/** Every channel, with a search box and category filters kept in the address (?q=, ?category=). */
export function ChannelDirectory({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const category = params.get('category') ?? '';
  const [text, setText] = useState(q);
  const channels = useChannels(q, category);
  const Heading = `h${headingLevel}` as const;
  const set = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  const categories = channels.data?.categories ?? [];

  return (
    <section className="vox-pod-section" aria-labelledby="vox-pod-directory">
      <Heading id="vox-pod-directory" className="vox-pod-section-title">
        Browse channels
      </Heading>
      <form
        className="vox-pod-search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          set({ q: text.trim() });
        }}
      >
        <input className="vox-input vox-pod-input" type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Search channels" aria-label="Search channels" />
        <button type="submit" className="vox-pod-chip vox-pod-chip--strong">
          Search
        </button>
      </form>
      {categories.length > 0 && (
        <nav className="vox-pod-categories" aria-label="Categories">
          <button type="button" className="vox-pod-chip" aria-pressed={!category} onClick={() => set({ category: '' })}>
            All
          </button>
          {categories.map((c) => (
            <button key={c} type="button" className="vox-pod-chip" aria-pressed={category === c} onClick={() => set({ category: c })}>
              {c}
            </button>
          ))}
        </nav>
      )}
      {channels.isPending ? (
        <Spinner label="Loading channels" />
      ) : channels.isError ? (
        <Alert>{channels.error.message}</Alert>
      ) : channels.data.channels.length === 0 ? (
        <p className="vox-pod-empty">{q || category ? 'No channel matches. Try another word or category.' : 'No channels yet. Log in and create the first one.'}</p>
      ) : (
        <ul className="vox-pod-grid" aria-label="Channels">
          {channels.data.channels.map((channel) => (
            <ChannelCard key={channel.id} channel={channel} />
          ))}
        </ul>
      )}
    </section>
  );
}
