import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { AUDITION_LIMITS, type CastingAudition, type CastingCall, type CastingRoleCues } from '@vox/contract/casting';
import { displayName } from '@vox/contract';
import { Alert, Button, Page, Spinner } from '@vox/ui';
import { ConfirmDialog } from '@vox/ui/forms';
import { href } from '@vox/variant';
import { useCastRole, useCastingCall, useReviewAudition, useRoleAuditions, useRoleCues } from '../api/casting';
import { AuditionRecordings } from '../shared/audition-recordings';
import { formatDeadline } from '../shared/format';
import { useLinePlayer, type PlayableLine } from '../shared/use-line-player';
import { SceneWithCast, useScenePicks } from './scene-with-cast';
import '@vox/ui/page-kit';
import '../shared/casting.css';

/** /casting/calls/{callId}/roles/{roleId}/review: the owner hears a role's auditions, marks them, plays the scene and casts. */
export function ReviewPage() {
  const { callId = '', roleId = '' } = useParams();
  const call = useCastingCall({ callId });
  const auditions = useRoleAuditions(roleId);
  const cues = useRoleCues(roleId);
  if (call.isPending || auditions.isPending || cues.isPending) {
    return (
      <Page>
        <Spinner label="Loading the auditions" />
      </Page>
    );
  }
  const error = call.error ?? auditions.error ?? cues.error;
  if (error) {
    return (
      <Page width="narrow">
        <h1 className="vox-page-title">Auditions</h1>
        <Alert variant="error">{error.message}</Alert>
        <p>
          <Link to={href('castingMine')}>My casting calls</Link>
        </p>
      </Page>
    );
  }
  return <Review call={call.data!} cues={cues.data!} auditions={auditions.data!.items} />;
}

function Review({ call, cues, auditions }: { call: CastingCall; cues: CastingRoleCues; auditions: CastingAudition[] }) {
  const role = call.roles.find((r) => r.id === cues.roleId);
  const roles = [...new Set([cues.roleName, ...cues.sides.flatMap((s) => s.cues.map((c) => c.roleName))])];
  const player = useLinePlayer(roles, call.script.language);
  const picks = useScenePicks(call.id);
  const [casting, setCasting] = useState<CastingAudition | null>(null);

  const playInContext = (audition: CastingAudition) => {
    const takes = new Map(audition.takes.map((t) => [t.lineId, t.audioUrl]));
    const lines: PlayableLine[] = audition.wholeFile
      ? [{ key: `${audition.id}:whole`, roleName: cues.roleName, text: '', audioUrl: audition.wholeFile.audioUrl }]
      : cues.sides.flatMap((side) => [
          ...side.cues.map((c) => ({ key: c.lineId, roleName: c.roleName, text: c.text, audioUrl: c.audioUrl })),
          { key: `${audition.id}:${side.lineId}`, roleName: cues.roleName, text: side.text, audioUrl: takes.get(side.lineId) ?? null },
        ]);
    void player.play(lines);
  };

  return (
    <Page>
      <p>
        <Link to={href('castingCall', { callId: call.id })}>Back to the call</Link>
      </p>
      <h1 className="vox-page-title">Auditions for {cues.roleName}</h1>
      <p className="vox-page-lead">
        {call.script.title} · {call.status === 'open' ? `deadline ${formatDeadline(call.deadline)}` : 'closed'}
      </p>
      <audio ref={player.audioRef} hidden data-testid="review-audio" />
      <div className="vox-stack">
        {role?.castMember && (
          <p className="vox-chip vox-casting-tag" role="status">
            Cast: {displayName(role.castMember)}
          </p>
        )}
        {player.playing !== null && (
          <div className="vox-toolbar">
            <span aria-live="polite">Playing…</span>
            <Button variant="secondary" size="sm" onClick={player.stop}>
              Stop
            </Button>
          </div>
        )}
        {auditions.length === 0 ? (
          <p className="vox-empty">No auditions for {cues.roleName} yet.</p>
        ) : (
          <ul className="vox-stack" aria-label={`Auditions for ${cues.roleName}`}>
            {auditions.map((audition) => (
              <AuditionCard
                key={audition.id}
                audition={audition}
                cues={cues}
                roleCast={!!role?.castMember}
                picked={picks.picks[cues.roleId] === audition.id}
                onPick={(on) => picks.pick(cues.roleId, on ? audition.id : null)}
                onPlay={() => playInContext(audition)}
                onCast={() => setCasting(audition)}
              />
            ))}
          </ul>
        )}
        <SceneWithCast call={call} picks={picks.picks} player={player} />
      </div>
      {casting && <CastDialog audition={casting} roleId={cues.roleId} roleName={cues.roleName} onClose={() => setCasting(null)} />}
    </Page>
  );
}

interface CardProps {
  audition: CastingAudition;
  cues: CastingRoleCues;
  roleCast: boolean;
  picked: boolean;
  onPick(on: boolean): void;
  onPlay(): void;
  onCast(): void;
}

function AuditionCard({ audition, cues, roleCast, picked, onPick, onPlay, onCast }: CardProps) {
  const review = useReviewAudition(cues.roleId);
  const name = displayName(audition.auditioner);
  const marks = audition.review ?? { note: '', shortlisted: false, rating: null };
  const [note, setNote] = useState(marks.note);
  const [noteSaved, setNoteSaved] = useState(false);
  const noteId = `vox-audition-note-${audition.id}`;
  const save = (change: Parameters<typeof review.mutate>[0]['review']) => review.mutate({ auditionId: audition.id, review: change });

  return (
    <li className="vox-card vox-stack vox-stack--tight vox-casting-role" aria-label={`Audition by ${name}`}>
      <h2>
        {name}
        {marks.shortlisted && <span className="vox-chip vox-casting-tag"> ★ Shortlisted</span>}
        {audition.cast && <span className="vox-chip vox-casting-tag"> Cast</span>}
      </h2>
      {audition.sentAt && <p>Sent {formatDeadline(audition.sentAt)}</p>}
      <AuditionRecordings audition={audition} sides={cues.sides} />
      <div className="vox-toolbar vox-toolbar--center">
        <Button variant="secondary" size="sm" onClick={onPlay}>
          Play in context
        </Button>
        <Button variant="secondary" size="sm" aria-pressed={marks.shortlisted} onClick={() => save({ shortlisted: !marks.shortlisted })}>
          {marks.shortlisted ? '★ Starred' : '☆ Star'}
        </Button>
        <label className="vox-check">
          <span>Rating</span>
          <select value={marks.rating ?? ''} onChange={(e) => save({ rating: e.target.value ? Number(e.target.value) : null })} aria-label={`Rating for ${name}`}>
            <option value="">None</option>
            {[1, 2, 3, 4, 5].map((n) => (
              <option key={n} value={n}>
                {'★'.repeat(n)} ({n})
              </option>
            ))}
          </select>
        </label>
        <label className="vox-check">
          <input type="checkbox" checked={picked} onChange={(e) => onPick(e.target.checked)} /> In the scene
        </label>
      </div>
      <div className="vox-field">
        <label className="vox-field__label" htmlFor={noteId}>
          Private note
        </label>
        <textarea
          id={noteId}
          className="vox-textarea"
          rows={2}
          maxLength={AUDITION_LIMITS.note}
          value={note}
          onChange={(e) => {
            setNote(e.target.value);
            setNoteSaved(false);
          }}
        />
      </div>
      <div className="vox-toolbar vox-toolbar--center">
        <Button variant="secondary" size="sm" disabled={note === marks.note} onClick={() => review.mutate({ auditionId: audition.id, review: { note } }, { onSuccess: () => setNoteSaved(true) })}>
          Save note
        </Button>
        {noteSaved && <span role="status">Note saved</span>}
        {!roleCast && (
          <Button size="sm" onClick={onCast}>
            Cast {name}
          </Button>
        )}
      </div>
      {review.isError && <Alert variant="error">{review.error.message}</Alert>}
    </li>
  );
}

function CastDialog({ audition, roleId, roleName, onClose }: { audition: CastingAudition; roleId: string; roleName: string; onClose(): void }) {
  const cast = useCastRole(roleId);
  const [notifyOthers, setNotifyOthers] = useState(true);
  const name = displayName(audition.auditioner);
  return (
    <ConfirmDialog
      title={`Cast ${name} as ${roleName}?`}
      confirmLabel={`Cast ${name}`}
      busy={cast.isPending}
      error={cast.error?.message ?? null}
      onConfirm={() => cast.mutate({ auditionId: audition.id, notifyOthers }, { onSuccess: onClose })}
      onClose={onClose}
    >
      <p>
        {name} gets a message and a table read of the script with {roleName} claimed for them.
      </p>
      <label className="vox-check">
        <input type="checkbox" checked={notifyOthers} onChange={(e) => setNotifyOthers(e.target.checked)} /> Tell the other auditioners the role was cast
      </label>
    </ConfirmDialog>
  );
}
