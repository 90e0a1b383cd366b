import { useState, type FormEvent } from 'react';
import type { CastingBoardQuery } from '@vox/contract/casting';
import { CASTING_LIMITS } from '@vox/contract/casting';
import { Button } from '@vox/ui';
import { TextField } from '@vox/ui/forms';

/** The board's filters as the address holds them (`?q=&voice=&paid=&language=&soon=1&page=`). */
export function boardQueryOf(search: URLSearchParams): CastingBoardQuery {
  const query: CastingBoardQuery = {};
  const text = (name: string) => search.get(name)?.trim() || undefined;
  const q = text('q');
  const voice = text('voice');
  const language = text('language');
  if (q) query.q = q;
  if (voice) query.voice = voice;
  if (language) query.language = language;
  const paid = search.get('paid');
  if (paid === 'yes') query.paid = true;
  if (paid === 'no') query.paid = false;
  if (search.get('soon') === '1') query.closingSoon = true;
  const page = Number(search.get('page'));
  if (Number.isInteger(page) && page > 1) query.page = page;
  return query;
}

/** The address of a board query (page 1 and empty filters left out). */
export function boardSearchOf(query: CastingBoardQuery): string {
  const search = new URLSearchParams();
  if (query.q) search.set('q', query.q);
  if (query.voice) search.set('voice', query.voice);
  if (query.paid !== undefined) search.set('paid', query.paid ? 'yes' : 'no');
  if (query.language) search.set('language', query.language);
  if (query.closingSoon) search.set('soon', '1');
  if (query.page && query.page > 1) search.set('page', String(query.page));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Search and filters; applying them starts again at page 1. */
export function BoardFilters({ query, onApply }: { query: CastingBoardQuery; onApply: (query: CastingBoardQuery) => void }) {
  const [q, setQ] = useState(query.q ?? '');
  const [voice, setVoice] = useState(query.voice ?? '');
  const [language, setLanguage] = useState(query.language ?? '');
  const [paid, setPaid] = useState(query.paid === undefined ? '' : query.paid ? 'yes' : 'no');
  const [soon, setSoon] = useState(!!query.closingSoon);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: CastingBoardQuery = {};
    if (q.trim()) next.q = q.trim();
    if (voice.trim()) next.voice = voice.trim();
    if (language.trim()) next.language = language.trim();
    if (paid) next.paid = paid === 'yes';
    if (soon) next.closingSoon = true;
    onApply(next);
  };

  return (
    <form role="search" aria-label="Casting calls" className="vox-card vox-stack vox-stack--tight vox-casting-filters" onSubmit={submit}>
      <TextField label="Search calls" type="search" value={q} onChange={(e) => setQ(e.target.value)} maxLength={CASTING_LIMITS.searchQuery} hint="Script title, synopsis, roles and their descriptions" />
      <div className="vox-field-row">
        <TextField label="Voice notes" value={voice} onChange={(e) => setVoice(e.target.value)} maxLength={CASTING_LIMITS.voiceNotes} hint="e.g. Scottish, older, gravelly" />
        <TextField label="Language" value={language} onChange={(e) => setLanguage(e.target.value)} maxLength={CASTING_LIMITS.language} hint="e.g. en" />
        <div className="vox-field">
          <label className="vox-field__label" htmlFor="vox-casting-paid">
            Pay
          </label>
          <select id="vox-casting-paid" className="vox-field__input" value={paid} onChange={(e) => setPaid(e.target.value)}>
            <option value="">Paid or unpaid</option>
            <option value="yes">Paid only</option>
            <option value="no">Unpaid only</option>
          </select>
        </div>
      </div>
      <div className="vox-toolbar vox-toolbar--center">
        <label className="vox-casting-filters__check">
          <input type="checkbox" checked={soon} onChange={(e) => setSoon(e.target.checked)} /> Closing soon (within {CASTING_LIMITS.closingSoonDays} days)
        </label>
        <Button type="submit">Search</Button>
      </div>
    </form>
  );
}
