export { AudioLibraryPage } from './lib/audio-library-page/audio-library-page';
export { AudioUploadPage } from './lib/audio-upload-page/audio-upload-page';
export { AudioEditPage } from './lib/audio-edit-page/audio-edit-page';
export { FreesoundPage } from './lib/freesound-page/freesound-page';
