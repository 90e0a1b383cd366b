import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CASTING_MESSAGES, type CastingCall } from '@vox/contract/casting';
import type { Script } from '@vox/contract';
import { Alert, Page, Spinner, buttonClassName } from '@vox/ui';
import { href } from '@vox/variant';
import { useCastingCall, useCastingScript, useCreateCastingCall, useMyScripts, useUpdateCastingCall } from '../api/casting';
import { LimitsNote, useAtLimit } from '../shared/limits-note';
import { CallForm, callValues, newCallValues } from './call-form';
import '@vox/ui/page-kit';
import '../shared/casting.css';

/** /casting/new (post a call from one of my scripts) and /casting/calls/{callId}/edit (while it is open). */
export function CastingCallFormPage() {
  const { callId } = useParams();
  return callId ? <EditCall callId={callId} /> : <NewCall />;
}

function NewCall() {
  const scripts = useMyScripts();
  const [scriptId, setScriptId] = useState<string | null>(null);
  const script = useCastingScript(scriptId);
  const create = useCreateCastingCall();
  const atLimit = useAtLimit();
  const navigate = useNavigate();

  return (
    <Page width="narrow">
      <h1 className="vox-page-title">Post a casting call</h1>
      <p className="vox-page-lead">Choose one of your scripts and the roles you want voices for.</p>
      <div className="vox-stack">
        <LimitsNote />
        {scripts.isPending ? (
          <Spinner label="Loading your scripts" />
        ) : scripts.isError ? (
          <Alert variant="error">{scripts.error.message}</Alert>
        ) : scripts.data.items.length === 0 ? (
          <p className="vox-empty">
            You have no scripts yet. <Link to={href('scriptCreate')}>Write one</Link> to cast its roles.
          </p>
        ) : (
          <div className="vox-field">
            <label className="vox-field__label" htmlFor="vox-casting-script">
              Script
            </label>
            <select id="vox-casting-script" className="vox-field__input" value={scriptId ?? ''} onChange={(e) => setScriptId(e.target.value || null)}>
              <option value="">Choose a script</option>
              {scripts.data.items.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
            </select>
          </div>
        )}
        {scriptId &&
          (script.isPending ? (
            <Spinner label="Loading the script" />
          ) : script.isError ? (
            <Alert variant="error">{script.error.message}</Alert>
          ) : (
            <CallForm
              key={script.data.id}
              script={script.data}
              initial={newCallValues(script.data)}
              submitLabel="Post call"
              busy={create.isPending}
              error={create.error?.message ?? null}
              disabled={atLimit}
              onSubmit={(result) =>
                create.mutate({ scriptId: script.data.id, ...result }, { onSuccess: (call) => navigate(href('castingCall', { callId: call.id })) })
              }
            />
          ))}
      </div>
    </Page>
  );
}

function EditCall({ callId }: { callId: string }) {
  const call = useCastingCall({ callId });
  const script = useCastingScript(call.data?.mine ? call.data.script.id : null);
  return (
    <Page width="narrow">
      <h1 className="vox-page-title">Edit casting call</h1>
      {call.isPending || (call.data?.mine && script.isPending) ? (
        <Spinner label="Loading the casting call" />
      ) : call.isError ? (
        <Alert variant="error">{call.error.message}</Alert>
      ) : script.isError ? (
        <Alert variant="error">{script.error.message}</Alert>
      ) : (
        <EditForm call={call.data} script={script.data} />
      )}
    </Page>
  );
}

function EditForm({ call, script }: { call: CastingCall; script: Script | undefined }) {
  const update = useUpdateCastingCall(call.id);
  const navigate = useNavigate();
  const back = (
    <Link className={buttonClassName({ variant: 'secondary' })} to={href('castingCall', { callId: call.id })}>
      Back to the call
    </Link>
  );
  if (!call.mine || !script) {
    return (
      <div className="vox-stack">
        <Alert variant="error">{CASTING_MESSAGES.notYours}</Alert>
        <div className="vox-toolbar">{back}</div>
      </div>
    );
  }
  if (call.status !== 'open') {
    return (
      <div className="vox-stack">
        <Alert variant="info">{CASTING_MESSAGES.closed}</Alert>
        <div className="vox-toolbar">{back}</div>
      </div>
    );
  }
  return (
    <div className="vox-stack">
      <p>
        <strong>{call.script.title}</strong>
      </p>
      <CallForm
        script={script}
        initial={callValues(script, call)}
        submitLabel="Save changes"
        busy={update.isPending}
        error={update.error?.message ?? null}
        onSubmit={(result) => update.mutate(result, { onSuccess: () => navigate(href('castingCall', { callId: call.id })) })}
      />
    </div>
  );
}
