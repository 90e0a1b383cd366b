import { useEffect, useId, useState } from 'react';
import { Alert, Button } from '@vox/ui';
import { Modal } from '@vox/ui/forms';
import type { RecorderDevices } from './recorder';
import './mic-check.css';

interface Props {
  /** The browser's devices (not the chosen-microphone wrapper). */
  devices: RecorderDevices | null;
  deviceId: string | null;
  onChoose(deviceId: string | null): void;
  onClose(): void;
}

/**
 * The input-level check and microphone picker: lists the audio inputs, shows the chosen one's
 * level live, and keeps the choice for the recorder.
 */
export function MicCheck({ devices, deviceId, onChoose, onClose }: Props) {
  const selectId = useId();
  const [inputs, setInputs] = useState<MediaDeviceInfo[]>([]);
  const [chosen, setChosen] = useState<string>(deviceId ?? '');
  const [level, setLevel] = useState(0);
  const [peakHeld, setPeakHeld] = useState(0);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!devices) return undefined;
    let stopped = false;
    let frame = 0;
    let stream: MediaStream | null = null;
    let meter: { level(): number; close(): void } | null = null;
    (async () => {
      try {
        stream = await devices.getUserMedia({ audio: chosen ? { deviceId: { exact: chosen } } : true });
        if (stopped) return;
        setError(null);
        // Labels are only given once the page may use the microphone.
        const all = (await navigator.mediaDevices?.enumerateDevices?.()) ?? [];
        if (!stopped) setInputs(all.filter((d) => d.kind === 'audioinput'));
        meter = devices.createLevelMeter?.(stream) ?? null;
        const poll = () => {
          if (stopped || !meter) return;
          const value = meter.level();
          setLevel(value);
          setPeakHeld((held) => Math.max(value, held * 0.97));
          frame = requestAnimationFrame(poll);
        };
        poll();
      } catch {
        if (!stopped) setError('This microphone cannot be used. Allow the microphone for this site, or choose another one.');
      }
    })();
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      meter?.close();
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [devices, chosen]);

  const percent = Math.round(Math.min(1, level) * 100);
  const verdict = peakHeld > 0.95 ? 'Too loud: move back or turn the input down.' : peakHeld < 0.05 ? 'Say a line: the bar should move.' : 'Good level.';
  return (
    <Modal title="Check your microphone" description="Speak as you will when you record; the bar shows how loud you come through." onClose={onClose} size="md">
      {!devices ? (
        <Alert>This browser cannot record.</Alert>
      ) : (
        <div className="vox-mic-check">
          <label htmlFor={selectId} className="vox-mic-check__label">
            Microphone
          </label>
          <select id={selectId} className="vox-mic-check__select" value={chosen} onChange={(e) => setChosen(e.target.value)}>
            <option value="">The browser’s default microphone</option>
            {inputs
              .filter((d) => d.deviceId && d.deviceId !== 'default')
              .map((d, i) => (
                <option key={d.deviceId} value={d.deviceId}>
                  {d.label || `Microphone ${i + 1}`}
                </option>
              ))}
          </select>
          <div className="vox-mic-check__meter" role="meter" aria-label="Input level" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} data-testid="mic-level">
            <span className="vox-mic-check__fill" style={{ width: `${percent}%` }} />
          </div>
          <p className="vox-mic-check__verdict" aria-live="polite">
            {verdict}
          </p>
          {error && <Alert>{error}</Alert>}
          <div className="vox-mic-check__actions">
            <Button
              variant="primary"
              onClick={() => {
                onChoose(chosen || null);
                onClose();
              }}
            >
              Use this microphone
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
