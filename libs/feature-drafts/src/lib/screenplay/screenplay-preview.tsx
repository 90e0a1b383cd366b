import { memo, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { LAYOUT, LINES_PER_PAGE, layoutScreenplay, parseFountain, type LayoutLine, type ScreenplayPage } from '@vox/fountain';
import { whenIdle } from '../when-idle';
import './screenplay.css';

/**
 * The screenplay as it prints: pages of Courier from libs/fountain's layout, the same line and
 * page breaks as the PDF (title page, then numbered pages from page 2).
 */
export const ScreenplayPreview = memo(function ScreenplayPreview({
  text,
  fallbackTitle = '',
  window,
}: {
  text: string;
  fallbackTitle?: string;
  /**
   * Only pages first..last (1-based) get their lines; the others are empty pages of the same
   * size, so a 120-page draft keeps a few hundred elements in the page instead of thousands.
   */
  window?: { first: number; last: number };
}) {
  // Rendered at low priority: React yields to typing and the editor while a long script is laid out.
  const shown = useDeferredValue(text, '');
  const script = useMemo(() => parseFountain(shown), [shown]);
  const title = script.title || fallbackTitle;
  // Only the pages up to the window's last are laid out at once (opening a long draft or typing
  // does not wait for page 120); the whole layout follows when the browser is idle. Until it
  // does, the pages after those keep the last whole layout's count (they are empty boxes outside
  // the window anyway), so the preview's height does not jump.
  const [laidOut, setLaidOut] = useState<{ script: typeof script; pages: ScreenplayPage[] } | null>(null);
  useEffect(() => whenIdle(() => setLaidOut({ script, pages: layoutScreenplay(script) }), 500), [script]);
  const lastShown = window?.last ?? Infinity;
  const current = laidOut?.script === script ? laidOut.pages : null;
  const firstPages = useMemo(() => (current ? null : layoutScreenplay(script, LINES_PER_PAGE, lastShown + 1)), [current, script, lastShown]);
  const pages =
    current ?? (firstPages && firstPages.length > lastShown ? [...firstPages, ...(laidOut?.pages.slice(firstPages.length) ?? [])] : (firstPages as ScreenplayPage[]));
  const genre = script.genre;
  const empty = pages.length === 1 && pages[0].lines.length === 0;

  return (
    <div className="vox-screenplay" aria-label="Screenplay preview" role="region">
      {title && (
        <section className="vox-screenplay__page vox-screenplay__page--title" aria-label="Title page">
          <p className="vox-screenplay__title">{title.toUpperCase()}</p>
          {genre && <p className="vox-screenplay__genre">{genre}</p>}
        </section>
      )}
      {empty ? (
        <section className="vox-screenplay__page vox-screenplay__page--empty" aria-label="Page 1">
          <p className="vox-screenplay__hint">Your pages appear here as you write.</p>
        </section>
      ) : (
        pages.map((page) =>
          window && (page.number < window.first || page.number > window.last) ? (
            <section key={page.number} className="vox-screenplay__page vox-screenplay__page--skipped" aria-label={`Page ${page.number}`} data-page={page.number} />
          ) : (
            <Page key={page.number} page={page} />
          ),
        )
      )}
    </div>
  );
});

const sameLines = (a: ScreenplayPage, b: ScreenplayPage) =>
  a.number === b.number && a.lines.length === b.lines.length && a.lines.every((line, i) => line?.kind === b.lines[i]?.kind && line?.text === b.lines[i]?.text);

/** One page; a page whose lines did not change is not rendered again (typing changes one or two). */
const Page = memo(
  function Page({ page }: { page: ScreenplayPage }) {
    return (
      <section className="vox-screenplay__page" aria-label={`Page ${page.number}`} data-page={page.number}>
        {page.number > 1 && <span className="vox-screenplay__number">{page.number}.</span>}
        {page.lines.map((line, i) => (line ? <Line key={i} line={line} /> : <br key={i} />))}
      </section>
    );
  },
  (before, after) => sameLines(before.page, after.page),
);

function Line({ line }: { line: LayoutLine }) {
  const style = line.kind === 'transition' ? undefined : { paddingLeft: `${LAYOUT[line.kind].indent}ch` };
  return (
    <div className={`vox-screenplay__line vox-screenplay__line--${line.kind}`} style={style}>
      {line.text || '\u00a0'}
    </div>
  );
}
