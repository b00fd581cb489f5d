import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { DOOR_CAMERA_READ_MS, DOOR_CAMERA_REPEAT_PAUSE_MS } from '../door.constants';
import { Button } from '../../../components/ui/button';

interface QrDetector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): QrDetector;
  getSupportedFormats?: () => Promise<string[]>;
}

/** The browser's own BarcodeDetector where it reads QR codes (Chrome on Android, macOS, ChromeOS); else the ZXing polyfill. */
async function makeDetector(): Promise<QrDetector> {
  const Native = (globalThis as unknown as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Native) {
    try {
      const formats = (await Native.getSupportedFormats?.()) ?? [];
      if (formats.includes('qr_code')) return new Native({ formats: ['qr_code'] });
    } catch {
      // Fall back to the polyfill.
    }
  }
  const { createQrDetector } = await import('../offline/qr-polyfill');
  return createQrDetector();
}

/**
 * The camera: reads QR codes from the back camera and hands each one over. A code held in front of the camera is
 * one scan: it counts again only after it has been out of sight for a moment.
 */
export function CameraScanner({ onCode, onClose }: { onCode: (value: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let stopped = false;
    let timer = 0;
    let stream: MediaStream | null = null;
    const lastSeen = new Map<string, number>();
    const start = async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch {
        if (!stopped) setProblem('No se pudo abrir la cámara (sin permiso o sin cámara). Escribe el código.');
        return;
      }
      const el = video.current;
      if (stopped || !el) return;
      el.srcObject = stream;
      await el.play().catch(() => undefined);
      let detector: QrDetector;
      try {
        detector = await makeDetector();
      } catch {
        if (!stopped) setProblem('Este navegador no puede leer códigos QR. Escribe el código.');
        return;
      }
      if (stopped) return;
      setReady(true);
      const tick = async () => {
        if (stopped) return;
        if (el.readyState >= 2) {
          try {
            const now = Date.now();
            for (const { rawValue } of await detector.detect(el)) {
              const last = lastSeen.get(rawValue);
              lastSeen.set(rawValue, now);
              if (!stopped && (last === undefined || now - last > DOOR_CAMERA_REPEAT_PAUSE_MS)) onCodeRef.current(rawValue);
            }
          } catch {
            // A frame that could not be read: the next one.
          }
        }
        timer = window.setTimeout(() => void tick(), DOOR_CAMERA_READ_MS);
      };
      void tick();
    };
    void start();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  return (
    <div className="door-camera" data-testid="door-camera">
      {problem ? (
        <Alert kind="warning" testId="door-camera-problem">
          {problem}
        </Alert>
      ) : (
        <>
          <video ref={video} className="door-camera__video" muted playsInline aria-label="Vista de la cámara" />
          {ready ? (
            <p className="door-camera__hint" data-testid="door-camera-ready">
              Apunta la cámara al código QR.
            </p>
          ) : (
            <Spinner label="Abriendo la cámara…" />
          )}
        </>
      )}
      <Button size="sm" onClick={onClose}>
        Cerrar cámara
      </Button>
    </div>
  );
}
