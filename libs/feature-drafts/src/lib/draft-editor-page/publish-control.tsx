import { useState } from 'react';
import { Link } from 'react-router';
import type { DraftPublication, DraftPublishedAs } from '@vox/contract';
import { Alert, Button } from '@vox/ui';
import { href } from '@vox/variant';
import { publishDraft } from '../api/drafts';

/**
 * Publish: the draft becomes a script, or updates the script it made before.
 * What is unsaved is saved first, so exactly the text on screen is published; the result says
 * what became of the lines and that every take was kept.
 */
interface PublishControlProps {
  draftId: string;
  publishedAs: DraftPublishedAs | null;
  /** Saves what is left; answers the revision to publish, or null when it could not be saved. */
  prepare(): Promise<number | null>;
  /** Shows the result (or the problem) where the editor shows notices. */
  onNotice(notice: React.ReactNode): void;
}

const PUBLISH_TEXTS = {
  publish: 'Publish',
  update: 'Update script',
  unsaved: 'Publishing needs your latest changes on the server. They are kept in this browser and saved when the network is back; publish again then.',
} as const;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "4 lines unchanged, 1 changed, 1 new, 1 removed." */
export function linesSummary(lines: DraftPublication['lines']): string {
  const parts = [`${plural(lines.unchanged, 'line')} unchanged`];
  if (lines.changed) parts.push(`${lines.changed} changed`);
  if (lines.added) parts.push(`${lines.added} new`);
  if (lines.removed) parts.push(`${lines.removed} removed`);
  return `${parts.join(', ')}.`;
}

/** "All 3 takes are kept: 1 recorded on earlier text, 1 of a removed line." (nothing when there are none) */
export function takesSummary(takes: DraftPublication['takes']): string {
  if (takes.total === 0) return '';
  const notes = [];
  if (takes.onEarlierText) notes.push(`${takes.onEarlierText} recorded on earlier text`);
  if (takes.onRemovedLines) notes.push(`${takes.onRemovedLines} of ${takes.onRemovedLines === 1 ? 'a removed line' : 'removed lines'}`);
  const all = takes.total === 1 ? 'The take is kept' : `All ${takes.total} takes are kept`;
  return `${all}${notes.length ? `: ${notes.join(', ')}` : ''}.`;
}

export function PublishControl({ draftId, publishedAs, prepare, onNotice }: PublishControlProps) {
  const [current, setCurrent] = useState(publishedAs);
  const [busy, setBusy] = useState(false);

  const publish = async () => {
    setBusy(true);
    onNotice(null);
    try {
      const revision = await prepare();
      if (revision === null) {
        onNotice(<Alert>{PUBLISH_TEXTS.unsaved}</Alert>);
        return;
      }
      const result = await publishDraft(draftId, revision);
      setCurrent(result.publishedAs);
      const link = <Link to={href('script', { scriptId: result.publishedAs.scriptId })}>{result.publishedAs.scriptTitle}</Link>;
      onNotice(
        <Alert variant="success">
          {result.created ? <>Published as a new script: {link}. </> : <>Script updated: {link}. </>}
          {result.created ? `${plural(result.lines.total, 'line')}.` : linesSummary(result.lines)} {takesSummary(result.takes)}
        </Alert>,
      );
    } catch (error) {
      onNotice(<Alert>{(error as Error).message}</Alert>);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {current && (
        <Link className="vox-draft-editor__script-link" to={href('script', { scriptId: current.scriptId })}>
          Open script
        </Link>
      )}
      <Button variant="primary" size="sm" busy={busy} disabled={busy} onClick={() => void publish()}>
        {current ? PUBLISH_TEXTS.update : PUBLISH_TEXTS.publish}
      </Button>
    </>
  );
}
