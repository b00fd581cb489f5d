import type { Outcome } from './stores/door-store';

/** How an answer looks and sounds: never by colour alone — each tone has its icon and its words. */
export type Tone = 'ok' | 'out' | 'warn' | 'stop';

export interface ResultLook {
  /** The large words at the door. */
  title: string;
  tone: Tone;
}

export const RESULT_LOOK: Record<Outcome, ResultLook> = {
  admitted: { title: 'Adelante: admitido', tone: 'ok' },
  exited: { title: 'Salida registrada', tone: 'out' },
  already_inside: { title: 'Ya está dentro', tone: 'warn' },
  not_inside: { title: 'No está dentro', tone: 'warn' },
  full: { title: 'Recinto lleno', tone: 'stop' },
  conflict: { title: 'Conflicto', tone: 'stop' },
  cancelled: { title: 'Registro cancelado', tone: 'stop' },
  unknown: { title: 'No registrado para este evento', tone: 'stop' },
  invalid: { title: 'Código no válido', tone: 'stop' },
  error: { title: 'No se pudo registrar', tone: 'stop' },
  no_list: { title: 'Sin lista para verificar', tone: 'stop' },
};

let audio: AudioContext | null = null;

/** The audio context starts on a gesture (browsers keep sound off until the person interacts with the page). */
export function unlockSound(): void {
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
  } catch {
    audio = null;
  }
}

const PATTERNS: Record<Tone, { beeps: Array<[number, number]>; vibrate: number[] }> = {
  // [frequency Hz, duration ms] one after another.
  ok: { beeps: [[880, 140]], vibrate: [80] },
  out: { beeps: [[660, 120]], vibrate: [60] },
  warn: {
    beeps: [
      [440, 160],
      [440, 160],
    ],
    vibrate: [120, 80, 120],
  },
  stop: { beeps: [[220, 420]], vibrate: [300, 100, 300] },
};

/** A beep and a vibration for the answer, where the device has them. */
export function announceByFeel(tone: Tone): void {
  const { beeps, vibrate } = PATTERNS[tone];
  try {
    navigator.vibrate?.(vibrate);
  } catch {
    // No vibration here.
  }
  if (!audio || audio.state !== 'running') return;
  let at = audio.currentTime;
  for (const [frequency, ms] of beeps) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = 'sine';
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.25, at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + ms / 1000);
    osc.connect(gain).connect(audio.destination);
    osc.start(at);
    osc.stop(at + ms / 1000 + 0.02);
    at += ms / 1000 + 0.06;
  }
}
