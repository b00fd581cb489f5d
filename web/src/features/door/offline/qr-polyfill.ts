/**
 * The QR reader for browsers without a native BarcodeDetector (Firefox, Safari before 17, Chrome on Linux and
 * Windows): the `barcode-detector` ponyfill (ZXing compiled to WebAssembly). Its .wasm comes from this app's own
 * build (Vite copies it into /assets, the service worker keeps it for offline use), never from a CDN: the CSP
 * allows only 'self' (plus 'wasm-unsafe-eval' to compile it). Loaded only when the camera opens.
 */
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  },
});

export function createQrDetector(): { detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>> } {
  return new BarcodeDetector({ formats: ['qr_code'] });
}
