import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AudioEditPage } from './audio-edit-page/audio-edit-page';
import { AudioLibraryPage } from './audio-library-page/audio-library-page';
import { AudioUploadPage } from './audio-upload-page/audio-upload-page';
import { FreesoundPage } from './freesound-page/freesound-page';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/audio" element={<AudioLibraryPage />} />
        <Route path="/audio/create/:type" element={<AudioUploadPage />} />
        <Route path="/audio/edit/:audioId" element={<AudioEditPage />} />
        <Route path="/freesound-poc" element={<FreesoundPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const title = () => screen.getByRole('heading', { level: 1 });

describe('audio pages', () => {
  it('lists the library by sound type', () => {
    renderAt('/audio');
    expect(title()).toHaveTextContent('Audio library');
    expect(screen.getByText(/background music, sound effects and voice/)).toBeInTheDocument();
  });

  it.each([
    ['bgm', 'Upload background music'],
    ['sfx', 'Upload a sound effect'],
    ['voice', 'Upload a voice recording'],
    ['other', 'Upload a sound'],
  ])('names the upload of type %s', (type, name) => {
    renderAt(`/audio/create/${type}`);
    expect(title()).toHaveTextContent(name);
  });

  it('edits a sound and searches for sounds', () => {
    const { unmount } = renderAt('/audio/edit/a1');
    expect(title()).toHaveTextContent('Edit sound');
    unmount();
    renderAt('/freesound-poc');
    expect(title()).toHaveTextContent('Find sounds');
  });
});
