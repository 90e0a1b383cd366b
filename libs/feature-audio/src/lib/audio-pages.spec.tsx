import { screen } from '@testing-library/react';
import { AudioEditPage } from './audio-edit-page/audio-edit-page';
import { AudioLibraryPage } from './audio-library-page/audio-library-page';
import { AudioUploadPage } from './audio-upload-page/audio-upload-page';
import { FreesoundPage } from './freesound-page/freesound-page';
import { pageTitle, renderRoutes } from '@vox/testing';

const pages = { '/audio': <AudioLibraryPage />, '/audio/create/:type': <AudioUploadPage />, '/audio/edit/:audioId': <AudioEditPage />, '/freesound-poc': <FreesoundPage /> };

describe('audio pages', () => {
  it('lists the library by sound type', () => {
    renderRoutes(pages, { route: '/audio' });
    expect(pageTitle()).toHaveTextContent('Audio library');
    expect(screen.getByText(/background music, sound effects and voice/)).toBeInTheDocument();
  });

  it.each([
    ['bgm', 'Upload background music'],
    ['sfx', 'Upload a sound effect'],
    ['voice', 'Upload a voice recording'],
    ['other', 'Upload a sound'],
  ])('names the upload of type %s', (type, name) => {
    renderRoutes(pages, { route: `/audio/create/${type}` });
    expect(pageTitle()).toHaveTextContent(name);
  });

  it('edits a sound and searches for sounds', () => {
    const { unmount } = renderRoutes(pages, { route: '/audio/edit/a1' });
    expect(pageTitle()).toHaveTextContent('Edit sound');
    unmount();
    renderRoutes(pages, { route: '/freesound-poc' });
    expect(pageTitle()).toHaveTextContent('Find sounds');
  });
});
