// @vox/recording: recording a take in the browser and speaking lines without a take. The table-read
// reader and the casting auditions use the same recorder, microphone check, count-in and take
// check, and the same speech fallback (libs/recording/README.md).
export { browserDevices, type ActiveRecording, type RecorderDevices, type RecorderLike, type Recording } from './lib/recorder';
export { useTakeRecorder, type RecorderState } from './lib/use-take-recorder';
export { AIDS_TEXTS, analyzeTake, takeWarning, useCountIn, useMicrophone } from './lib/recording-aids';
export { MicCheck } from './lib/mic-check';
export { browserSpeechOutput, elementAudioOutput, type AudioOutput, type SpeechOutput } from './lib/outputs';
export { assignVoices } from './lib/voices';
export { newClientId } from './lib/client-id';
export type { PendingTake, PendingView, TakeKind, TakeStore, TakeTarget } from './lib/take-outbox/pending-take';
export { createTakeQueue, type TakeQueue, type TakeUploader } from './lib/take-outbox/take-queue';
export { pendingTakeLabel, setTakeQueue, TAB_ONLY_TEXT, usePendingTakes, useTakeQueue, waitingTakesText } from './lib/take-outbox/use-take-queue';
export { takeUploadForm } from './lib/take-outbox/take-form';
