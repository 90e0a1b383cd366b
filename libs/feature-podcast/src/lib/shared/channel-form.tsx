import { useState, type FormEvent } from 'react';
import { PODCAST_CATEGORIES } from '@vox/contract/podcast';
import { useUser } from '@vox/auth';
import type { Channel, ChannelInput } from '@vox/contract';
import { Alert, Button } from '@vox/ui';
import { TextField } from '@vox/ui/forms';

/** Create or edit a channel: title, author, description, category, language, explicit. */
export function ChannelForm({ channel, submitLabel, onSubmit, pending, error }: { channel?: Channel; submitLabel: string; onSubmit: (input: ChannelInput) => void; pending: boolean; error: string | null }) {
  const user = useUser();
  const [title, setTitle] = useState(channel?.title ?? '');
  // Podcast apps show the author with every episode: the member's name to start with.
  const [author, setAuthor] = useState(channel?.author ?? user?.name ?? '');
  const [description, setDescription] = useState(channel?.description ?? '');
  const [category, setCategory] = useState(channel?.category ?? 'Fiction');
  const [language, setLanguage] = useState(channel?.language ?? 'en');
  const [explicit, setExplicit] = useState(channel?.explicit ?? false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ title, author, description, category, language, explicit });
  };
  return (
    <form className="vox-pod-form" onSubmit={submit}>
      <TextField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={200} />
      <TextField
        label="Author"
        hint="Podcast apps show it with every episode"
        value={author}
        onChange={(e) => setAuthor(e.target.value)}
        required
        maxLength={120}
        autoComplete="name"
      />
      <div className="vox-field">
        <label className="vox-field__label" htmlFor="vox-pod-description">
          Description
        </label>
        <textarea id="vox-pod-description" className="vox-input vox-pod-textarea" value={description} onChange={(e) => setDescription(e.target.value)} rows={3} maxLength={4000} />
      </div>
      <div className="vox-pod-form-row">
        <div className="vox-field">
          <label className="vox-field__label" htmlFor="vox-pod-category">
            Category
          </label>
          <select id="vox-pod-category" className="vox-input vox-pod-input" value={category} onChange={(e) => setCategory(e.target.value)}>
            {PODCAST_CATEGORIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </div>
        <TextField label="Language" hint="A code such as en or de" value={language} onChange={(e) => setLanguage(e.target.value)} maxLength={20} />
      </div>
      <label className="vox-pod-check">
        <input type="checkbox" checked={explicit} onChange={(e) => setExplicit(e.target.checked)} /> Explicit content
      </label>
      {error && <Alert>{error}</Alert>}
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving…' : submitLabel}
      </Button>
    </form>
  );
}
